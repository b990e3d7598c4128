import { existsSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { AgentPanelError } from "../shared/errors.js";
import { oneShotFs } from "../history/fsio.js";
import { SessionIndex, transcriptDirFor, type ListOptions } from "../history/list.js";
import type { SessionSummary } from "../history/types.js";
import { writeStdout } from "./stdout.js";

// `agent-panel sessions`: the project's Claude Code sessions, newest first, as a table or JSON.
// Uses the same cached index as the panel: the table is printed at once from the cache, then every
// transcript's stamp is checked and the table is printed again only if that changed what it shows.
// --json waits for the check (one document, always current).

const USAGE = "Usage: agent-panel sessions [--project <unity project root>] [--json] [--all]";

/** Longer than any listing: the command writes the index cache itself, once the output is out. */
const SAVE_AFTER_OUTPUT_MS = 10 * 60_000;

/** Where output goes and what to list; tests pass their own. */
export interface SessionsDeps extends Pick<ListOptions, "env" | "home" | "stateDir" | "fs"> {
  out?: (text: string) => void;
  err?: (text: string) => void;
  cwd?: string;
}

/** Run the command; returns the exit code (0 ok, 1 the folder could not be read, 2 bad usage). */
export async function runSessions(args: string[], deps: SessionsDeps = {}): Promise<number> {
  const out = deps.out ?? writeStdout;
  const err = deps.err ?? ((t: string) => void process.stderr.write(t + "\n"));
  let values: { project?: string; json?: boolean; all?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { project: { type: "string" }, json: { type: "boolean" }, all: { type: "boolean" } }, strict: true, allowPositionals: false }));
  } catch (e) {
    err(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const project = values.project ?? deps.cwd ?? process.cwd();
  try {
    // A mistyped --project is not "no sessions yet": unless Claude Code kept sessions of that path
    // (a project moved or deleted since), a folder that does not exist is an error.
    if (!isDirectory(project) && !existsSync(transcriptDirFor(project, deps.env, deps.home))) {
      err(`Project folder ${project} does not exist; pass the Unity project root with --project.`);
      return 1;
    }
    const fs = deps.fs ?? oneShotFs;
    // The index cache is written after the output (see the end).
    const index = new SessionIndex(transcriptDirFor(project, deps.env, deps.home), { stateDir: deps.stateDir, fs, reuseSummaries: false, saveEveryMs: SAVE_AFTER_OUTPUT_MS });
    const includeArchived = values.all === true;
    const early = values.json ? undefined : index.cachedList({ includeArchived });
    const shown = early ? formatSessions(early.sessions, early.dir, early.exists) : undefined;
    if (shown !== undefined) out(shown);
    const list = await index.list({ includeArchived });
    if (values.json) out(JSON.stringify({ project, dir: list.dir, exists: list.exists, sessions: list.sessions }, null, 2));
    else {
      const text = formatSessions(list.sessions, list.dir, list.exists);
      if (shown === undefined) out(text);
      else if (text !== shown) out(`\nUpdated after checking the transcripts:\n${text}`);
    }
    await index.flush(); // a failure only costs a rescan next time
    return 0;
  } catch (e) {
    err(e instanceof AgentPanelError ? e.message : `Could not list sessions: ${(e as Error).message}`);
    return 1;
  }
}

/** A plain-text table: when, messages, model, title (archived and damaged sessions marked). */
export function formatSessions(sessions: SessionSummary[], dir: string, exists: boolean): string {
  if (!exists) return `No sessions yet (${dir} does not exist).`;
  if (sessions.length === 0) return `No sessions in ${dir}.`;
  const rows = sessions.map((s) => [
    s.id.slice(0, 8),
    when(s.lastActivity),
    `${s.messageCountExact ? "" : "~"}${s.messageCount}`,
    s.model ?? "",
    `${s.archived ? "[archived] " : ""}${s.warning ? "[!] " : ""}${s.title}`,
  ]);
  const head = ["ID", "LAST ACTIVITY", "MSGS", "MODEL", "TITLE"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(head), ...rows.map(line), "", `${sessions.length} session${sessions.length === 1 ? "" : "s"} in ${dir}`].join("\n");
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
