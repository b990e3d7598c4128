import { ChannelBuilder } from "./channel-builder.js";
import { Cursor } from "./cursor.js";
import { DefinitionTable } from "./definitions.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { CHANNEL_NAMES, type ChannelName, type IrChannel, type NoteSequence, type Voice } from "./ir.js";
import { noteSemitone, readLength, readNote, readRepeatEnd, readRest, readValue } from "./notes.js";

// The pyxel dialect: channel lines `0:`–`3:`, commands as in Pyxel's MML (case-insensitive):
// T Q V K Y @ @ENV @VIB @GLI O > < L notes R [ ]. A line without a header continues the channel above.

const TONES: Voice[] = [
  { wave: "triangle" },
  { wave: "pulse", duty: 0.5 },
  { wave: "pulse", duty: 0.25 },
  { wave: "noise", noise_mode: "long" },
  { wave: "noise", noise_mode: "short" },
];
const STYLE = { lengthTie: "&" } as const;

/** Per-channel slot → definition id, since Pyxel's slots belong to a channel. */
type Slots = { env: Map<number, string>; vib: Map<number, string>; gli: Map<number, string> };

/** Parse pyxel-dialect MML into IR channels and definitions. */
export function parsePyxel(text: string, sink: DiagnosticSink): Pick<NoteSequence, "channels" | "definitions"> {
  const cur = new Cursor(text);
  const table = new DefinitionTable();
  const builders = CHANNEL_NAMES.map((n) => new ChannelBuilder(n, sink));
  const slots: Slots[] = builders.map(() => ({ env: new Map(), vib: new Map(), gli: new Map() }));
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

function command(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink): void {
  const start = cur.pos;
  const c = cur.peek().toUpperCase();
  const semitone = noteSemitone(c);
  if (semitone !== undefined) {
    cur.pos++;
    return readNote(cur, ch, sink, semitone, start, STYLE);
  }
  if (c === "@") {
    if (cur.accept("@ENV", true)) return envelope(cur, ch, slots, table, sink, start);
    if (cur.accept("@VIB", true)) return vibrato(cur, ch, slots, table, sink, start);
    if (cur.accept("@GLI", true)) return glide(cur, ch, slots, table, sink, start);
    cur.pos++;
    const tone = readValue(cur, sink, "@", 0, TONES.length - 1, start);
    if (tone !== null) ch.set({ type: "voice", tick: ch.tick, voice: TONES[tone]! }, start);
    return;
  }
  cur.pos++;
  switch (c) {
    case "T": {
      const v = readValue(cur, sink, "T", 1, 999, start);
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
      if (v !== null) ch.set({ type: "volume", tick: ch.tick, level: Math.round((v * 15 * 1000) / 127) / 1000 }, start);
      return;
    }
    case "K": {
      const v = readValue(cur, sink, "K", -127, 127, start, true);
      if (v !== null) ch.transpose = v;
      return;
    }
    case "Y": {
      const v = readValue(cur, sink, "Y", -9999, 9999, start, true);
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
      return readRepeatEnd(cur, ch, sink, start, 0);
    case "|":
      return; // a bar line, for reading only
    case "&":
      return ch.slurLast(start);
    default:
      sink.error(start, "SYNTAX_INVALID_TOKEN", `Unexpected '${cur.text.charAt(start)}' in pyxel MML.`, "Pyxel commands are T Q V K Y @ @ENV @VIB @GLI O > < L, notes C–B, R, [ and ].");
  }
}

/** `{ a, b, ... }` with numbers or `*`; null (reported) when malformed. */
function readBraced(cur: Cursor, sink: DiagnosticSink, what: string, example: string): (number | "*")[] | null {
  const values: (number | "*")[] = [];
  cur.skipSpace();
  const open = cur.pos;
  if (!cur.accept("{")) return null;
  for (;;) {
    cur.skipSpace();
    if (cur.accept("}")) return values;
    if (values.length > 0 && !cur.accept(",")) break;
    cur.skipSpace();
    if (cur.accept("*")) values.push("*");
    else {
      const n = cur.readInt(true);
      if (n === null) break;
      values.push(n);
    }
    if (values.length > 512) break;
  }
  sink.error(cur.pos, "DEFINITION_SYNTAX", `The ${what} definition is not a list of numbers in braces.`, `Write it as ${example}.`);
  const close = cur.text.indexOf("}", open);
  cur.pos = close === -1 ? cur.text.length : close + 1;
  return null;
}

function slotNumber(cur: Cursor, sink: DiagnosticSink, name: string, start: number): number | null {
  return readValue(cur, sink, name, 0, 999, start);
}

function select(cur: Cursor, ch: ChannelBuilder, map: Map<number, string>, slot: number, type: "envelope" | "lfo" | "glide", sink: DiagnosticSink, start: number, name: string): void {
  if (slot === 0) return ch.set({ type, tick: ch.tick, id: null }, start);
  const id = map.get(slot);
  if (id === undefined) sink.warn(start, "DEFINITION_UNDEFINED", `${name}${slot} is selected before it is defined on this channel; it is off.`, `Define it first, e.g. ${name}${slot} { ... }.`);
  ch.set({ type, tick: ch.tick, id: id ?? null }, start);
}

function envelope(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
  const slot = slotNumber(cur, sink, "@ENV", start);
  if (slot === null) return;
  const save = cur.pos;
  cur.skipSpace();
  if (cur.peek() !== "{") {
    cur.pos = save;
    return select(cur, ch, slots.env, slot, "envelope", sink, start, "@ENV");
  }
  const v = readBraced(cur, sink, "@ENV", "@ENV1 { 127, 12, 60, 24, 0 } (initial volume, then ticks and volume pairs)");
  if (v === null) return;
  if (slot === 0) return sink.error(start, "DEFINITION_SLOT_ZERO", "Slot 0 means 'off' and cannot be defined.", "Define slot 1 or higher.");
  const nums = v.filter((x): x is number => x !== "*");
  if (nums.length !== v.length || v.length % 2 !== 1 || nums.some((x, i) => x < 0 || (i % 2 === 0 && x > 127))) {
    return sink.error(start, "DEFINITION_SYNTAX", "@ENV needs an initial volume, then pairs of ticks and volume (volumes 0–127).", "Example: @ENV1 { 127, 12, 60, 24, 0 }.");
  }
  const level = (x: number) => Math.round((x * 15 * 1000) / 127) / 1000;
  const segments = [];
  for (let i = 1; i < nums.length; i += 2) segments.push({ length: nums[i]!, level: level(nums[i + 1]!), ramp: true });
  const id = table.define("envelopes", `env${slot}`, { unit: "tick", initial: level(nums[0]!), segments, loop: null });
  slots.env.set(slot, id);
  ch.set({ type: "envelope", tick: ch.tick, id }, start);
}

function vibrato(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
  const slot = slotNumber(cur, sink, "@VIB", start);
  if (slot === null) return;
  const save = cur.pos;
  cur.skipSpace();
  if (cur.peek() !== "{") {
    cur.pos = save;
    return select(cur, ch, slots.vib, slot, "lfo", sink, start, "@VIB");
  }
  const v = readBraced(cur, sink, "@VIB", "@VIB1 { 24, 12, 50 } (delay ticks, period ticks, depth cents)");
  if (v === null) return;
  if (slot === 0) return sink.error(start, "DEFINITION_SLOT_ZERO", "Slot 0 means 'off' and cannot be defined.", "Define slot 1 or higher.");
  if (v.length !== 3 || v.includes("*") || (v[0] as number) < 0 || (v[1] as number) < 0) {
    return sink.error(start, "DEFINITION_SYNTAX", "@VIB needs three numbers: delay ticks, period ticks, depth cents.", "Example: @VIB1 { 24, 12, 50 }.");
  }
  const [delay, period, depth] = v as number[];
  const id = table.define("lfos", `vib${slot}`, { unit: "tick", delay: delay!, period: period!, depth_cents: depth! });
  slots.vib.set(slot, id);
  ch.set({ type: "lfo", tick: ch.tick, id }, start);
}

function glide(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
  const slot = slotNumber(cur, sink, "@GLI", start);
  if (slot === null) return;
  const save = cur.pos;
  cur.skipSpace();
  if (cur.peek() !== "{") {
    cur.pos = save;
    return select(cur, ch, slots.gli, slot, "glide", sink, start, "@GLI");
  }
  const v = readBraced(cur, sink, "@GLI", "@GLI1 { -100, 24 } (offset cents, ticks; * for automatic)");
  if (v === null) return;
  if (slot === 0) return sink.error(start, "DEFINITION_SLOT_ZERO", "Slot 0 means 'off' and cannot be defined.", "Define slot 1 or higher.");
  if (v.length !== 2 || (typeof v[1] === "number" && v[1] < 0)) {
    return sink.error(start, "DEFINITION_SYNTAX", "@GLI needs two values: offset cents and ticks (each may be *).", "Example: @GLI1 { -100, 24 } or @GLI1 { *, * }.");
  }
  const id = table.define("glides", `gli${slot}`, { offset_cents: v[0] === "*" ? "auto" : v[0]!, length: v[1] === "*" ? "auto" : v[1]! });
  slots.gli.set(slot, id);
  ch.set({ type: "glide", tick: ch.tick, id }, start);
}
