// Line framing of the claude CLI's stdout: one JSON object per "\n"-terminated line.
// Works on raw Buffers so a UTF-8 character split across reads is never corrupted, and
// caps the size of one line so a runaway line cannot exhaust memory, and its nesting depth so a
// hostile value cannot overflow the stack of whatever serializes it later.

import { boundDepth } from "../protocol/json-bounds.js";

/** One framed stdout line (or the lack of one); the chat engine reacts to each kind. */
export type FrameEvent =
  | { kind: "json"; value: unknown; bytes: number; clipped?: true }
  | { kind: "blank" }
  | { kind: "invalid"; text: string; error: string }
  | { kind: "overflow"; bytes: number }
  | { kind: "truncated"; text: string };

/** Options of LineSplitter; maxLineBytes bounds the memory one line may take. */
export interface LineSplitterOptions {
  /** Longest accepted line in bytes, excluding its "\n" (default 64 MiB). */
  maxLineBytes?: number;
}

/** Default cap of one stdout line: far above any real CLI line, far below a memory problem. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const PREVIEW_CHARS = 200;

/**
 * Splits a byte stream into newline-terminated lines and parses each as JSON.
 * Pushed buffers are kept by reference until their line completes: do not mutate them.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  /** Pieces of the current, not yet terminated line. */
  private parts: Buffer[] = [];
  private partsBytes = 0;
  /** True while skipping the rest of an over-long line; skippedBytes counts it. */
  private skipping = false;
  private skippedBytes = 0;

  constructor(options: LineSplitterOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`maxLineBytes must be a positive integer, got ${String(max)}`);
    }
    this.maxLineBytes = max;
  }

  /** Feeds one chunk of stdout; returns the events of every line it completes. */
  push(chunk: Buffer): FrameEvent[] {
    const events: FrameEvent[] = [];
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? chunk.length : newline;
      if (this.skipping) {
        this.skippedBytes += end - start;
      } else if (this.partsBytes + (end - start) > this.maxLineBytes) {
        this.startSkipping(end - start);
      } else if (newline !== -1 && this.parts.length === 0) {
        events.push(frameLine(chunk, start, end));
      } else if (end > start) {
        this.parts.push(chunk.subarray(start, end));
        this.partsBytes += end - start;
      }
      if (newline === -1) break;
      if (this.skipping || this.parts.length > 0) events.push(this.finishPending());
      start = newline + 1;
    }
    return events;
  }

  /** Flushes at end of stream: an unterminated last line is parsed if it is valid JSON. */
  end(): FrameEvent[] {
    if (this.skipping) return [this.finishPending()];
    if (this.parts.length === 0) return [];
    const line = this.takeParts();
    const event = frameLine(line, 0, line.length);
    if (event.kind === "invalid") return [{ kind: "truncated", text: event.text }];
    return [event];
  }

  private startSkipping(bytesInThisChunk: number): void {
    this.skipping = true;
    this.skippedBytes = this.partsBytes + bytesInThisChunk;
    this.parts = [];
    this.partsBytes = 0;
  }

  /** Completes the buffered (or skipped) line at a newline. */
  private finishPending(): FrameEvent {
    if (this.skipping) {
      const bytes = this.skippedBytes;
      this.skipping = false;
      this.skippedBytes = 0;
      return { kind: "overflow", bytes };
    }
    const line = this.takeParts();
    return frameLine(line, 0, line.length);
  }

  private takeParts(): Buffer {
    const line = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.partsBytes);
    this.parts = [];
    this.partsBytes = 0;
    return line;
  }
}

/** Decodes and parses one complete line buf[start, end) (newline excluded). */
function frameLine(buf: Buffer, start: number, end: number): FrameEvent {
  if (end > start && buf[end - 1] === CARRIAGE_RETURN) end -= 1;
  if (end === start) return { kind: "blank" };
  const text = buf.toString("utf8", start, end);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    if (text.trim() === "") return { kind: "blank" };
    const message = error instanceof Error ? error.message : String(error);
    return { kind: "invalid", text: text.slice(0, PREVIEW_CHARS), error: message };
  }
  const bounded = boundDepth(parsed);
  return bounded.clipped ? { kind: "json", value: bounded.value, bytes: end - start, clipped: true } : { kind: "json", value: parsed, bytes: end - start };
}
