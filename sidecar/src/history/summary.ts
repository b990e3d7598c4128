import type { FileStat } from "./fsio.js";
import { preview } from "./prompt.js";
import type { ScanResult, SessionSummary, TitleSource } from "./types.js";

// Turns what the index knows about one transcript (its scan, its stamp, the panel's side files)
// into the summary the history list shows, and orders a list. Shared by the checked list and the
// list a new process shows from the cache file alone, so both produce identical summaries.

/** The side facts of a session: a subagents folder, the archived flag, the user's own title. */
export interface Side {
  hasSubagents: boolean;
  archived: boolean;
  customTitle: string | null;
}

/** Drop archived sessions unless asked for, newest first (ties by id, so the order is stable). */
export function finish(found: SessionSummary[], includeArchived: boolean | undefined): SessionSummary[] {
  const sessions = includeArchived === true ? found : found.filter((s) => !s.archived);
  return sessions.sort((a, b) => (a.lastActivity < b.lastActivity ? 1 : a.lastActivity > b.lastActivity ? -1 : a.id.localeCompare(b.id)));
}

/** Combine a scan, the file's stat and the side files into the summary the panel shows. */
export function summarize(id: string, file: string, st: FileStat, scan: ScanResult, side: Side): SessionSummary {
  const [title, titleSource] = pickTitle(id, scan, side.customTitle);
  // One literal with every key (absent ones undefined, dropped by JSON): a single object shape is
  // much faster for thousands of sessions than adding optional keys one by one.
  return {
    id,
    file,
    title,
    titleSource,
    firstPrompt: scan.firstPrompt,
    lastPrompt: scan.lastPrompt,
    createdAt: scan.createdAt,
    lastActivity: scan.lastTimestamp ?? new Date(st.mtimeMs).toISOString(),
    mtimeMs: st.mtimeMs,
    model: scan.model,
    gitBranch: scan.gitBranch,
    cwd: scan.cwd,
    messageCount: scan.messageCount,
    messageCountExact: scan.messageCountExact,
    size: st.size,
    hasSubagents: side.hasSubagents,
    archived: side.archived,
    warning: scan.warning,
  };
}

function pickTitle(id: string, scan: ScanResult, userTitle: string | null): [string, TitleSource] {
  if (userTitle) return [preview(userTitle), "custom"];
  if (scan.customTitle) return [preview(scan.customTitle), "custom"];
  if (scan.aiTitle) return [preview(scan.aiTitle), "ai"];
  if (scan.summary) return [preview(scan.summary), "summary"];
  if (scan.firstPrompt) return [scan.firstPrompt, "prompt"];
  if (scan.firstCommand) return [scan.firstCommand, "command"];
  return [`Session ${id.slice(0, 8)}`, "none"];
}
