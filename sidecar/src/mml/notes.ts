import type { ChannelBuilder } from "./channel-builder.js";
import type { Cursor } from "./cursor.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { TICKS_PER_QUARTER } from "./ir.js";

// Notes, rests, lengths, dots, ties and repeats: the part of MML both dialects write the same way.

const WHOLE = TICKS_PER_QUARTER * 4;
const SEMITONES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** How a dialect writes ties: pyxel `&<len>` lengthens and `&` alone slurs; ppmck `^<len>` lengthens, `&` slurs. */
export interface TieStyle {
  lengthTie: "&" | "^";
  /** Pyxel reads one `#`, `+` or `-` after a note; a second one is not part of the note. */
  oneAccidental?: boolean;
}

/** Semitone of a note letter (either case), or undefined. */
export function noteSemitone(c: string): number | undefined {
  return SEMITONES[c.toUpperCase()];
}

/** Read `<len>` and dots after a note, rest or `l`; the default applies when no number follows. */
export function readLength(cur: Cursor, sink: DiagnosticSink, defaultTicks: number): number {
  let ticks = defaultTicks;
  const at = cur.pos;
  if (cur.digitNext()) {
    const n = cur.readInt()!;
    if (n < 1 || n > WHOLE) sink.error(at, "VALUE_OUT_OF_RANGE", `Note length ${n} is outside 1–${WHOLE}.`, "Use a length such as 1, 2, 4, 8, 16, 32 (or 3, 6, 12, 24 for triplets).");
    else if (WHOLE % n !== 0)
      sink.error(at, "LENGTH_INVALID", `Note length ${n} does not divide a whole note of ${WHOLE} ticks.`, "Use a divisor of 192: 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96 or 192.");
    else ticks = WHOLE / n;
  }
  let dot = ticks;
  for (;;) {
    cur.skipBlanks();
    if (cur.peek() !== ".") break;
    const dotAt = cur.pos++;
    if (dot % 2 !== 0) {
      sink.error(dotAt, "DOT_INVALID", `A dot cannot halve ${dot} ticks.`, "Use fewer dots or a longer base length.");
      continue;
    }
    dot /= 2;
    ticks += dot;
  }
  return ticks;
}

/** Read a note whose letter was just consumed at `start`: accidental, length, ties; emit it. */
export function readNote(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, semitone: number, start: number, style: TieStyle): void {
  cur.skipBlanks();
  let accidental = 0;
  while (cur.peek() === "+" || cur.peek() === "#" || cur.peek() === "-") {
    accidental += cur.peek() === "-" ? -1 : 1;
    cur.pos++;
    if (style.oneAccidental) break;
  }
  let ticks = readLength(cur, sink, ch.lengthTicks);
  let slurAt = -1;
  for (;;) {
    cur.skipBlanks();
    const c = cur.peek();
    if (c === "^" && style.lengthTie === "^") {
      cur.pos++;
      ticks += readLength(cur, sink, ch.lengthTicks);
    } else if (c === "&") {
      const at = cur.pos++;
      if (style.lengthTie === "&" && cur.digitNext()) ticks += readLength(cur, sink, ch.lengthTicks);
      else {
        slurAt = at;
        break;
      }
    } else break;
  }
  // below key 0 (O-1 C-) the key stays 0, as Pyxel's parser clamps it
  const key = Math.max(0, (ch.octave + 1) * 12 + semitone + accidental);
  if (!ch.mergeTie(key, ticks)) {
    ch.note(key, ticks, start);
    ch.noteStarted();
  }
  if (slurAt >= 0) ch.slurLast(slurAt);
}

/** Read a rest whose letter was just consumed: length and length ties. */
export function readRest(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, start: number, style: TieStyle): void {
  let ticks = readLength(cur, sink, ch.lengthTicks);
  for (;;) {
    cur.skipBlanks();
    if (cur.peek() !== style.lengthTie) break;
    const at = cur.pos++;
    if (!cur.digitNext()) {
      sink.error(at, "TIE_WITHOUT_NOTE", "A tie after a rest needs a length.", "Write e.g. 'r4^8' (ppmck) or 'R4&8' (pyxel).");
      break;
    }
    ticks += readLength(cur, sink, ch.lengthTicks);
  }
  ch.rest(ticks, start);
}

/** `]<count>`: close a repeat (no count: `missingCount`; counts above `max` are refused). */
export function readRepeatEnd(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, start: number, missingCount: number, max = 999): void {
  const n = cur.readInt();
  if (n !== null && (n < 0 || n > max)) {
    sink.error(start + 1, "VALUE_OUT_OF_RANGE", `Repeat count ${n} is outside 0–${max}.`, "Use a count such as ']2'.");
    ch.repeatEnd(1, start);
    return;
  }
  ch.repeatEnd(n ?? missingCount, start);
}

/** Read a required integer in [min, max] after a command; reports and returns null when absent or out of range. */
export function readValue(cur: Cursor, sink: DiagnosticSink, command: string, min: number, max: number, start: number, signed = false): number | null {
  const at = cur.pos;
  const n = cur.readInt(signed || min < 0);
  if (n === null) {
    sink.error(at, "SYNTAX_MISSING_NUMBER", `'${command}' needs a number.`, `Write e.g. '${command}${Math.max(min, Math.min(max, 4))}' (range ${min}–${max}).`);
    return null;
  }
  if (n < min || n > max) {
    sink.error(start, "VALUE_OUT_OF_RANGE", `'${command}${n}' is outside ${min}–${max}.`, `Use a value from ${min} to ${max}.`);
    return null;
  }
  return n;
}
