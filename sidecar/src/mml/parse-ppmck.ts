import { ChannelBuilder } from "./channel-builder.js";
import { Cursor } from "./cursor.js";
import { DefinitionTable } from "./definitions.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { CHANNEL_NAMES, type ChannelName, type IrChannel, type NoteSequence } from "./ir.js";
import { noteSemitone, readLength, readNote, readRepeatEnd, readRest, readValue } from "./notes.js";
import { readPpmckDefinition, resolvePpmckSelections } from "./ppmck-defs.js";

// The ppmck-style dialect: lines start with track letters (A, B pulse, T triangle, N noise; several
// at once, e.g. "AB"), followed by lowercase commands t l o v q Q @ K D notes r ^ & [ | ] L and
// the selections @v MP GL. A line without a header continues the tracks of the line above.
// Definition lines (@v, @MP, @GL) and `#` directives stand on their own lines. "ppmck" names the
// syntax style; PPMCK/mckc extensions are not promised.

const TRACKS: Record<string, number> = { A: 0, B: 1, T: 2, N: 3 };
const DUTIES = [0.125, 0.25, 0.5, 0.75];
const STYLE = { lengthTie: "^" } as const;

/** Parse ppmck-style MML into IR channels and definitions. */
export function parsePpmck(text: string, sink: DiagnosticSink, maxHz = Infinity): Pick<NoteSequence, "channels" | "definitions"> {
  const cur = new Cursor(text);
  const table = new DefinitionTable();
  const builders = CHANNEL_NAMES.map((n) => new ChannelBuilder(n, sink, maxHz));
  let tracks: number[] = [];
  while (!cur.eof()) {
    if (cur.atLineStart()) {
      const lineEnd = text.indexOf("\n", cur.pos) === -1 ? text.length : text.indexOf("\n", cur.pos);
      if (cur.peek() === "#") {
        cur.pos = lineEnd; // #TITLE and other directives: not used for sound
        continue;
      }
      if (readPpmckDefinition(cur, table, sink)) continue;
      const m = /^([A-Z]+)(?=[ \t]|$)/.exec(text.slice(cur.pos, Math.min(lineEnd, cur.pos + 16)).replace(/\r$/, ""));
      if (m) {
        const bad = [...m[1]!].find((c) => !(c in TRACKS));
        if (bad !== undefined) {
          sink.error(cur.pos + m[1]!.indexOf(bad), "TRACK_UNKNOWN", `Track '${bad}' does not exist.`, "Use tracks A and B (pulse), T (triangle) and N (noise).");
          tracks = [];
        } else tracks = [...new Set([...m[1]!].map((c) => TRACKS[c]!))];
        cur.pos += m[0].length;
      }
      // the rest of this line, once per track (diagnostics reported once)
      const bodyStart = cur.pos;
      const end = text.indexOf("\n", bodyStart);
      const stop = end === -1 ? text.length : end;
      if (tracks.length === 0) {
        cur.skipBlanks();
        if (cur.pos < stop && !m) sink.error(cur.pos, "TRACK_MISSING", "This MML comes before any track header.", "Start the line with a track, e.g. 'A t120 l8 o4 cdefgab'.");
        cur.pos = stop;
        continue;
      }
      tracks.forEach((t, i) => {
        sink.muted = i > 0;
        cur.pos = bodyStart;
        while (cur.pos < stop) {
          cur.skipBlanks();
          if (cur.pos >= stop) break;
          command(cur, builders[t]!, sink);
        }
      });
      sink.muted = false;
      cur.pos = Math.max(cur.pos, stop);
      if (cur.peek() === "\n") cur.pos++;
      continue;
    }
    cur.pos++;
  }
  const channels = Object.fromEntries(builders.map((b) => [b.name, b.finish(text.length)])) as Record<ChannelName, IrChannel>;
  resolvePpmckSelections(builders, channels, table, sink);
  return { channels, definitions: table.defs };
}

