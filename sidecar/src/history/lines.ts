// Byte-level helpers for JSONL windows: split a window into lines with one memchr per line, tell
// what a line is from its first bytes (the CLI writes bookkeeping records as `{"type":"…"` and
// conversation records with `type`/`role`/`attachment` near the start), and parse only the lines
// that matter. Raw-byte matching is safe: inside JSON strings every quote is escaped.

/** A window of a file: `buf` holds bytes [base, base + buf.length) of a file of `size` bytes. */
export interface Window {
  buf: Buffer;
  base: number;
  size: number;
}

/** One line of a window (end excludes the newline). `complete` = not cut by a window edge. */
export interface WindowLine {
  start: number;
  end: number;
  complete: boolean;
  terminated: boolean;
}

const NL = 0x0a;

/** The lines of a window, oldest or newest first. */
export function linesOf(w: Window, newestFirst: boolean): WindowLine[] {
  const out: WindowLine[] = [];
  const b = w.buf;
  const atEof = w.base + b.length >= w.size;
  for (let s = 0; s < b.length;) {
    const nl = b.indexOf(NL, s);
    const e = nl < 0 ? b.length : nl;
    if (e > s) out.push({ start: s, end: e, complete: (s > 0 || w.base === 0) && (nl >= 0 || atEof), terminated: nl >= 0 });
    s = e + 1;
  }
  return newestFirst ? out.reverse() : out;
}

/** Bytes of a line's start that tell a conversation record's kind. */
const KIND_SPAN = 320;

/**
 * What a line is, from its first 320 bytes: a bookkeeping type (`last-prompt`, `cost-state`, …),
 * `user`, `assistant`, `system`, `attachment`, `model-attachment`, or `unknown`. This runs for
 * every line of thousands of windows. A bookkeeping record (`{"type":"…` first) is told from its
 * bytes alone; any other line's first bytes are read once as a latin1 string (one character per
 * byte) and searched with the engine's own string search, far cheaper per search than a Buffer's.
 * (Those strings are the largest share of what a listing allocates, so none is made where the
 * bytes suffice.) A conversation record is an attachment when it has an `"attachment":{` key
 * there, else the first of user, assistant, system among its `"type"` values there, else an
 * assistant reply when its message says so (replies carry their own type at the end of the line).
 */
export function lineKind(buf: Buffer, line: WindowLine): string {
  const { start, end } = line;
  const from = start + TYPE_FIRST.length; // where a bookkeeping record's type starts
  if (end > from && startsWithType(buf, start)) {
    const q = buf.indexOf(0x22, from);
    return q > from && q < end && q - from < 64 ? buf.toString("latin1", from, q) : "unknown";
  }
  const head = buf.toString("latin1", start, Math.min(end, start + KIND_SPAN));
  const attachment = head.indexOf('"attachment":{');
  if (attachment >= 0) return head.indexOf('"attachment":{"type":"model"', attachment) >= 0 ? "model-attachment" : "attachment";
  let best = 0; // 1 user, 2 assistant, 3 system: the order in which they win
  for (let at = head.indexOf('"type":"'); at >= 0 && best !== 1; at = head.indexOf('"type":"', at + 7)) {
    const rank = head.startsWith('user"', at + 8) ? 1 : head.startsWith('assistant"', at + 8) ? 2 : head.startsWith('system"', at + 8) ? 3 : 0;
    if (rank !== 0 && (best === 0 || rank < best)) best = rank;
  }
  if (best !== 0) return best === 1 ? "user" : best === 2 ? "assistant" : "system";
  if (head.includes('"role":"assistant"')) return "assistant";
  if (line.complete && end - start <= 16 * 1024) {
    const type = parseSpan(buf, line)?.type; // unusual key order: a short whole line is cheap to parse
    if (typeof type === "string") return type;
  }
  return "unknown";
}

/** `{"type":"` as bytes. */
const TYPE_FIRST = [0x7b, 0x22, 0x74, 0x79, 0x70, 0x65, 0x22, 0x3a, 0x22];

