import { z } from "zod";
import { TOOL_NAME_PATTERN } from "../types.js";

// The shape of a definition file: one JSON object per file, one tool per file, in one of three
// kinds — probe (reflection reads in Unity), script (one C# file compiled in Unity), sequence (a
// chain of existing tools run by the sidecar). Objects are strict at every level a user writes
// (top level, inputs, reads, steps), so a typo is an error instead of a silently ignored key.

/** Groups a definition may name; any other is an error. A `definitions_` name prefix means diagnostics. */
export const KNOWN_GROUPS = ["scene", "gameobject", "component", "assets", "console", "compile", "tests", "editor", "diagnostics", "audio", "input", "render", "custom"] as const;

/** One declared input: becomes a property of the tool's JSON input schema. */
export const DefinitionInput = z.strictObject({
  type: z.enum(["string", "integer", "number", "boolean", "object", "array"]),
  description: z.string().optional(),
  required: z.boolean().optional(),
  default: z.unknown().optional(),
  enum: z
    .array(z.union([z.string(), z.number(), z.boolean()]))
    .min(1)
    .optional(),
});
export type DefinitionInput = z.infer<typeof DefinitionInput>;

const common = {
  name: z.string().regex(TOOL_NAME_PATTERN, "must be lowercase letters, digits and _, starting with a letter, at most 64 characters"),
  description: z.string().min(1, "must not be empty"),
  group: z.string().optional(),
  idempotency: z.enum(["safe", "unsafe"]).optional(),
  mainThread: z.boolean().optional(),
  destructive: z.boolean().optional(),
  undoGroup: z.string().min(1).optional(),
  alwaysLoad: z.boolean().optional(),
  maxResultSizeChars: z.number().int().min(0).optional(),
  inputs: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "input names are letters, digits and _"), DefinitionInput).optional(),
  examples: z.array(z.union([z.record(z.string(), z.unknown()), z.string()])).optional(),
};

/** A reflection read of a probe: `path` uses the reflect_read root syntax (@type:, @scene:, @id:, @selection, @sceneview:). */
export const ProbeRead = z.strictObject({ id: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "read ids are letters, digits and _"), path: z.string().min(1) });

/** One step of a sequence: a tool of the catalog with its arguments. */
export const SequenceStep = z.strictObject({
  id: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "step ids are letters, digits and _"),
  tool: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).optional(),
  continue_on_error: z.boolean().optional(),
});
export type SequenceStep = z.infer<typeof SequenceStep>;

/** A probe definition. */
export const ProbeDefinition = z.strictObject({ ...common, kind: z.literal("probe"), reads: z.array(ProbeRead).min(1), mode: z.enum(["all", "changes"]).optional() });
/** A script definition: `file` is absolute or relative to the definition file. */
export const ScriptDefinition = z.strictObject({ ...common, kind: z.literal("script"), file: z.string().min(1) });
/** A sequence definition. */
export const SequenceDefinition = z.strictObject({ ...common, kind: z.literal("sequence"), steps: z.array(SequenceStep).min(1) });

/** Any definition, told apart by `kind`. */
export const Definition = z.discriminatedUnion("kind", [ProbeDefinition, ScriptDefinition, SequenceDefinition]);
export type Definition = z.infer<typeof Definition>;
export type ProbeDefinition = z.infer<typeof ProbeDefinition>;
export type ScriptDefinition = z.infer<typeof ScriptDefinition>;
export type SequenceDefinition = z.infer<typeof SequenceDefinition>;
