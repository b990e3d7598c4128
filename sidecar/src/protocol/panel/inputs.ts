import { z } from "zod";
import type { ContextAttachment as EngineAttachment } from "../../chat/attachments.js";
import type { PermissionAnswer as EnginePermissionAnswer } from "../../chat/permissions.js";

// What clients hand to the chat engine: answers to permission cards and context attachments.
// The engine declares these as TS types; the schemas below mirror them, and the compile-time
// checks at the bottom fail the build the moment the two drift apart.

/** A user's answer to a permission card (mirrors chat/permissions.ts PermissionAnswer). */
export const PermissionAnswer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("allow"), updatedInput: z.record(z.string(), z.unknown()).optional() }),
  z.object({
    kind: z.literal("allow_always"),
    suggestions: z.array(z.number().int().nonnegative()).optional(),
    updatedInput: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ kind: z.literal("deny"), message: z.string() }),
  z.object({ kind: z.literal("deny_stop"), message: z.string().optional() }),
  z.object({ kind: z.literal("answer_questions"), answers: z.record(z.string(), z.string()) }),
]);
export type PermissionAnswer = z.infer<typeof PermissionAnswer>;

/** Media types an image attachment may have. */
export const ImageMediaType = z.enum(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** Context attached to a prompt (mirrors chat/attachments.ts ContextAttachment). */
export const ContextAttachment = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), label: z.string(), text: z.string() }),
  z.object({ kind: z.literal("image"), label: z.string(), mediaType: ImageMediaType, base64: z.string() }),
]);
export type ContextAttachment = z.infer<typeof ContextAttachment>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time proof that the schemas and the engine's types describe the same values. */
export const schemasMatchEngine: [Same<PermissionAnswer, EnginePermissionAnswer>, Same<ContextAttachment, EngineAttachment>] = [true, true];
