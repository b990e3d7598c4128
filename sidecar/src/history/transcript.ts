import { basename } from "node:path";
import type { ChatEvent } from "../protocol/chat-events.js";
import { AgentPanelError } from "../shared/errors.js";
import { TranscriptConverter, type ConvertOptions } from "./convert.js";
import { isFsError, nodeFs, type FileReader, type HistoryFs } from "./fsio.js";
import { needle, parseSpan } from "./lines.js";
import { readPageBackward, type PageLimits } from "./pager.js";
import { classifyUser } from "./prompt.js";

// Restores a session for the panel: the newest turns first, as the same ChatEvents a live chat
// emits, with a cursor for the next older page. Pages are cut at turn starts so every tool call
// and its result land on the same page.

/** Options for one page of a transcript. */
export interface TranscriptPageOptions {
  /** The `cursor` of the previous (newer) page; omit for the newest page. */
  cursor?: string;
  /** Turns per page. */
  turns?: number;
  /** Upper bound on the bytes of records per page (a single huge turn is split across pages). */
  maxBytes?: number;
  /** Records larger than this are left out (with a warning) to bound memory. */
  maxRecordBytes?: number;
  fs?: HistoryFs;
}

/** One page of a restored transcript. */
export interface TranscriptPage {
  sessionId: string;
  file: string;
  /** Events of this page, oldest first. */
  events: ChatEvent[];
  /** Pass as `cursor` to get the next older page; null when this page reaches the beginning. */
  cursor: string | null;
  /** Byte range of the file this page covers, and the file size when it was read. */
  start: number;
  end: number;
  size: number;
  /** Turns that start on this page. */
  turns: number;
  /** The page begins inside a turn that was too large for one page. */
  startsMidTurn: boolean;
  warnings: string[];
}

/** Default turns per page. */
export const PAGE_TURNS = 20;
/** Default byte budget per page. */
export const PAGE_BYTES = 8 * 1024 * 1024;
/** Records longer than this are left out of pages (and reported), to bound memory. */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

const USER = needle('"type":"user"');
// cost-state: a run's token totals (the output of an interrupted reply, history/run-usage.ts).
const WANTED = [USER, needle('"type":"assistant"'), needle('"type":"system"'), needle('"type":"cost-state"')];

/** Load one page of a session transcript (the newest when no cursor is given). */
export async function loadTranscript(file: string, opts: TranscriptPageOptions = {}): Promise<TranscriptPage> {
  return loadPage(file, opts, {}, true);
}

/** Shared by session and subagent transcripts: read a page backwards, then convert it forwards. */
export async function loadPage(file: string, opts: TranscriptPageOptions, convert: ConvertOptions, byTurns: boolean): Promise<TranscriptPage> {
  const fs = opts.fs ?? nodeFs;
  const reader = await openTranscript(fs, file);
  try {
    const { size } = await reader.stat();
    const end = opts.cursor === undefined ? size : await cursorEnd(reader, opts.cursor, size);
    const limits: PageLimits = {
      turns: byTurns ? Math.max(1, opts.turns ?? PAGE_TURNS) : Infinity,
      maxBytes: Math.max(1, opts.maxBytes ?? PAGE_BYTES),
      maxLine: opts.maxRecordBytes ?? MAX_RECORD_BYTES,
      classify: byTurns ? classifyBoundary : () => ({ boundary: false }),
    };
    const raw = await readPageBackward(reader, end, limits);
    const converter = new TranscriptConverter(convert);
    const events: ChatEvent[] = [];
    let broken = 0;
    let cutLast = false;
    for (const line of raw.lines) {
      const obj = line.obj ?? (WANTED.some((n) => line.buf.indexOf(n) >= 0) ? parseSpan(line.buf, { start: 0, end: line.buf.length }) : undefined);
      if (obj === undefined) {
        if (WANTED.some((n) => line.buf.indexOf(n) >= 0)) {
          if (line.offset + line.buf.length >= size) cutLast = true;
          else broken++;
        }
        continue;
      }
      for (const e of converter.push(obj, line.offset)) events.push(e);
    }
    for (const e of converter.finish()) events.push(e);
    const warnings: string[] = [];
    if (broken > 0) warnings.push(`${broken} record${broken === 1 ? " is" : "s are"} not valid JSON and ${broken === 1 ? "was" : "were"} left out.`);
    if (cutLast) warnings.push("The last record is incomplete (still being written, or cut off) and was left out.");
    if (raw.skippedLines > 0)
      warnings.push(`${raw.skippedLines} record${raw.skippedLines === 1 ? "" : "s"} larger than ${Math.round(limits.maxLine / 1024 / 1024)} MB ${raw.skippedLines === 1 ? "was" : "were"} left out.`);
    return {
      sessionId: basename(file).replace(/\.jsonl$/, ""),
      file,
      events,
      cursor: raw.start > 0 ? encodeCursor(raw.start) : null,
      start: raw.start,
      end: raw.end,
      size,
      turns: raw.boundaries,
      startsMidTurn: raw.startsMidTurn,
      warnings,
    };
  } finally {
    await reader.close();
  }
}

/** A user line that starts a turn: a typed prompt, a slash command, a `!` command, a task notification. */
function classifyBoundary(buf: Buffer): { boundary: boolean; obj?: Record<string, unknown> } {
  if (buf.indexOf(USER) < 0) return { boundary: false };
  const obj = parseSpan(buf, { start: 0, end: buf.length });
  if (obj === undefined || obj.type !== "user" || obj.isSidechain === true) return { boundary: false, obj };
  const kind = classifyUser(obj).kind;
  return { boundary: kind === "prompt" || kind === "command" || kind === "bash" || kind === "task_notification", obj };
}

async function openTranscript(fs: HistoryFs, file: string): Promise<FileReader> {
  let reader: FileReader;
  try {
    reader = await fs.open(file);
  } catch (err) {
    if (isFsError(err, "ENOENT", "ENOTDIR")) throw new AgentPanelError("history_not_found", `The session transcript ${file} no longer exists; refresh the history list.`, { cause: err });
    throw new AgentPanelError("history_unreadable", `Could not read the session transcript ${file}; check its permissions.`, { cause: err });
  }
  // A folder named like a transcript opens on some systems and fails only when read.
  if (!(await reader.stat()).isFile) {
    await reader.close();
    throw new AgentPanelError("history_not_a_file", `${file} is a folder (or another non-file), not a session transcript; move it out of the project's transcript folder.`);
  }
  return reader;
}

/** Cursors are opaque to clients: the byte offset where the newer page started. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ v: 1, end: offset })).toString("base64url");
}

async function cursorEnd(reader: FileReader, cursor: string, size: number): Promise<number> {
  let end: unknown;
  try {
    end = (JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { end?: unknown }).end;
  } catch {
    end = undefined;
  }
  // A valid cursor points just after a newline of this file (transcripts only grow).
  const ok = typeof end === "number" && Number.isInteger(end) && end > 0 && end <= size && (await reader.read(end - 1, 1))[0] === 0x0a;
  if (!ok) throw new AgentPanelError("history_bad_cursor", "This history page no longer matches the transcript; reopen the session from the history list.");
  return end as number;
}
