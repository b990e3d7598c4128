import { z } from "zod";
import { PanelEvent } from "./events.js";

// Session history over the panel protocol: the shape of one past session in the history list,
// full-text search hits, one page of a restored transcript, and the live history.changed frame.

/** Where a session's title came from, best first. */
export const TitleSource = z.enum(["custom", "ai", "summary", "prompt", "command", "none"]);

/** One past session of the project (a transcript the CLI wrote), as the history list shows it. */
export const SessionSummary = z.object({
  id: z.string().describe("Session id; pass it to history.load or chat.open {resume}."),
  title: z.string(),
  titleSource: TitleSource,
  firstPrompt: z.string().optional(),
  lastPrompt: z.string().optional(),
  createdAt: z.string().optional(),
  lastActivity: z.string().describe("ISO time of the last recorded line (the file's mtime when no line has a time)."),
  model: z.string().optional(),
  gitBranch: z.string().optional(),
  cwd: z.string().optional(),
  messageCount: z.number().int().nonnegative(),
  messageCountExact: z.boolean(),
  size: z.number().int().nonnegative().describe("Transcript size in bytes."),
  hasSubagents: z.boolean(),
  archived: z.boolean(),
  warning: z.string().optional().describe("Set when the transcript could not be read completely."),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

/** One full-text match in a past session. */
export const SearchHit = z.object({
  sessionId: z.string(),
  title: z.string().optional(),
  role: z.enum(["user", "assistant"]),
  kind: z.enum(["prompt", "text", "thinking", "tool_use", "tool_result"]),
  snippet: z.string().describe("The match with about 40 characters of context either side, on one line."),
  timestamp: z.string().optional(),
  uuid: z.string().optional(),
});
export type SearchHit = z.infer<typeof SearchHit>;

/** history.list's ack result. */
export const HistoryListResult = z.object({
  sessions: z.array(SessionSummary),
  verified: z.boolean().describe("False when the list came from the sidecar's index cache before the transcripts were checked (right after it started); corrections follow as history.changed."),
});

/** history.search's ack result; `stopped` says why the search ended early, if it did. */
export const HistorySearchResult = z.object({
  hits: z.array(SearchHit),
  stopped: z.enum(["max_hits", "max_bytes", "aborted"]).optional(),
});

/** history.load's ack result: one page of events, oldest first, and the cursor of the next older page. */
export const HistoryLoadResult = z.object({
  sessionId: z.string(),
  events: z.array(PanelEvent),
  cursor: z.string().nullable().describe("Pass as `cursor` for the next older page; null when this page reaches the beginning."),
  warnings: z.array(z.string()).optional(),
});

/** history.subagent's ack result: a page of a subagent's transcript, or only what is known about it. */
export const HistorySubagentResult = z.object({
  sessionId: z.string(),
  agentId: z.string().optional().describe("Absent when no subagent of the session matches the toolUseId asked for."),
  toolUseId: z.string().optional().describe("The Agent tool call that started it; every event carries it as parentToolUseId."),
  description: z.string().optional(),
  agentType: z.string().optional(),
  model: z.string().optional(),
  missing: z.boolean().describe("True when the subagent's transcript is gone (or was never written): events is empty, the card keeps its summary."),
  events: z.array(PanelEvent).describe("The subagent's messages and tools, oldest first, tagged with the Agent tool call."),
  cursor: z.string().nullable().describe("Pass as `cursor` for the next older page; null when this page reaches the beginning."),
  warnings: z.array(z.string()).optional(),
});

/** Pushed to history subscribers when the project's sessions change. */
export const HistoryChangedFrame = z.object({
  kind: z.literal("history.changed"),
  sessions: z.array(SessionSummary).describe("Sessions added or changed (archived ones included, with archived: true)."),
  removed: z.array(z.string()).describe("Ids of sessions whose transcript is gone."),
});
