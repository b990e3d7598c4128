import { z } from "zod";

// The tool catalog's data as every layer sees it: entries, annotations, results. The providers'
// behaviour (ToolProvider and its call context) is in tools/types.ts.

/** The name claude knows the sidecar's MCP server by (its tools are `mcp__agent-panel__<tool>`). */
export const MCP_SERVER_NAME = "agent-panel";

/** Tool names every client accepts (MCP clients and claude's `mcp__server__tool` naming). */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Where a tool comes from; the registry orders providers and reports them in diagnostics. */
export const ToolProviderKind = z.enum(["unity", "definition", "native"]);
export type ToolProviderKind = z.infer<typeof ToolProviderKind>;

/** "safe" = running it twice is harmless (retried after a domain reload); "unsafe" never runs twice. */
export const ToolIdempotency = z.enum(["safe", "unsafe"]);
export type ToolIdempotency = z.infer<typeof ToolIdempotency>;

/** A JSON Schema object (an object schema at its top level, as MCP requires for inputs). */
export const JsonSchemaObject = z.object({ type: z.literal("object") }).catchall(z.unknown());
export type JsonSchemaObject = z.infer<typeof JsonSchemaObject>;

/** One worked example shown to models and in `agent-panel tools`. */
export const ToolExample = z.object({
  description: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()),
});
export type ToolExample = z.infer<typeof ToolExample>;

/** How a tool behaves: what the invoker, the cards and the reload journal need to know. */
export const ToolAnnotations = z.object({
  title: z.string().optional(),
  idempotency: ToolIdempotency.default("unsafe"),
  /** Must run on Unity's main thread (queued behind EditorApplication.update). */
  mainThread: z.boolean().default(false),
  /** Changes or deletes user data: gets `confirm`/`dry_run`, nothing runs without `confirm: true`. */
  destructive: z.boolean().default(false),
  /**
   * Only reads: changes no file, asset, scene or setting, so the panel may run it without a card.
   * Absent means "writes" for every provider but Unity (whose [AgentTool] has no such flag: there a
   * Safe, non-destructive tool counts as reading, as docs/unity-tools.md tells tool authors).
   */
  readOnly: z.boolean().optional(),
  /** Undo group name the Unity side records the call under, when it has one. */
  undoGroup: z.string().optional(),
  examples: z.array(ToolExample).default([]),
  /** Loaded eagerly by claude (`alwaysLoad` in the generated --mcp-config). */
  alwaysLoad: z.boolean().default(false),
  /** A result longer than this (serialized characters) is an error giving both sizes. */
  maxResultSizeChars: z.number().int().positive().default(100_000),
  /** Free-form grouping for listings ("scene", "assets", "audio", …). */
  group: z.string().optional(),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotations>;
/** Annotations as a provider may write them (defaults not yet applied). */
export type ToolAnnotationsInput = z.input<typeof ToolAnnotations>;

/** One catalog entry: what `tools/list`, `GET /tools` and the cached catalog file hold. */
export const ToolEntry = z.object({
  name: z.string().regex(TOOL_NAME_PATTERN, "tool names are lowercase letters, digits and _, starting with a letter, at most 64 characters"),
  description: z.string(),
  inputSchema: JsonSchemaObject,
  outputSchema: JsonSchemaObject.optional(),
  annotations: ToolAnnotations.default(ToolAnnotations.parse({})),
  provider: ToolProviderKind,
});
export type ToolEntry = z.infer<typeof ToolEntry>;
/** A catalog entry as a provider may write it (annotation defaults not yet applied). */
export type ToolEntryInput = z.input<typeof ToolEntry>;

/** A piece of a result: text, or a base64 image (both panels show images as pictures). */
export const ToolContent = z.discriminatedUnion("type", [z.object({ type: z.literal("text"), text: z.string() }), z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() })]);
export type ToolContent = z.infer<typeof ToolContent>;

/** A typed failure; `code` is stable (invalid_params, not_found, tool_failed, …), `message` says what to do. */
export const ToolError = z.object({ code: z.string(), message: z.string() });
export type ToolError = z.infer<typeof ToolError>;

/** What every call answers, from every provider, through every transport. */
export const ToolResult = z.object({
  ok: z.boolean(),
  content: z.array(ToolContent),
  structured: z.record(z.string(), z.unknown()).optional(),
  error: ToolError.optional(),
});
export type ToolResult = z.infer<typeof ToolResult>;
