import type { HistoryFs, ReadRange } from "./fsio.js";
import { lineKind, linesOf, parseLine, stringField, stringPrefixAfter, timestampIn, type Window, type WindowLine } from "./lines.js";
import { classifyText, classifyUser, preview } from "./prompt.js";
import type { ScanResult } from "./types.js";

// Reads what the session list shows from the first and last 64 KiB of a transcript, never the
// whole file: the first typed prompt and where the session ran from the head; titles, the last
// prompt, model and last activity from the tail (the CLI re-appends title lines near the end).
// Each window is walked line by line once; only the few lines that matter are parsed.

/** Most bytes read from each end of a transcript. */
export const WINDOW = 64 * 1024;
/** Bytes read from the start first: the first prompt is nearly always in them. */
export const FIRST_HEAD = 16 * 1024;

/** Read buffers for one scan at a time (an index keeps one set per scan in flight). */
export interface ScanBuffers {
  head: Buffer;
  tail: Buffer;
}

/** Fresh buffers for scanTranscript. */
export function scanBuffers(): ScanBuffers {
  return { head: Buffer.allocUnsafe(2 * WINDOW), tail: Buffer.allocUnsafe(WINDOW) };
}

/**
 * Scan one transcript of `size` bytes (as stat saw it). Files up to 128 KiB are read whole; larger
 * ones 16 KiB from the start (64 KiB when the first prompt is not in those) and 64 KiB from the
 * end, both at once (`sync`: one after the other, synchronously). Read errors propagate; bad content never does. The result holds no buffer memory.
 */
export async function scanTranscript(fs: HistoryFs, path: string, size: number, bufs: ScanBuffers = scanBuffers(), sync = false): Promise<ScanResult> {
  const read = (ranges: ReadRange[]): number[] | Promise<number[]> => (sync ? fs.readRangesSync(path, ranges) : fs.readRanges(path, ranges));
  if (size === 0) return { messageCount: 0, messageCountExact: true, warning: "The transcript is empty." };
  if (size <= 2 * WINDOW) {
    const [n] = await read([{ position: 0, length: size, into: bufs.head }]);
    // The file may have shrunk between stat and read: treat what we got as the whole file.
    const whole = { buf: bufs.head.subarray(0, n), base: 0, size: n! };
    return scanWindows(whole, whole);
  }
  const tailRange: ReadRange = { position: size - WINDOW, length: WINDOW, into: bufs.tail };
  const [h, t] = await read([{ position: 0, length: FIRST_HEAD, into: bufs.head }, tailRange]);
  const actual = size - WINDOW + t!;
  const tail = { buf: bufs.tail.subarray(0, t!), base: size - WINDOW, size: actual };
  const quick = scanWindows({ buf: bufs.head.subarray(0, h), base: 0, size: actual }, tail);
  if (t! < WINDOW) return { ...quick, warning: "The transcript shrank while it was being read; it is read again on the next refresh." };
  if (quick.firstPrompt !== undefined || h! < FIRST_HEAD) return quick;
  const [more] = await read([{ position: FIRST_HEAD, length: WINDOW - FIRST_HEAD, into: bufs.head.subarray(FIRST_HEAD) }]);
  return scanWindows({ buf: bufs.head.subarray(0, FIRST_HEAD + more!), base: 0, size: actual }, tail);
}

interface Found {
  broken: number;
  messages: number;
  lateModel?: string;
  sessionId?: string;
}

/** The scan itself, on windows already read (exported for tests of odd files). */
export function scanWindows(head: Window, tail: Window): ScanResult {
  const out: ScanResult = { messageCount: 0, messageCountExact: false };
  const found: Found = { broken: 0, messages: 0 };
  scanTail(tail, out, found); // first: the tail's model, cwd and branch are the most recent
  const inTail = found.messages;
  found.messages = 0;
  scanHead(head, out, found);
  out.model ??= found.lateModel;
  if (head === tail) {
    out.messageCount = inTail;
    out.messageCountExact = true;
  } else {
    // Estimate: the density of user/assistant records in the two windows, over the whole file.
    const seen = inTail + found.messages;
    out.messageCount = Math.max(seen > 0 ? 1 : 0, Math.round((seen / (head.buf.length + tail.buf.length)) * head.size));
  }
  out.warning = warningFor(head, tail, out, found);
  return out;
}

