import type { ToolItem } from "./store-types.js";

// How a tool call's permission went, in words, once its request is settled: "Allowed by you",
// "Denied by you — and the turn stopped", "Allowed by the read-only setting". The Unity panel's
// PermissionLine says the same.

/** What a tool card shows about its permission: `tag` in the header (or none), `text` in the body. */
export interface PermissionLine {
  outcome?: "allowed" | "denied" | "cancelled";
  tag?: string;
  text: string;
}

/** The line of `tool`: its folded request, else what the engine recorded; undefined when nothing is known. */
export function permissionLine(tool: ToolItem): PermissionLine | undefined {
  const p = tool.permission;
  if (p) return { outcome: p.outcome, tag: settled(p.outcome, undefined, p.outcome === "cancelled" ? undefined : p.by), text: settled(p.outcome, p.detail, p.by) };
  const outcome = outcomeOfDecision(tool.decision);
  if (outcome === undefined && tool.decidedBy === undefined) return undefined;
  const text = outcome === undefined ? `Decided by ${who(tool.decidedBy!)}` : settled(outcome, undefined, tool.decidedBy);
  // A call that ran without asking shows its line only when expanded, unless it was denied; one
  // the user answered says so in its header, as the live card does (history has no request to fold).
  return { outcome, text, ...(outcome === "denied" || (outcome !== undefined && tool.decidedBy === "user") ? { tag: text } : {}) };
}

/** "Allowed", "Denied by you — and the turn stopped", "Cancelled — chat closed". */
export function settled(outcome: string, detail: string | undefined, by: string | undefined): string {
  let words = outcome === "allowed" ? "Allowed" : outcome === "denied" ? "Denied" : outcome === "cancelled" ? "Cancelled" : outcome;
  // A cancelled request's detail already says why (withdrawn by claude, chat closed).
  if (outcome !== "cancelled" && by) words += ` by ${who(by)}`;
  const more = moreOf(detail);
  return more === undefined ? words : `${words} — ${more}`;
}

/** "you", "a rule", "the read-only setting", "claude", "Agent Panel"; an unknown name as it is. */
export function who(by: string): string {
  const words: Record<string, string> = { user: "you", rule: "a rule", read_only_setting: "the read-only setting", claude: "claude", sidecar: "Agent Panel" };
  return words[by] ?? by;
}

/**
 * Whether `summary` already names `path` (whole, or relative to the project, like "Assets/A.cs"
 * or "echo hi > notes.txt"), so a permission card need not show the path a second time.
 */
export function pathShownIn(summary: string, path: string): boolean {
  if (!summary || !path) return false;
  for (const raw of summary.split(/[\s"'`<>|;(),=]+/)) {
    const token = raw.startsWith("./") || raw.startsWith(".\\") ? raw.slice(2) : raw;
    if (token && (path === token || path.endsWith(`/${token}`) || path.endsWith(`\\${token}`))) return true;
  }
  return false;
}

function moreOf(detail: string | undefined): string | undefined {
  const words: Record<string, string | undefined> = { allow: undefined, deny: undefined, allow_always: "always, from now on", deny_stop: "and the turn stopped", answer_questions: "answered" };
  if (detail === undefined || detail === "") return undefined;
  return detail in words ? words[detail] : detail;
}

function outcomeOfDecision(decision: string | undefined): "allowed" | "denied" | undefined {
  if (decision === "accept" || decision === "allow") return "allowed";
  if (decision === "reject" || decision === "deny") return "denied";
  return undefined;
}