/** Whether the bytes at `at` are `{"type":"` (the caller checked the line is longer). */
function startsWithType(buf: Buffer, at: number): boolean {
  for (let i = 0; i < TYPE_FIRST.length; i++) if (buf[at + i] !== TYPE_FIRST[i]) return false;
  return true;
}

/**
 * The first (or last) valid ISO timestamp in `"timestamp":"…"` form in bytes [from, to) of `buf`.
 * Decoded from the value's own bytes, so the result does not pin a larger string in memory.
 */
export function timestampIn(buf: Buffer, from: number, to: number, last: boolean): string | undefined {
  const view = buf.subarray(from, to);
  const key = '"timestamp":"';
  for (
    let at = last ? view.lastIndexOf(key, undefined, "latin1") : view.indexOf(key, 0, "latin1");
    at >= 0;
    at = last ? (at > 0 ? view.lastIndexOf(key, at - 1, "latin1") : -1) : view.indexOf(key, at + 1, "latin1")
  ) {
    const start = at + key.length;
    const end = view.indexOf(0x22, start);
    if (end < 0 || end - start > 40) continue;
    const value = view.toString("latin1", start, end);
    if (!Number.isNaN(Date.parse(value))) return value;
  }
  return undefined;
}

/**
 * The string value of the first (or last) `"key":"…"` in bytes [from, to) of `buf`, decoded, or
 * undefined. Reads one field of a big record without parsing (and allocating) all of it.
 */
export function stringField(buf: Buffer, from: number, to: number, key: string, last = false): string | undefined {
  const pattern = `"${key}":"`;
  const view = buf.subarray(from, to);
  const at = last ? view.lastIndexOf(pattern, undefined, "latin1") : view.indexOf(pattern, 0, "latin1");
  if (at < 0) return undefined;
  const start = at + pattern.length;
  // The closing quote: the first one not escaped, i.e. after an even run of backslashes.
  let i = view.indexOf(0x22, start);
  while (i >= 0 && escaped(view, start, i)) i = view.indexOf(0x22, i + 1);
  if (i < 0) return undefined;
  try {
    return JSON.parse(`"${view.toString("utf8", start, i)}"`) as string;
  } catch {
    return undefined;
  }
}

/** Whether the byte at `at` follows an odd run of backslashes that starts at or after `from`. */
function escaped(buf: Buffer, from: number, at: number): boolean {
  let run = 0;
  for (let k = at - 1; k >= from && buf[k] === 0x5c; k--) run++;
  return run % 2 === 1;
}

/** Parse a window line; undefined when cut or not a JSON object. */
export function parseLine(buf: Buffer, line: WindowLine): Record<string, unknown> | undefined {
  return line.complete ? parseSpan(buf, line) : undefined;
}

/** Parse the JSON object in bytes [start, end) of `buf`; undefined for anything else. */
export function parseSpan(buf: Buffer, span: { start: number; end: number }): Record<string, unknown> | undefined {
  return parseObject(buf.toString("utf8", span.start, span.end));
}

/** Parse one JSONL line into an object, or undefined (truncated, binary, not an object). */
function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The start of the first JSON string value after `key` in a (possibly cut) line, decoded up to
 * `max` characters. Used when a huge first prompt runs past the head window.
 */
export function stringPrefixAfter(buf: Buffer, span: { start: number; end: number }, key: string, max: number): string | undefined {
  const text = buf.toString("utf8", span.start, Math.min(span.end, span.start + max * 8 + 4096));
  const at = text.indexOf(`"${key}":"`);
  if (at < 0) return undefined;
  let out = "";
  for (let i = at + key.length + 4; i < text.length && out.length < max; i++) {
    const c = text[i]!;
    if (c === '"') break;
    if (c !== "\\") {
      out += c;
      continue;
    }
    const e = text[++i];
    if (e === undefined) break;
    if (e === "u") {
      const code = parseInt(text.slice(i + 1, i + 5), 16);
      if (Number.isNaN(code)) break;
      out += String.fromCharCode(code);
      i += 4;
    } else out += e === "n" || e === "r" || e === "t" ? " " : e === "b" || e === "f" ? "" : e;
  }
  return out;
}

/** Encode a search needle once. */
export const needle = (s: string): Buffer => Buffer.from(s, "utf8");
