import type { ChatStateName } from "../../protocol/panel/events.js";
import type { PanelEventOf } from "../../protocol/panel/events.js";

// Pure text formatting for the panel: durations, token counts, costs, states, permission
// suggestions and JSON previews. No DOM, unit-tested in Node.

type Suggestion = PanelEventOf<"permission_requested">["suggestions"][number];

/** "850 ms", "3.2 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const min = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s === 0 ? `${min} min` : `${min} min ${s} s`;
}

/** "950", "5.3k", "200k", "1.2M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return `${trim((n / 1000).toFixed(n < 10_000 ? 1 : 0))}k`;
  return `${trim((n / 1_000_000).toFixed(1))}M`;
}

/** "$0.0226", "$1.23". */
export function formatCost(usd: number): string {
  return `$${usd < 1 ? usd.toFixed(4) : usd.toFixed(2)}`;
}

/** Context use of the last turn: tokens sent plus produced, against the model's window. */
export function contextUse(result: PanelEventOf<"turn_result"> | undefined): { used: number; window: number; percent: number } | undefined {
  if (!result?.contextWindow) return undefined;
  const u = result.usage;
  const used = u.input + u.cacheRead + u.cacheCreation + u.output;
  return { used, window: result.contextWindow, percent: Math.min(100, Math.round((used / result.contextWindow) * 100)) };
}

/** Whether a result says how full the context is (a turn stopped before the API counted anything does not). */
export function measuresContext(result: PanelEventOf<"turn_result">): boolean {
  const u = result.usage;
  return result.contextWindow !== undefined && u.input + u.cacheRead + u.cacheCreation + u.output > 0;
}

/** How a turn ended: the sidecar's status, or (older sidecars) derived from ok and the terminal reason. */
export function turnStatus(r: PanelEventOf<"turn_result">): "completed" | "interrupted" | "failed" {
  if (r.status) return r.status;
  if (r.ok) return "completed";
  return r.terminalReason === "aborted_streaming" || r.terminalReason === "aborted_tools" ? "interrupted" : "failed";
}

/** "Failed", naming claude's error subtype when it says more than that (error_max_turns; not success or history). */
export function failedLabel(subtype: string): string {
  return subtype.startsWith("error_") && subtype !== "error_during_execution" ? `Failed (${subtype})` : "Failed";
}

const STATE_LABELS: Record<ChatStateName, string> = {
  starting: "Starting…",
  ready: "Ready",
  streaming: "Responding…",
  tool_running: "Running a tool…",
  waiting_permission: "Waiting for your approval",
  resuming: "Reconnecting to Claude…",
  auth_required: "Sign-in required",
  errored: "Error",
  closed: "Closed",
};

/** Human label of a chat state. */
export function stateLabel(state: ChatStateName | undefined): string {
  return state === undefined ? "Connecting…" : STATE_LABELS[state];
}

const MODE_LABELS: Record<string, string> = {
  default: "Ask before acting",
  acceptEdits: "Accept edits",
  plan: "Plan only",
  bypassPermissions: "Bypass permissions",
};

/** Permission modes the picker offers (the current one is added if it is another). */
export const PERMISSION_MODES = Object.keys(MODE_LABELS);

/** Human label of a permission mode. */
export function modeLabel(mode: string): string {
  return MODE_LABELS[mode] ?? mode;
}

/** What an "always allow" suggestion does, in words. */
export function describeSuggestion(s: Suggestion): string {
  const where = destinationLabel(s.destination);
  switch (s.type) {
    case "addRules":
    case "replaceRules": {
      const rules = (s.rules ?? []).map((r) => (r.ruleContent ? `${r.toolName}(${r.ruleContent})` : r.toolName));
      const verb = s.behavior === "deny" ? "Always deny" : s.behavior === "ask" ? "Always ask for" : "Always allow";
      return `${verb} ${rules.join(", ") || "this tool"}${where}`;
    }
    case "setMode":
      return `Switch to “${modeLabel(s.mode ?? "")}” mode${where}`;
    case "addDirectories":
      return `Allow access to ${(s.directories ?? []).join(", ") || "the directory"}${where}`;
    default:
      return `${s.type}${where}`;
  }
}

function destinationLabel(d: string | undefined): string {
  switch (d) {
    case "session":
      return " for this session";
    case "localSettings":
      return " in this project (local settings)";
    case "projectSettings":
      return " in this project (shared settings)";
    case "userSettings":
      return " in all projects";
    default:
      return d ? ` (${d})` : "";
  }
}

/** The engine's one-line summary without the leading "<tool name>: " (the card shows the name). */
export function shortSummary(toolName: string, summary: string): string {
  if (summary === toolName) return "";
  return summary.startsWith(`${toolName}: `) ? summary.slice(toolName.length + 2) : summary;
}

/** Pretty JSON of a tool input, bounded in size. */
export function previewJson(value: unknown, max = 20_000): string {
  let text: string;
  try {
    text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "");
  } catch {
    text = String(value);
  }
  return clip(text, max);
}

/** `text` cut to `max` characters with a note saying how much was left out. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return "";
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  const days = Math.floor(s / 86_400);
  if (days === 1) return "yesterday";
  if (days < 7) return `${days} days ago`;
  return new Date(t).toISOString().slice(0, 10);
}

/** The second line of a history entry: branch, model, message count ("~" when estimated), size. */
export function sessionDetails(s: { gitBranch?: string; model?: string; messageCount: number; messageCountExact: boolean; size: number }): string {
  const parts: string[] = [];
  if (s.gitBranch?.trim()) parts.push(s.gitBranch.trim());
  if (s.model?.trim()) parts.push(s.model.trim());
  if (s.messageCount > 0) parts.push(`${s.messageCountExact ? "" : "~"}${s.messageCount} ${s.messageCount === 1 ? "message" : "messages"}`);
  parts.push(formatBytes(s.size));
  return parts.join(" · ");
}

/** A file size for people: "820 B", "14 KB", "1.2 MB", "3.4 GB" (1024-based, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? trim((Math.round(value * 10) / 10).toFixed(1)) : Math.round(value)} ${units[unit]}`;
}

function trim(n: string): string {
  return n.endsWith(".0") ? n.slice(0, -2) : n;
}

/** A chat's name, the same in its tab, the header and the page title: its title (a resumed session's, "Fork of …", or the first prompt), else its session. */
export function chatName(c: { title?: string; sessionId?: string }): string {
  return c.title ?? (c.sessionId ? `Session ${c.sessionId.slice(0, 8)}` : "Untitled chat");
}