function scanHead(w: Window, out: ScanResult, found: Found): void {
  out.createdAt = timestampIn(w.buf, 0, Math.min(w.buf.length, 4096), false);
  found.sessionId = stringField(w.buf, 0, Math.min(w.buf.length, 4096), "sessionId");
  for (const line of linesOf(w, false)) {
    const kind = lineKind(w.buf, line);
    if (kind === "user" || kind === "assistant") found.messages++;
    if (!line.complete) {
      if (kind === "user" && out.firstPrompt === undefined) partialPrompt(w, line, out);
      continue;
    }
    if (kind === "user" && out.firstPrompt === undefined) {
      const obj = parse(w, line, found);
      if (!obj || obj.isSidechain === true) continue;
      found.sessionId ??= typeof obj.sessionId === "string" ? obj.sessionId : undefined;
      if (out.cwd === undefined && typeof obj.cwd === "string") out.cwd = obj.cwd;
      if (out.gitBranch === undefined && typeof obj.gitBranch === "string") out.gitBranch = obj.gitBranch;
      const user = classifyUser(obj);
      if (user.kind === "command" && out.firstCommand === undefined) out.firstCommand = preview(user.text);
      if (user.kind === "prompt") out.firstPrompt = preview(user.text);
    } else if (kind === "model-attachment" && out.model === undefined) {
      found.lateModel ??= stringField(w.buf, line.start, Math.min(line.end, line.start + 2048), "modelId");
    } else if (isTitle(kind, out)) {
      title(kind, parse(w, line, found), out); // older CLIs wrote summaries at the top
    }
  }
}

function scanTail(w: Window, out: ScanResult, found: Found): void {
  let lastUser: WindowLine | undefined;
  for (const line of linesOf(w, true)) {
    const kind = lineKind(w.buf, line);
    if (kind === "user" || kind === "assistant") found.messages++;
    if (out.lastTimestamp === undefined && line.terminated) out.lastTimestamp = lastTimestamp(w.buf, line);
    if (!line.complete) continue;
    if (kind === "last-prompt" && out.lastPrompt === undefined) {
      const v = stringField(w.buf, line.start, line.end, "lastPrompt");
      if (v !== undefined && v.trim() !== "") out.lastPrompt = preview(v);
    } else if (isTitle(kind, out)) {
      title(kind, parse(w, line, found), out);
    } else if (kind === "assistant" && out.model === undefined) {
      // Fields are read in place: assistant records can be large, and this runs for every session.
      if (sidechain(w.buf, line)) continue;
      const model = stringField(w.buf, line.start, Math.min(line.end, line.start + 1024), "model");
      if (model === undefined || model === "<synthetic>") continue;
      out.model = model;
      const tailFrom = Math.max(line.start, line.end - 2048);
      out.cwd = stringField(w.buf, tailFrom, line.end, "cwd", true) ?? out.cwd;
      out.gitBranch = stringField(w.buf, tailFrom, line.end, "gitBranch", true) ?? out.gitBranch;
    } else if (kind === "api-request" && found.lateModel === undefined) {
      found.lateModel = stringField(w.buf, line.start, line.end, "model"); // big records often push the last reply out of the window
    } else if (kind === "cost-state" && found.lateModel === undefined) {
      found.lateModel = firstKeyOf(w.buf, line, "modelUsage");
    } else if (kind === "user" && lastUser === undefined) {
      lastUser = line;
    }
  }
  // No last-prompt record: use the newest typed prompt in the window.
  if (out.lastPrompt === undefined && lastUser !== undefined) {
    for (const line of linesOf(w, true)) {
      if (!line.complete || line.end > lastUser.end || lineKind(w.buf, line) !== "user") continue;
      const obj = parse(w, line, found);
      const user = obj && obj.isSidechain !== true ? classifyUser(obj) : undefined;
      if (user?.kind === "prompt") {
        out.lastPrompt = preview(user.text);
        break;
      }
    }
  }
}

