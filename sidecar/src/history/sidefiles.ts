import { join } from "node:path";
import { AgentPanelError } from "../shared/errors.js";
import { nodeFs, type HistoryFs } from "./fsio.js";

// Panel-owned facts about a session live beside the CLI's own files, in `<dir>/<id>/`: whether
// the user archived it, and a title the user gave it. The CLI never reads or deletes them.

/** Side file marking a session archived: `{"archived": true, "at": "<ISO time>"}`. */
export const ARCHIVED_FILE = "archived.json";
/** Side file holding the user's title for a session: `{"title": "…", "at": "<ISO time>"}`. */
export const CUSTOM_TITLE_FILE = "custom-title.json";
/** The CLI's directory of subagent transcripts inside `<dir>/<id>/`. */
export const SUBAGENTS_DIR = "subagents";

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throw unless `id` is a plain session or agent id (no path separators, no `..`). */
export function assertSafeId(id: string, what: "session" | "agent" = "session"): void {
  if (!SAFE_ID.test(id) || id.includes("..")) {
    throw new AgentPanelError(`history_bad_${what}_id`, `"${id}" is not a valid ${what} id; pick the ${what} from the history list.`);
  }
}

/** Archive or unarchive a session (archived sessions are hidden from the list unless asked for). */
export async function setArchived(transcriptDir: string, sessionId: string, archived: boolean, fs: HistoryFs = nodeFs): Promise<void> {
  assertSafeId(sessionId);
  const file = join(transcriptDir, sessionId, ARCHIVED_FILE);
  if (archived) await fs.writeFile(file, JSON.stringify({ archived: true, at: new Date().toISOString() }) + "\n");
  else await fs.remove(file);
}

/** Give a session the user's own title, or remove it with null (the list falls back to other titles). */
export async function setCustomTitle(transcriptDir: string, sessionId: string, title: string | null, fs: HistoryFs = nodeFs): Promise<void> {
  assertSafeId(sessionId);
  const file = join(transcriptDir, sessionId, CUSTOM_TITLE_FILE);
  const clean = title?.replace(/\s+/g, " ").trim() ?? "";
  if (clean === "") await fs.remove(file);
  else await fs.writeFile(file, JSON.stringify({ title: clean.slice(0, 500), at: new Date().toISOString() }) + "\n");
}

/** Read archived.json: archived unless it explicitly says `"archived": false` (unreadable counts as archived). */
export function parseArchived(raw: Buffer): boolean {
  try {
    return (JSON.parse(raw.toString("utf8")) as { archived?: unknown })?.archived !== false;
  } catch {
    return true;
  }
}

/** Read custom-title.json: its non-empty `title`, else null. */
export function parseCustomTitle(raw: Buffer): string | null {
  try {
    const title = (JSON.parse(raw.toString("utf8")) as { title?: unknown })?.title;
    return typeof title === "string" && title.trim() !== "" ? title.trim() : null;
  } catch {
    return null;
  }
}
