// The contract every tool provider (Unity over the panel WebSocket, JSON definitions, native
// TypeScript tools) and every transport (MCP, REST, CLI, the panel's chats) builds on. Data is zod
// (one schema source); behaviour is the ToolProvider interface the registry and invoker call.

import { z } from "zod";
import type { ArgumentProblem } from "./validate.js";

/** Tool names every client accepts (MCP clients and claude's `mcp__server__tool` naming). */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Where a tool comes from; the registry orders providers and reports them in diagnostics. */
export const ToolProviderKind = z.enum(["unity", "definition", "native"]);
export type ToolProviderKind = z.infer<typeof ToolProviderKind>;

/** "safe" = running it twice is harmless (retried after a domain reload); "unsafe" never runs twice. */
export const ToolIdempotency = z.enum(["safe", "unsafe"]);
export type ToolIdempotency = z.infer<typeof ToolIdempotency>;

/** A JSON Schema object (an object schema at its top level, as MCP requires for inputs). */
export const JsonSchemaObject = z
  .object({ type: z.literal("object") })
  .catchall(z.unknown());
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
export const ToolContent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() }),
]);
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

/** A progress report during a long call (forwarded as MCP progress notifications). */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Per-call context the invoker hands a provider. */
export interface ToolCallContext {
  /** Unique per call; the Unity provider's `tool.invoke`/`tool.cancel` callId. */
  callId: string;
  /** Aborted when the client cancels (MCP notifications/cancelled, job cancel) or the deadline passes. */
  signal: AbortSignal;
  /** Report progress; cheap, may be called often. */
  progress: (p: ToolProgress) => void;
  /** Epoch milliseconds after which the caller no longer waits. */
  deadline: number;
  /** The provider holds the call without handing it to the tool (why, e.g. Unity reloading), or undefined once it is handed over; a held job can still be cancelled. */
  waiting?: (reason: string | undefined) => void;
}

/** A change in a provider's catalog (the registry re-merges and notifies its listeners). */
export type CatalogListener = () => void;

/** A source of tools. The registry merges providers; the invoker validates before calling `invoke`. */
export interface ToolProvider {
  /** Stable id for diagnostics ("unity", "native", "definitions:<dir>"). */
  readonly id: string;
  readonly kind: ToolProviderKind;
  /** The provider's current entries (synchronous: providers keep their catalog in memory). */
  list(): readonly ToolEntry[];
  /** Called whenever `list()` would answer differently; returns an unsubscribe function. */
  subscribe(listener: CatalogListener): () => void;
  /** Runs a tool whose arguments the invoker has already validated (confirm/dry_run removed). */
  invoke(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult>;
  /** What a destructive tool would do, without doing it (shown instead of running without confirm). */
  dryRun?(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult>;
  /** Answer arguments that fail the input schema in the tool's own documented error shape (nothing
   * runs); without it, or when it returns undefined, the invoker answers `invalid_params`. */
  rejectArguments?(name: string, args: Record<string, unknown>, problems: ArgumentProblem[]): ToolResult | undefined;
  /** Rebuild the catalog from its source (`GET /tools?refresh=1`). */
  refresh?(): Promise<void>;
  /** Connection state for `/health` (the Unity provider: is the Editor there, how many calls wait for it). */
  status?(): ToolProviderStatus;
  /** True for a tool made of other calls (a sequence): it takes no main-thread turn itself, each of its calls takes its own (else it would wait for itself). */
  composite?(name: string): boolean;
  /** Its results are ToolResults already checked against the schema (the Unity provider's come from parsed frames): the invoker does not parse them again. */
  readonly checkedResults?: boolean;
}

/** What a provider reports for `/health`; a provider without `status()` counts as always connected. */
export interface ToolProviderStatus {
  connected: boolean;
  /** Calls accepted but not yet handed to the tool (e.g. waiting for Unity to come back). */
  queueDepth: number;
  /** The Unity provider: how the connected Editor is woken for calls (on-demand, always, unavailable), null when unknown. */
  wake?: string | null;
}

/** Build a successful text result (helper for providers and tests). */
export function textResult(text: string, structured?: Record<string, unknown>): ToolResult {
  return structured === undefined ? { ok: true, content: [{ type: "text", text }] } : { ok: true, content: [{ type: "text", text }], structured };
}

/** Build a failed result with a typed error whose message says what to do. */
export function errorResult(code: string, message: string): ToolResult {
  return { ok: false, content: [{ type: "text", text: message }], error: { code, message } };
}

/** Parse a provider-written entry, applying annotation defaults (throws a ZodError on bad data). */
export function toolEntry(input: ToolEntryInput): ToolEntry {
  return ToolEntry.parse(input);
}
