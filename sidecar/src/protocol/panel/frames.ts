import { z } from "zod";
import { ErrorCode } from "../error-codes.js";
import { ChatSummary, PanelEvent } from "./events.js";
import { ToolCancelFrame, ToolInvokeFrame, ToolsPublishResult } from "./tools.js";
import { HistoryChangedFrame, HistoryListResult, HistoryLoadResult, HistorySearchResult, HistorySubagentResult } from "./history.js";

// Server → client frames, one JSON object per WebSocket text frame, discriminated by `kind`.
// Also the typed `result` of each acknowledged command, for clients that want to check it.

const seq = z.number().int().nonnegative();

/** Answer to hello: who the server is and which chats exist. */
export const WelcomeFrame = z.object({
  kind: z.literal("welcome"),
  id: z.string().optional().describe("The hello command's id."),
  protocol: z.number().int(),
  serverVersion: z.string(),
  sidecarPid: z.number().int(),
  project: z.string(),
  chats: z.array(ChatSummary),
});

/** A command succeeded; `result` depends on the command (see CommandResults). */
export const AckFrame = z.object({ kind: z.literal("ack"), id: z.string(), result: z.record(z.string(), z.unknown()).optional() });

/** A command failed (with `id`) or the client sent something unreadable (without `id`). */
export const ErrorFrame = z.object({
  kind: z.literal("error"),
  id: z.string().optional(),
  code: ErrorCode.describe("One of the sidecar's error codes (docs/protocol/error-codes.json); a client treats a code it does not know as a generic failure."),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional().describe("Facts a client can act on, per code (files_changed_since: {paths: string[]})."),
});

/** One chat event; `seq` starts at 1 per chat and grows by exactly 1 per event. */
export const EventFrame = z.object({ kind: z.literal("event"), chatId: z.string(), seq: seq.min(1), event: PanelEvent });

/** The chat's whole state as a compacted event list covering events up to `seq` (0 = none yet). */
export const SnapshotFrame = z.object({ kind: z.literal("snapshot"), chatId: z.string(), seq, events: z.array(PanelEvent) });

/** Pushed when chats are opened, closed or change state. */
export const ChatsFrame = z.object({ kind: z.literal("chats"), chats: z.array(ChatSummary) });

export { HistoryChangedFrame, ToolInvokeFrame, ToolCancelFrame };

/** Every frame the server sends. */
export const ServerFrame = z.discriminatedUnion("kind", [WelcomeFrame, AckFrame, ErrorFrame, EventFrame, SnapshotFrame, ChatsFrame, HistoryChangedFrame, ToolInvokeFrame, ToolCancelFrame]);
export type ServerFrame = z.infer<typeof ServerFrame>;

/** Narrow helper: the frame with a given `kind`. */
export type ServerFrameOf<K extends ServerFrame["kind"]> = Extract<ServerFrame, { kind: K }>;

/** subscribe's ack result: how the client will catch up. */
export const SubscribeResult = z.object({
  mode: z.enum(["replay", "snapshot"]),
  fromSeq: z.number().int().nonnegative().describe("replay: first seq replayed (afterSeq + 1); snapshot: the seq the snapshot covers up to"),
  lastSeq: z.number().int().nonnegative().describe("The chat's last seq when subscribing."),
});
export type SubscribeResult = z.infer<typeof SubscribeResult>;

/** The `result` of each command's ack (commands not listed ack without a result). */
export const CommandResults = {
  "chats.list": z.object({ chats: z.array(ChatSummary) }),
  "chat.open": z.object({
    chatId: z.string(),
    alreadyOpen: z.boolean().optional().describe("The resumed session was already open in this chat; no new chat was opened."),
    history: z
      .object({
        sessionId: z.string().describe("The full id of the resumed session (a prefix given to chat.open is resolved)."),
        cursor: z.string().describe("history.load {sessionId, cursor} gives the newest page of the conversation before this chat opened; its cursor pages further back."),
      })
      .optional()
      .describe("A resume (or fork) of a session with a transcript: where its earlier conversation is, to show above the chat's own events."),
  }),
  "chat.send": z.object({ turnId: z.string() }),
  "chat.revertFiles": z.object({
    restored: z.array(z.string()).describe("Paths put back as they were before the turn."),
    skipped: z.array(z.object({ path: z.string(), reason: z.string() })).describe("Files that could not be put back (no copy kept, over 16 MB, a write failed), with why."),
  }),
  subscribe: SubscribeResult,
  "history.list": HistoryListResult,
  "history.search": HistorySearchResult,
  "history.load": HistoryLoadResult,
  "history.subagent": HistorySubagentResult,
  "tools.publish": ToolsPublishResult,
} as const;
