import { join } from "node:path";
import { isFsError, nodeFs, type HistoryFs } from "./fsio.js";
import { assertSafeId, SUBAGENTS_DIR } from "./sidefiles.js";
import { loadPage, type TranscriptPage, type TranscriptPageOptions } from "./transcript.js";

// Subagent transcripts are loaded only when the user expands an Agent card: the CLI keeps them in
// `<dir>/<session id>/subagents/agent-<agent id>.jsonl` with a `.meta.json` beside each. A missing
// transcript is not an error: the panel still has the summary from the parent session.

/** What the CLI's `.meta.json` says about a subagent (all optional: the file may be missing). */
export interface SubagentInfo {
  agentId: string;
  description?: string;
  agentType?: string;
  toolUseId?: string;
  model?: string;
  background?: boolean;
  finished?: boolean;
}

/** A subagent's transcript page, or `missing` with only what is known about it. */
export type SubagentTranscript = { info: SubagentInfo; missing: true } | { info: SubagentInfo; missing: false; page: TranscriptPage };

/** The subagents recorded for a session (from the meta files; transcripts are not read). */
export async function listSubagents(sessionFile: string, fs: HistoryFs = nodeFs): Promise<SubagentInfo[]> {
  let names: string[];
  try {
    names = fs.readdirSync(subagentDir(sessionFile));
  } catch (err) {
    if (isFsError(err, "ENOENT", "ENOTDIR")) return [];
    throw err;
  }
  const ids = [...new Set(names.map((n) => /^agent-(.+?)\.(?:jsonl|meta\.json)$/.exec(n)?.[1]).filter((id): id is string => id !== undefined))];
  return Promise.all(ids.sort().map((id) => readInfo(sessionFile, id, fs)));
}

/** Load a subagent's transcript (lazily, by agent id); its events are tagged with the Agent tool call. */
export async function loadSubagentTranscript(sessionFile: string, agentId: string, opts: TranscriptPageOptions & { turnId?: string } = {}): Promise<SubagentTranscript> {
  assertSafeId(agentId, "agent");
  const fs = opts.fs ?? nodeFs;
  const info = await readInfo(sessionFile, agentId, fs);
  try {
    const page = await loadPage(join(subagentDir(sessionFile), `agent-${agentId}.jsonl`), opts, { parentToolUseId: info.toolUseId ?? `agent-${agentId}`, turnId: opts.turnId }, false);
    return { info, missing: false, page };
  } catch (err) {
    if ((err as { code?: unknown }).code === "history_not_found") return { info, missing: true };
    throw err;
  }
}

function subagentDir(sessionFile: string): string {
  return join(sessionFile.replace(/\.jsonl$/, ""), SUBAGENTS_DIR);
}

async function readInfo(sessionFile: string, agentId: string, fs: HistoryFs): Promise<SubagentInfo> {
  const info: SubagentInfo = { agentId };
  try {
    const meta = JSON.parse(fs.readFileSync(join(subagentDir(sessionFile), `agent-${agentId}.meta.json`)).toString("utf8")) as Record<string, unknown>;
    if (typeof meta.description === "string") info.description = meta.description;
    if (typeof meta.agentType === "string") info.agentType = meta.agentType;
    if (typeof meta.toolUseId === "string") info.toolUseId = meta.toolUseId;
    if (typeof meta.model === "string") info.model = meta.model;
    if (typeof meta.requestShape === "string") info.background = meta.requestShape === "background";
    if (typeof meta.finished === "boolean") info.finished = meta.finished;
  } catch {
    // no or unreadable meta file: the id is all we know
  }
  return info;
}
