import { ChannelBuilder } from "./channel-builder.js";
import { Cursor } from "./cursor.js";
import { DefinitionTable } from "./definitions.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { CHANNEL_NAMES, type ChannelName, type IrChannel, type NoteSequence, type Voice } from "./ir.js";
import { noteSemitone, readLength, readNote, readRepeatEnd, readRest, readValue } from "./notes.js";
import { envelope, glide, level, PYXEL_INT_MAX, vibrato, type Slots } from "./pyxel-defs.js";

// The pyxel dialect: channel lines `0:`–`3:`, commands as in Pyxel's MML (case-insensitive):
// T Q V K Y @ @ENV @VIB @GLI O > < L notes R [ ]. A line without a header continues the channel above.

const TONES: Voice[] = [{ wave: "triangle" }, { wave: "pulse", duty: 0.5 }, { wave: "pulse", duty: 0.25 }, { wave: "noise", noise_mode: "long" }, { wave: "noise", noise_mode: "short" }];
const STYLE = { lengthTie: "&", oneAccidental: true } as const;
/** Pyxel's default volume, V100 of 127, on the IR's 0–15 scale. */
const DEFAULT_VOLUME = level(100);

/** A channel's parse state beyond the builder: its definition slots, and whether V was given yet. */
type PyxelChannel = Slots & { volumeSet: boolean };

/** Parse pyxel-dialect MML into IR channels and definitions. */
export function parsePyxel(text: string, sink: DiagnosticSink, maxHz = Infinity): Pick<NoteSequence, "channels" | "definitions"> {
  const cur = new Cursor(text);
  const table = new DefinitionTable();
  const builders = CHANNEL_NAMES.map((n) => new ChannelBuilder(n, sink, maxHz));
  const slots: PyxelChannel[] = builders.map(() => ({ env: new Map(), vib: new Map(), gli: new Map(), volumeSet: false }));
  for (const b of builders) b.gate = 0.8;
  let current = -1;
  while (!cur.eof()) {
    if (cur.atLineStart()) {
      cur.skipBlanks();
      const m = /^(\d+)\s*:/.exec(text.slice(cur.pos, cur.pos + 12));
      if (m) {
        const n = Number(m[1]);
        if (n > 3) sink.error(cur.pos, "TRACK_UNKNOWN", `Channel ${n} does not exist.`, "Use channels 0: (Pulse1), 1: (Pulse2), 2: (Triangle) and 3: (Noise).");
        current = n > 3 ? -2 : n;
        cur.pos += m[0].length;
      }
    }
    cur.skipBlanks();
    if (cur.eof()) break;
    if (cur.peek() === "\n") {
      cur.pos++;
      continue;
    }
    if (current < 0) {
      if (current === -1) sink.error(cur.pos, "TRACK_MISSING", "This MML comes before any channel header.", "Start the line with a channel, e.g. '0: T120 L8 O4 C D E F'.");
      const nl = text.indexOf("\n", cur.pos);
      cur.pos = nl === -1 ? text.length : nl;
      continue;
    }
    command(cur, builders[current]!, slots[current]!, table, sink);
  }
  const channels = Object.fromEntries(builders.map((b) => [b.name, b.finish(text.length)])) as Record<ChannelName, IrChannel>;
  return { channels, definitions: table.defs };
}

function command(cur: Cursor, ch: ChannelBuilder, slots: PyxelChannel, table: DefinitionTable, sink: DiagnosticSink): void {
  const start = cur.pos;
  const c = cur.peek().toUpperCase();
  const semitone = noteSemitone(c);
  if (semitone !== undefined) {
    cur.pos++;
    if (!slots.volumeSet) {
      // as Pyxel, a channel's first note without a V before it plays at V100
      slots.volumeSet = true;
      ch.set({ type: "volume", tick: ch.tick, level: DEFAULT_VOLUME }, start);
    }
    return readNote(cur, ch, sink, semitone, start, STYLE);
  }
  if (c === "@") {
    if (cur.accept("@ENV", true)) return envelope(cur, ch, slots, table, sink, start);
    if (cur.accept("@VIB", true)) return vibrato(cur, ch, slots, table, sink, start);
    if (cur.accept("@GLI", true)) return glide(cur, ch, slots, table, sink, start);
    cur.pos++;
    const tone = readValue(cur, sink, "@", 0, PYXEL_INT_MAX, start);
    if (tone === null) return;
    if (tone >= TONES.length) {
      sink.warn(start, "TONE_UNDEFINED", `Tone @${tone} does not exist; like Pyxel, it plays tone @0 (triangle).`, "Use @0 triangle, @1 square, @2 pulse, @3 noise or @4 short noise.");
    }
    ch.set({ type: "voice", tick: ch.tick, voice: TONES[tone] ?? TONES[0]! }, start);
    return;
  }
  cur.pos++;
  switch (c) {
    case "T": {
      const v = readValue(cur, sink, "T", 1, PYXEL_INT_MAX, start);
      if (v !== null) ch.set({ type: "tempo", tick: ch.tick, bpm: v }, start);
      return;
    }
    case "Q": {
      const v = readValue(cur, sink, "Q", 0, 100, start);
      if (v !== null) ch.gate = v / 100;
      return;
    }
    case "V": {
      const v = readValue(cur, sink, "V", 0, 127, start);
      if (v === null) return;
      slots.volumeSet = true;
      ch.set({ type: "volume", tick: ch.tick, level: level(v) }, start);
      return;
    }
    case "K": {
      const v = readValue(cur, sink, "K", -PYXEL_INT_MAX, PYXEL_INT_MAX, start, true);
      if (v !== null) ch.transpose = v;
      return;
    }
    case "Y": {
      const v = readValue(cur, sink, "Y", -PYXEL_INT_MAX, PYXEL_INT_MAX, start, true);
      if (v !== null) ch.detuneCents = v;
      return;
    }
    case "O": {
      const v = readValue(cur, sink, "O", -1, 9, start, true);
      if (v !== null) ch.octave = v;
      return;
    }
    case ">":
    case "<": {
      const next = ch.octave + (c === ">" ? 1 : -1);
      if (next < -1 || next > 9) sink.error(start, "OCTAVE_OUT_OF_RANGE", `'${c}' takes the octave to ${next}, outside -1–9.`, "Remove the shift or set the octave with O.");
      else ch.octave = next;
      return;
    }
    case "L":
      ch.lengthTicks = readLength(cur, sink, ch.lengthTicks);
      return;
    case "R":
      return readRest(cur, ch, sink, start, STYLE);
    case "[":
      return ch.repeatStart();
    case "]":
      return readRepeatEnd(cur, ch, sink, start, 0, PYXEL_INT_MAX);
    case "|":
      return; // a bar line, for reading only
    case "&":
      // `&<len>` lengthens the note right before; `&` alone slurs it into the next one
      if (cur.digitNext()) return ch.extendLast(readLength(cur, sink, ch.lengthTicks), start);
      return ch.slurLast(start);
    default:
      sink.error(start, "SYNTAX_INVALID_TOKEN", `Unexpected '${cur.text.charAt(start)}' in pyxel MML.`, "Pyxel commands are T Q V K Y @ @ENV @VIB @GLI O > < L, notes C–B, R, [ and ].");
  }
}
