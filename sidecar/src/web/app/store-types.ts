import type { ChatStateName, PanelEventOf } from "../../protocol/panel/events.js";

// The browser panel's view state of one chat: what the transcript, pickers and status bar show.
// Produced only by the reducer in store.ts; every object is replaced (never mutated) when it
// changes, so the view can re-render exactly the items whose identity changed.

/** One block of an assistant message (streaming or final). `html` is sanitized, from the sidecar. */
export interface BlockView {
  index: number;
  kind: "text" | "thinking";
  text: string;
  html?: string;
}

/** What the user typed (echoed by the chat engine). */
export interface UserItem {
  kind: "user";
  key: string;
  turnId: string;
  text: string;
  queued: boolean;
  attachments: number;
}

/** An assistant message: streaming until `final`. */
export interface MessageItem {
  kind: "message";
  key: string;
  messageId: string;
  turnId: string;
  parentToolUseId: string | null;
  model?: string;
  blocks: readonly BlockView[];
  final: boolean;
  aborted: boolean;
  error?: string;
}

/** A tool call card: running until tool_finished arrives. */
export interface ToolItem {
  kind: "tool";
  key: string;
  toolUseId: string;
  turnId: string;
  name: string;
  summary: string;
  input: unknown;
  parentToolUseId: string | null;
  status: "running" | "ok" | "error";
  /** The title of one of the sidecar's own tools. */
  title?: string;
  result?: string;
  /** Pictures in the result. */
  images?: { mediaType: string; data: string }[];
  durationMs?: number;
  decision?: string;
  /** Who allowed or denied the call, when the sidecar knows (tool_finished.decidedBy). */
  decidedBy?: string;
  /** The settled permission request of this call, folded into its card. */
  permission?: FoldedPermission;
}

/** A settled permission request as its tool's card shows it. */
export interface FoldedPermission {
  requestId: string;
  outcome: "allowed" | "denied" | "cancelled";
  detail?: string;
  by?: string;
}

/** A permission card; `outcome` is set once resolved (by anyone). */
export interface PermissionItem {
  kind: "permission";
  key: string;
  request: PanelEventOf<"permission_requested">;
  outcome?: "allowed" | "denied" | "cancelled";
  detail?: string;
  by?: string;
  /** Settled and shown inside its tool's card (the transcript shows no card of its own). */
  folded?: boolean;
}

/** A subagent (background task) with its latest known fields. */
export type SubagentItem = { kind: "subagent"; key: string } & Omit<PanelEventOf<"subagent">, "type">;

/** A notice from the engine or the bridge. */
export interface NoticeItem {
  kind: "notice";
  key: string;
  level: "info" | "warning" | "error";
  code: string;
  message: string;
}

/** The end of a turn: ok or error, duration, usage. */
export interface ResultItem {
  kind: "result";
  key: string;
  result: PanelEventOf<"turn_result">;
}

/** The files a turn wrote (turn_files), and what a revert put back (files_reverted). */
export interface FilesItem {
  kind: "files";
  key: string;
  turnId: string;
  files: PanelEventOf<"turn_files">["files"];
  reverted?: Omit<PanelEventOf<"files_reverted">, "type" | "turnId">;
}

/** Every transcript entry. */
export type Item = UserItem | MessageItem | ToolItem | PermissionItem | SubagentItem | NoticeItem | ResultItem | FilesItem;

/** Merged init information (model, permission mode, models list, session id, …). */
export type InitInfo = Partial<Omit<PanelEventOf<"init">, "type">>;

/** The whole view state of one chat. */
export interface ChatView {
  state?: ChatStateName;
  stateReason?: string;
  info: InitInfo;
  /** Transcript entries in first-seen order. */
  items: readonly Item[];
  /** Item key → position in `items`. */
  positions: Readonly<Record<string, number>>;
  /** Tool use id → the key of its permission request. */
  permissionOfTool: Readonly<Record<string, string>>;
  /** Turns started and not yet finished, oldest first. */
  openTurns: readonly string[];
  lastResult?: PanelEventOf<"turn_result">;
  /** The last result that measured the context (an interrupt before any tokens keeps the figure before it). */
  contextResult?: PanelEventOf<"turn_result">;
  /** Sums over all turn results. */
  totals: { input: number; output: number; cacheRead: number; cacheCreation: number; turns: number };
  /** Notices seen (numbers their keys). */
  notices: number;
}
