import { z } from "zod";

// What clients hand to the chat engine: answers to permission cards and context attachments. The
// engine (chat/permissions.ts, chat/attachments.ts) uses these types as they are.

/** A user's answer to a permission card. */
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

/** Context attached to a prompt. */
export const ContextAttachment = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), label: z.string(), text: z.string() }),
  z.object({ kind: z.literal("image"), label: z.string(), mediaType: ImageMediaType, base64: z.string() }),
]);
export type ContextAttachment = z.infer<typeof ContextAttachment>;
