import type { FileReader } from "./fsio.js";

// Reads a JSONL file backwards from a line boundary in chunks, collecting whole lines until it has
// enough turns or bytes. This is how a 50 MB session opens on its newest part without reading the
// rest; older pages continue from where the previous one started.

/** One line of a page; `obj` is set when the line was already parsed while looking for turns. */
export interface PageLine {
  offset: number;
  buf: Buffer;
  obj?: Record<string, unknown>;
}

/** Lines of one page, oldest first, and where the page starts. */
export interface RawPage {
  lines: PageLine[];
  start: number;
  end: number;
  boundaries: number;
  /** The byte budget ran out inside a turn, so the page begins in the middle of one. */
  startsMidTurn: boolean;
  /** Lines longer than maxLine that were left out. */
  skippedLines: number;
}

/** How to cut pages. */
export interface PageLimits {
  /** Stop after this many turn starts (the oldest one is included). */
  turns: number;
  /** Stop after this many bytes of lines (at the last turn start seen, if any). */
  maxBytes: number;
  /** Lines longer than this are skipped rather than held in memory. */
  maxLine: number;
  /** Decide whether a line starts a turn; may return the parsed line to save a second parse. */
  classify(buf: Buffer): { boundary: boolean; obj?: Record<string, unknown> };
}

const CHUNK = 256 * 1024;
const NL = 0x0a;

/** Read the page that ends at byte `end` (a line boundary or the file's size). */
export async function readPageBackward(reader: FileReader, end: number, limits: PageLimits): Promise<RawPage> {
  const picked: PageLine[] = [];
  let data: Buffer = Buffer.alloc(0); // unprocessed bytes [dataStart, dataStart + data.length)
  let dataStart = end;
  let bytes = 0;
  let found = 0;
  let lastBoundary = -1;
  let skippedLines = 0;
  let skipping = false;
  const page = (start: number, startsMidTurn: boolean): RawPage => ({ lines: picked.reverse(), start, end, boundaries: found, startsMidTurn, skippedLines });

  while (dataStart > 0 || data.length > 0) {
    if (dataStart > 0) {
      const size = Math.min(dataStart, Math.max(CHUNK, data.length)); // grow with long lines: linear, not quadratic
      const from = dataStart - size;
      const chunk = await reader.read(from, size);
      if (skipping) {
        const nl = chunk.lastIndexOf(NL);
        if (nl < 0 && from > 0) {
          dataStart = from;
          continue;
        }
        skipping = false;
        skippedLines++;
        data = chunk.subarray(0, nl + 1);
      } else data = data.length === 0 ? chunk : Buffer.concat([chunk, data]);
      dataStart = from;
    }
    let lineEnd = data.length;
    // Split whole lines off the end; the first line of `data` is whole only at the file's start.
    while (lineEnd > 0) {
      const e = data[lineEnd - 1] === NL ? lineEnd - 1 : lineEnd;
      const prevNl = e > 0 ? data.lastIndexOf(NL, e - 1) : -1;
      if (prevNl < 0 && dataStart > 0) break; // this line starts in bytes not read yet
      const s = prevNl + 1;
      lineEnd = s;
      if (e <= s) continue;
      const buf = data.subarray(s, e);
      const offset = dataStart + s;
      const { boundary, obj } = limits.classify(buf);
      picked.push(obj ? { offset, buf, obj } : { offset, buf });
      bytes += buf.length + 1;
      if (boundary) {
        found++;
        lastBoundary = picked.length - 1;
        if (found >= limits.turns) return page(offset, false);
      }
      if (bytes >= limits.maxBytes) {
        if (lastBoundary >= 0) {
          picked.length = lastBoundary + 1;
          return page(picked[lastBoundary]!.offset, false);
        }
        return page(offset, offset > 0);
      }
    }
    data = data.subarray(0, lineEnd);
    if (dataStart === 0 && data.length === 0) break;
    if (data.length > limits.maxLine) {
      skipping = true;
      data = Buffer.alloc(0);
    }
  }
  return page(0, false);
}