function command(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink): void {
  const start = cur.pos;
  const c = cur.peek();
  const semitone = c >= "a" && c <= "g" ? noteSemitone(c) : undefined;
  if (semitone !== undefined) {
    cur.pos++;
    return readNote(cur, ch, sink, semitone, start, STYLE);
  }
  if (cur.accept("@v")) return select(cur, ch, sink, start, "envelope", "v", "@v");
  if (cur.accept("MPOF")) return ch.set({ type: "lfo", tick: ch.tick, id: null }, start);
  if (cur.accept("MP")) return select(cur, ch, sink, start, "lfo", "mp", "MP");
  if (cur.accept("GLOF")) return ch.set({ type: "glide", tick: ch.tick, id: null }, start);
  if (cur.accept("GL")) return select(cur, ch, sink, start, "glide", "gl", "GL");
  cur.pos++;
  switch (c) {
    case "t": {
      const v = readValue(cur, sink, "t", 1, 999, start);
      if (v !== null) ch.set({ type: "tempo", tick: ch.tick, bpm: v }, start);
      return;
    }
    case "l":
      ch.lengthTicks = readLength(cur, sink, ch.lengthTicks);
      return;
    case "o": {
      const v = readValue(cur, sink, "o", 0, 8, start);
      if (v !== null) ch.octave = v;
      return;
    }
    case ">":
    case "<": {
      const next = ch.octave + (c === ">" ? 1 : -1);
      if (next < 0 || next > 8) sink.error(start, "OCTAVE_OUT_OF_RANGE", `'${c}' takes the octave to ${next}, outside 0–8.`, "Remove the shift or set the octave with o.");
      else ch.octave = next;
      return;
    }
    case "v":
      return volume(cur, ch, sink, start);
    case "q":
    case "@":
      return duty(cur, ch, sink, start, c);
    case "Q": {
      const v = readValue(cur, sink, "Q", 1, 8, start);
      if (v !== null) ch.gate = v / 8;
      return;
    }
    case "K": {
      const v = readValue(cur, sink, "K", -127, 127, start, true);
      if (v !== null) ch.transpose = v;
      return;
    }
    case "D": {
      const v = readValue(cur, sink, "D", -9999, 9999, start, true);
      if (v !== null) ch.detuneCents = v;
      return;
    }
    case "r":
    case "w":
      return readRest(cur, ch, sink, start, STYLE);
    case "[":
      return ch.repeatStart();
    case "]":
      return readRepeatEnd(cur, ch, sink, start, 2);
    case "|":
      ch.repeatBreak(start); // outside a repeat: a bar line
      return;
    case "^":
      // a length tie that does not follow a note or rest (`A ^8 c`)
      return ch.extendLast(readLength(cur, sink, ch.lengthTicks), start);
    case "L":
      ch.loopTick = ch.tick;
      return;
    case "&":
      return ch.slurLast(start);
    default:
      sink.error(start, "SYNTAX_INVALID_TOKEN", `Unexpected '${c}' in ppmck MML.`, "ppmck commands are t l o > < v q Q @ K D @v MP GL, lowercase notes c–b, r, ^ &, [ | ] and L.");
  }
}

function volume(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, start: number): void {
  const sign = cur.peek();
  let level: number;
  if (sign === "+" || sign === "-") {
    cur.pos++;
    const step = cur.digitNext() ? cur.readInt()! : 1;
    level = Math.min(15, Math.max(0, ch.volume + (sign === "+" ? step : -step)));
  } else {
    const v = readValue(cur, sink, "v", 0, 15, start);
    if (v === null) return;
    level = v;
  }
  ch.volume = level;
  if (ch.envelopeOn) {
    ch.set({ type: "envelope", tick: ch.tick, id: null }, start);
    ch.envelopeOn = false;
  }
  ch.set({ type: "volume", tick: ch.tick, level }, start);
}

function duty(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, start: number, name: string): void {
  if (ch.name === "Noise") {
    const v = readValue(cur, sink, name, 0, 1, start);
    if (v !== null) ch.set({ type: "voice", tick: ch.tick, voice: { wave: "noise", noise_mode: v === 0 ? "long" : "short" } }, start);
    return;
  }
  const v = readValue(cur, sink, name, 0, 3, start);
  if (v === null || ch.name === "Triangle") return; // the triangle has no duty
  ch.set({ type: "voice", tick: ch.tick, voice: { wave: "pulse", duty: DUTIES[v]! } }, start);
}

function select(cur: Cursor, ch: ChannelBuilder, sink: DiagnosticSink, start: number, type: "envelope" | "lfo" | "glide", prefix: string, name: string): void {
  const n = readValue(cur, sink, name, 0, 999, start);
  if (n === null) return;
  if (type === "envelope") {
    // an envelope gives the level itself: full channel volume while it is on
    ch.envelopeOn = true;
    ch.volume = 15;
    ch.set({ type: "volume", tick: ch.tick, level: 15 }, start);
  }
  const id = `${prefix}${n}`;
  ch.set({ type, tick: ch.tick, id }, start);
  if (!ch.selectionRefs.has(id)) ch.selectionRefs.set(id, { offset: start, name: `${name}${n}` });
}
