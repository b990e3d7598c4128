// The contract every tool provider (Unity over the panel WebSocket, JSON definitions, native
// TypeScript tools) and every transport (MCP, REST, CLI, the panel's chats) builds on. Data is zod
// (one schema source); behaviour is the ToolProvider interface the registry and invoker call.

import type { ArgumentProblem } from "./validate.js";

export * from "../protocol/tools.js";
import { ToolEntry, type ToolEntryInput, type ToolProviderKind, type ToolResult } from "../protocol/tools.js";

/** Whether Unity imported an asset a native tool wrote (or was not connected to). */
export type ImportAnswer = "imported" | "not_connected";
/** Asks Unity to import an asset a native tool wrote into the project (compose_mml's WAVs). */
export type AssetImporter = (assetPath: string) => Promise<ImportAnswer | void> | ImportAnswer | void;

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
