import type { ChannelBuilder } from "./channel-builder.js";
import type { Cursor } from "./cursor.js";
import type { DefinitionTable } from "./definitions.js";
import type { DiagnosticSink } from "./diagnostics.js";
import { readValue } from "./notes.js";

// The pyxel dialect's definitions and selections: @ENV, @VIB and @GLI, each with a slot number that
// belongs to its channel (slot 0 means "off").

/** The largest number Pyxel's parser reads (its values are 32-bit integers). */
export const PYXEL_INT_MAX = 2_147_483_647;

/** A Pyxel volume (0–127) on the IR's 0–15 scale, kept to 3 decimals. */
export function level(v: number): number {
  return Math.round((v * 15 * 1000) / 127) / 1000;
}

/** Per-channel slot → definition id, since Pyxel's slots belong to a channel. */
export type Slots = { env: Map<number, string>; vib: Map<number, string>; gli: Map<number, string> };

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
  return readValue(cur, sink, name, 0, PYXEL_INT_MAX, start); // any slot >= 0, as in Pyxel
}

function select(cur: Cursor, ch: ChannelBuilder, map: Map<number, string>, slot: number, type: "envelope" | "lfo" | "glide", sink: DiagnosticSink, start: number, name: string): void {
  if (slot === 0) return ch.set({ type, tick: ch.tick, id: null }, start);
  const id = map.get(slot);
  if (id === undefined) sink.warn(start, "DEFINITION_UNDEFINED", `${name}${slot} is selected before it is defined on this channel; it is off.`, `Define it first, e.g. ${name}${slot} { ... }.`);
  ch.set({ type, tick: ch.tick, id: id ?? null }, start);
}

/** `@ENV<n>` (select) or `@ENV<n> { init, ticks, vol, … }` (define and select). */
export function envelope(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
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
  const segments = [];
  for (let i = 1; i < nums.length; i += 2) segments.push({ length: nums[i]!, level: level(nums[i + 1]!), ramp: true });
  const id = table.define("envelopes", `env${slot}`, { unit: "tick", initial: level(nums[0]!), segments, loop: null });
  slots.env.set(slot, id);
  ch.set({ type: "envelope", tick: ch.tick, id }, start);
}

/** `@VIB<n>` (select) or `@VIB<n> { delay, period, depth }` (define and select). */
export function vibrato(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
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

/** `@GLI<n>` (select) or `@GLI<n> { offset, ticks }` (define and select). */
export function glide(cur: Cursor, ch: ChannelBuilder, slots: Slots, table: DefinitionTable, sink: DiagnosticSink, start: number): void {
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
