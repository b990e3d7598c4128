import { nodeFs, type HistoryFs } from "./fsio.js";
import { needle, parseSpan } from "./lines.js";
import { classifyUser } from "./prompt.js";
import type { SessionSummary } from "./types.js";

// Two searches. The quick one filters the session list by title and prompts (in memory, instant).
// The full-text one streams through transcripts and yields hits as it finds them, bounded by hit
// count, bytes read and an abort signal, so a search over gigabytes stays responsive.

/** Lower-cased NFKC form, so "ＵＮＩＴＹ" finds "unity" and half-width kana find full-width. */
export function normalizeForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Sessions whose title, first or last prompt (or id prefix) contains `query`, case-insensitively. */
export function searchSessions(sessions: SessionSummary[], query: string): SessionSummary[] {
  const q = normalizeForSearch(query.trim());
  if (q === "") return sessions;
  return sessions.filter((s) => s.id.startsWith(q) || [s.title, s.firstPrompt, s.lastPrompt].some((t) => t !== undefined && normalizeForSearch(t).includes(q)));
}

/** One full-text match. */
export interface TextHit {
  type: "hit";
  sessionId: string;
  file: string;
  /** Byte offset of the record in the transcript. */
  offset: number;
  uuid?: string;
  timestamp?: string;
  role: "user" | "assistant";
  kind: "prompt" | "text" | "thinking" | "tool_use" | "tool_result";
  /** The match with some context, on one line. */
  snippet: string;
}

/** The last item of a full-text search: how far it got and why it stopped. */
export interface TextSearchDone {
  type: "done";
  files: number;
  bytes: number;
  hits: number;
  /** Why the search stopped before reading everything, if it did. */
  stopped?: "max_hits" | "max_bytes" | "aborted";
}

/** Bounds of a full-text search. */
export interface TextSearchOptions {
  maxHits?: number;
  maxHitsPerSession?: number;
  /** Stop after reading this many bytes in total. */
  maxBytes?: number;
  signal?: AbortSignal;
  fs?: HistoryFs;
}

const CHUNK = 1024 * 1024;
const MAX_LINE = 16 * 1024 * 1024;
const KINDS = [needle('"type":"user"'), needle('"type":"assistant"')];