/** A record's timestamp: near its start (bookkeeping) or its end (conversation records, cut ones too). */
function lastTimestamp(buf: Buffer, line: WindowLine): string | undefined {
  const end = timestampIn(buf, Math.max(line.start, line.end - 1024), line.end, true);
  if (end !== undefined || !line.complete) return end;
  return timestampIn(buf, line.start, Math.min(line.end, line.start + 400), true);
}

/** Whether a record belongs to a subagent (old CLIs kept those in the session's file). */
function sidechain(buf: Buffer, line: WindowLine): boolean {
  return buf.subarray(line.start, Math.min(line.end, line.start + 320)).indexOf('"isSidechain":true', 0, "latin1") >= 0;
}

/** The first key of the object under `key` in a record (the model name in cost records). */
function firstKeyOf(buf: Buffer, line: WindowLine, key: string): string | undefined {
  const view = buf.subarray(line.start, line.end);
  const at = view.indexOf(`"${key}":{"`, 0, "latin1");
  if (at < 0) return undefined;
  const from = at + key.length + 5;
  const end = view.indexOf(0x22, from);
  return end > from ? view.toString("utf8", from, end) : undefined;
}

/** A prompt too long for the window: take the start of its text if it looks typed. */
function partialPrompt(w: Window, line: WindowLine, out: ScanResult): void {
  const start = w.buf.toString("utf8", line.start, Math.min(line.end, line.start + 2048));
  if (/"tool_result"|"isMeta":true|"isCompactSummary":true/.test(start)) return;
  const text = stringPrefixAfter(w.buf, line, "text", 400) ?? stringPrefixAfter(w.buf, line, "content", 400);
  if (text === undefined) return;
  const user = classifyText(text);
  if (user.kind === "prompt") out.firstPrompt = preview(user.text);
}

function isTitle(kind: string, out: ScanResult): kind is "custom-title" | "ai-title" | "summary" {
  return (kind === "custom-title" && out.customTitle === undefined) || (kind === "ai-title" && out.aiTitle === undefined) || (kind === "summary" && out.summary === undefined);
}

function title(kind: "custom-title" | "ai-title" | "summary", obj: Record<string, unknown> | undefined, out: ScanResult): void {
  const key = kind === "custom-title" ? "customTitle" : kind === "ai-title" ? "aiTitle" : "summary";
  const value = obj?.[key];
  if (typeof value === "string" && value.trim() !== "") out[key] = value;
}

function parse(w: Window, line: WindowLine, found: Found): Record<string, unknown> | undefined {
  const obj = parseLine(w.buf, line);
  if (obj === undefined && line.terminated) found.broken++; // an unterminated last line is reported on its own
  return obj;
}

function warningFor(head: Window, tail: Window, out: ScanResult, { broken, sessionId }: Found): string | undefined {
  const problems: string[] = [];
  // A first line longer than the head window is only damage when it is not a prompt we could read
  // the start of: a first prompt of 64 KiB or more (a pasted log) is an ordinary session.
  if (head.buf.indexOf(0x0a) < 0 && head.buf.length < head.size && out.firstPrompt === undefined) problems.push("its first line is larger than 64 KiB");
  if (broken > 0) problems.push(`${broken} line${broken === 1 ? " is" : "s are"} not valid JSON`);
  if (tail.buf.length > 0 && tail.buf[tail.buf.length - 1] !== 0x0a) problems.push("its last line is incomplete (still being written, or cut off)");
  if (sessionId === undefined && out.firstPrompt === undefined && out.lastPrompt === undefined && out.messageCount === 0) {
    problems.push("no conversation was found in it");
  }
  return problems.length > 0 ? `The transcript looks damaged: ${problems.join("; ")}.` : undefined;
}