/** Search the prompts, replies, thinking and tool calls/results of the given sessions, in order. */
export async function* searchText(sessions: Array<Pick<SessionSummary, "id" | "file">>, query: string, opts: TextSearchOptions = {}): AsyncGenerator<TextHit | TextSearchDone> {
  const fs = opts.fs ?? nodeFs;
  const q = normalizeForSearch(query.trim());
  const maxHits = opts.maxHits ?? 200;
  const perSession = opts.maxHitsPerSession ?? 20;
  const maxBytes = opts.maxBytes ?? Number.MAX_SAFE_INTEGER;
  const done: TextSearchDone = { type: "done", files: 0, bytes: 0, hits: 0 };
  if (q === "") return void (yield done);
  // Cheap pre-check on the raw JSON line; skipped when the query has characters JSON escapes.
  const raw = /["\\\u0000-\u001f]/.test(query) ? undefined : new RegExp(`${escape(query.trim())}|${escape(q)}`, "iu");
  for (const session of sessions) {
    if (opts.signal?.aborted) return void (yield { ...done, stopped: "aborted" });
    if (done.bytes >= maxBytes) return void (yield { ...done, stopped: "max_bytes" });
    let reader;
    try {
      reader = await fs.open(session.file);
    } catch {
      continue; // removed since it was listed
    }
    done.files++;
    let inSession = 0;
    try {
      let position = 0;
      let carry: Buffer | undefined;
      let skipping = false;
      while (inSession < perSession && done.bytes < maxBytes && !opts.signal?.aborted) {
        const chunk = await reader.read(position, CHUNK);
        done.bytes += chunk.length;
        const data = carry ? (chunk.length > 0 ? Buffer.concat([carry, chunk]) : carry) : chunk;
        const base = position - (carry?.length ?? 0);
        position += chunk.length;
        const atEof = chunk.length === 0;
        let start = 0;
        while (start < data.length && inSession < perSession) {
          let nl = data.indexOf(0x0a, start);
          if (nl < 0 && !atEof) break;
          if (nl < 0) nl = data.length; // a last record without its newline
          if (!skipping) {
            for (const hit of matchLine(data.subarray(start, nl), base + start, session, q, raw)) {
              yield hit;
              done.hits++;
              if (done.hits >= maxHits) return void (yield { ...done, stopped: "max_hits" });
              if (++inSession >= perSession) break;
            }
          }
          skipping = false;
          start = nl + 1;
        }
        if (atEof) break;
        carry = start < data.length ? data.subarray(start) : undefined;
        if (carry && carry.length > MAX_LINE) {
          carry = undefined; // a huge record (usually a prompt snapshot): skip to its end
          skipping = true;
        }
      }
    } finally {
      await reader.close();
    }
  }
  if (opts.signal?.aborted) done.stopped = "aborted";
  else if (done.bytes >= maxBytes) done.stopped = "max_bytes";
  yield done;
}

/** Hits in one record (one per matching block). */
function matchLine(buf: Buffer, offset: number, session: Pick<SessionSummary, "id" | "file">, q: string, raw: RegExp | undefined): TextHit[] {
  if (!KINDS.some((k) => buf.indexOf(k) >= 0)) return [];
  const text = buf.toString("utf8");
  if (raw && !raw.test(text)) return [];
  const line = parseSpan(buf, { start: 0, end: buf.length });
  if (!line || (line.type !== "user" && line.type !== "assistant") || line.isSidechain === true) return [];
  const base = {
    type: "hit" as const,
    sessionId: session.id,
    file: session.file,
    offset,
    role: line.type as TextHit["role"],
    ...(typeof line.uuid === "string" ? { uuid: line.uuid } : {}),
    ...(typeof line.timestamp === "string" ? { timestamp: line.timestamp } : {}),
  };
  const hits: TextHit[] = [];
  for (const [kind, value] of textsOf(line)) {
    const snippet = snippetOf(value, q);
    if (snippet !== undefined) hits.push({ ...base, kind, snippet });
  }
  return hits;
}

/** The searchable texts of a record, with what each one is. */
function textsOf(line: Record<string, unknown>): Array<[TextHit["kind"], string]> {
  const out: Array<[TextHit["kind"], string]> = [];
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (line.type === "user") {
    const user = classifyUser(line);
    if (user.kind === "prompt" || user.kind === "command" || user.kind === "bash") out.push(["prompt", user.text]);
  }
  for (const block of Array.isArray(content) ? content : []) {
    const b = block as { type?: unknown; text?: unknown; thinking?: unknown; input?: unknown; content?: unknown };
    if (line.type === "assistant" && b?.type === "text" && typeof b.text === "string") out.push(["text", b.text]);
    else if (b?.type === "thinking" && typeof b.thinking === "string") out.push(["thinking", b.thinking]);
    else if (b?.type === "tool_use") out.push(["tool_use", JSON.stringify(b.input ?? {})]);
    else if (b?.type === "tool_result") {
      const c = b.content;
      out.push(["tool_result", typeof c === "string" ? c : Array.isArray(c) ? c.map((x) => (typeof (x as { text?: unknown })?.text === "string" ? (x as { text: string }).text : "")).join("\n") : ""]);
    }
  }
  return out;
}

/** About 40 characters either side of the first match, or undefined when there is none. */
function snippetOf(text: string, q: string): string | undefined {
  let source = text;
  let at = text.toLowerCase().indexOf(q);
  if (at < 0) {
    source = normalizeForSearch(text);
    at = source.indexOf(q);
    if (at < 0) return undefined;
  }
  const from = Math.max(0, at - 40);
  const to = Math.min(source.length, at + q.length + 40);
  return `${from > 0 ? "…" : ""}${source.slice(from, to).replace(/\s+/g, " ")}${to < source.length ? "…" : ""}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
