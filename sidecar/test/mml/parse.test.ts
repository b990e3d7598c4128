import { describe, expect, it } from "vitest";
import type { NoteEvent } from "../../src/mml/ir.js";
import { parseMml, type MmlMode } from "../../src/mml/parse.js";

const notes = (mml: string, mode: MmlMode, ch: "Pulse1" | "Pulse2" | "Triangle" | "Noise" = "Pulse1") => parseMml(mml, mode).ir.channels[ch].events.filter((e): e is NoteEvent => e.type === "note");
const firstError = (mml: string, mode: MmlMode) => {
  const e = parseMml(mml, mode).errors[0];
  return e && { code: e.code, line: e.line, column: e.column };
};

describe("pyxel dialect", () => {
  it("maps note names, accidentals and octaves to MIDI keys (O4 A = 69)", () => {
    expect(notes("0: O4 C D E F G A B", "pyxel").map((n) => n.key)).toEqual([60, 62, 64, 65, 67, 69, 71]);
    expect(notes("0: C+ C# C- O3 C > C < < C", "pyxel").map((n) => n.key)).toEqual([61, 61, 59, 48, 60, 36]);
    expect(notes("0: O-1 C O9 B", "pyxel").map((n) => n.key)).toEqual([0, 131]);
  });
  it("computes lengths, dots and ties in ticks (48 per quarter)", () => {
    expect(notes("0: C1 C2 C4 C8 C16 C192 L8 C C4. C4.. C12", "pyxel").map((n) => n.length)).toEqual([192, 96, 48, 24, 12, 1, 24, 72, 84, 16]);
    expect(notes("0: C4&16 C4&C8 R4", "pyxel").map((n) => n.length)).toEqual([60, 72]);
  });
  it("slurs different pitches with & (legato, gate 1) and keeps Q's gate elsewhere", () => {
    const ns = notes("0: Q50 C&D E", "pyxel");
    expect(ns.map((n) => [n.key, n.gate, n.slur])).toEqual([
      [60, 1, true],
      [62, 0.5, false],
      [64, 0.5, false],
    ]);
  });
  it("expands repeats with counts, nesting, and an endless repeat once with a warning", () => {
    expect(notes("0: [C [D]2 ]3", "pyxel").map((n) => n.key)).toEqual([60, 62, 62, 60, 62, 62, 60, 62, 62]);
    const r = parseMml("0: C [D E]", "pyxel");
    expect(r.ir.channels.Pulse1.loop_tick).toBe(48);
    expect(r.warnings.map((w) => w.code)).toEqual(["REPEAT_INFINITE"]);
    expect(notes("0: [C D]2 E", "pyxel").map((n) => n.tick)).toEqual([0, 48, 96, 144, 192]);
  });
  it("puts envelopes, vibratos and glides under definitions and selects them per channel", () => {
    const r = parseMml("0: @ENV1 { 127, 24, 0 } C @ENV0 C\n1: @VIB2 { 12, 24, 50 } @GLI1 { *, 12 } C", "pyxel");
    expect(r.errors).toEqual([]);
    expect(r.ir.definitions.envelopes.env1).toEqual({ id: "env1", unit: "tick", initial: 15, segments: [{ length: 24, level: 0, ramp: true }], loop: null });
    expect(r.ir.definitions.lfos.vib2).toEqual({ id: "vib2", unit: "tick", delay: 12, period: 24, depth_cents: 50 });
    expect(r.ir.definitions.glides.gli1).toEqual({ id: "gli1", offset_cents: "auto", length: 12 });
    expect(r.ir.channels.Pulse1.events.filter((e) => e.type === "envelope").map((e) => (e as { id: string | null }).id)).toEqual(["env1", null]);
  });
  it("maps tones @0–@4 to voices and V0–127 to 4-bit volume", () => {
    const ev = parseMml("0: @0 @2 @3 @4 V127 V0", "pyxel").ir.channels.Pulse1.events;
    expect(ev.filter((e) => e.type === "voice").map((e) => (e as { voice: unknown }).voice)).toEqual([
      { wave: "triangle" },
      { wave: "pulse", duty: 0.25 },
      { wave: "noise", noise_mode: "long" },
      { wave: "noise", noise_mode: "short" },
    ]);
    expect(ev.filter((e) => e.type === "volume").map((e) => (e as { level: number }).level)).toEqual([15, 0]);
  });
  it("continues a channel on lines without a header and accepts | as a bar line", () => {
    expect(notes("0: C D |\n   E F", "pyxel").map((n) => n.key)).toEqual([60, 62, 64, 65]);
  });
  it("reports each error with its code and 0-based line and column", () => {
    expect(firstError("0: C D Z", "pyxel")).toEqual({ code: "SYNTAX_INVALID_TOKEN", line: 0, column: 7 });
    expect(firstError("0: C\n0: V200", "pyxel")).toEqual({ code: "VALUE_OUT_OF_RANGE", line: 1, column: 3 });
    expect(firstError("0: T", "pyxel")).toEqual({ code: "SYNTAX_MISSING_NUMBER", line: 0, column: 4 });
    expect(firstError("0: C5", "pyxel")).toEqual({ code: "LENGTH_INVALID", line: 0, column: 4 });
    expect(firstError("0: C192.", "pyxel")).toEqual({ code: "DOT_INVALID", line: 0, column: 7 });
    expect(firstError("0: O9 >", "pyxel")).toEqual({ code: "OCTAVE_OUT_OF_RANGE", line: 0, column: 6 });
    expect(firstError("0: C&", "pyxel")).toEqual({ code: "TIE_WITHOUT_NOTE", line: 0, column: 4 });
    expect(firstError("0: C ]2", "pyxel")).toEqual({ code: "REPEAT_UNMATCHED_END", line: 0, column: 5 });
    expect(firstError("0: [C", "pyxel")?.code).toBe("REPEAT_UNCLOSED");
    expect(firstError("4: C", "pyxel")).toEqual({ code: "TRACK_UNKNOWN", line: 0, column: 0 });
    expect(firstError("C D", "pyxel")).toEqual({ code: "TRACK_MISSING", line: 0, column: 0 });
    expect(firstError("0: @ENV1 { 1, 2 }", "pyxel")).toEqual({ code: "DEFINITION_SYNTAX", line: 0, column: 3 });
    expect(firstError("0: @ENV0 { 1, 2, 3 }", "pyxel")).toEqual({ code: "DEFINITION_SLOT_ZERO", line: 0, column: 3 });
    expect(firstError("0: T1 [C1]999", "pyxel")?.code).toBe("SONG_TOO_LONG");
    const w = parseMml("0: @VIB3 C", "pyxel").warnings[0]!;
    expect([w.code, w.severity, w.line, w.column]).toEqual(["DEFINITION_UNDEFINED", "warning", 0, 3]);
  });
  it("gives the offending line as context and keeps going after an error", () => {
    const r = parseMml("0: C\n1: C Z D X", "pyxel");
    expect(r.errors.map((e) => [e.column, e.context])).toEqual([
      [5, "1: C Z D X"],
      [9, "1: C Z D X"],
    ]);
    expect(notes("0: C\n1: C Z D X", "pyxel", "Pulse2").map((n) => n.key)).toEqual([60, 62]);
  });
  it("caps the number of reported errors", () => {
    const r = parseMml("0: " + "Z".repeat(500), "pyxel");
    expect(r.errors.length).toBe(101);
    expect(r.errors[100]!.code).toBe("TOO_MANY_ERRORS");
  });
});

describe("ppmck dialect", () => {
  it("reads tracks A B T N, several at once, and continuation lines", () => {
    const r = parseMml("AB t150 l8 o4\nA c d\n  e\nT o3 c\nN c", "ppmck");
    expect(r.errors).toEqual([]);
    expect(r.ir.channels.Pulse1.events.filter((e) => e.type === "note").map((e) => (e as NoteEvent).key)).toEqual([60, 62, 64]);
    expect(r.ir.channels.Pulse2.events).toEqual([{ type: "tempo", tick: 0, bpm: 150 }]);
    expect(notes("T o3 c", "ppmck", "Triangle")[0]!.key).toBe(48);
    expect(notes("N c", "ppmck", "Noise")[0]!.length).toBe(48);
  });
  it("uses q for the pulse duty and the noise mode, Q for the gate, ^ and & for ties and slurs", () => {
    const ev = parseMml("A q0 q1 q2 q3 Q6 c4^8 d&e\nN q1", "ppmck").ir.channels;
    expect(ev.Pulse1.events.filter((e) => e.type === "voice").map((e) => (e as { voice: { duty?: number } }).voice.duty)).toEqual([0.125, 0.25, 0.5, 0.75]);
    expect(
      ev.Pulse1.events
        .filter((e) => e.type === "note")
        .map((e) => {
          const n = e as NoteEvent;
          return [n.key, n.length, n.gate, n.slur];
        }),
    ).toEqual([
      [60, 72, 0.75, false],
      [62, 48, 1, true],
      [64, 48, 0.75, false],
    ]);
    expect(ev.Noise.events).toEqual([{ type: "voice", tick: 0, voice: { wave: "noise", noise_mode: "short" } }]);
  });
  it("expands [ | ]n with the break on the last pass, and marks L as the loop point", () => {
    const r = parseMml("A l8 c L [d e | f]3", "ppmck");
    expect(r.ir.channels.Pulse1.events.filter((e) => e.type === "note").map((e) => (e as NoteEvent).key)).toEqual([60, 62, 64, 65, 62, 64, 65, 62, 64]);
    expect(r.ir.channels.Pulse1.loop_tick).toBe(24);
    expect(r.ir.channels.Pulse1.duration_ticks).toBe(9 * 24);
  });
  it("defines @v envelopes, @MP vibratos and @GL glides on their own lines", () => {
    const r = parseMml("@v1 = { 15 12 | 9 6 }\n@MP1 = { 10, 6, 30 }\n@GL2 = { -200, * }\nA @v1 MP1 GL2 c v12 MPOF GLOF c", "ppmck");
    expect(r.errors).toEqual([]);
    expect(r.ir.definitions.envelopes.v1).toMatchObject({ unit: "frame", initial: 15, loop: 2 });
    expect(r.ir.definitions.envelopes.v1!.segments.map((s) => s.level)).toEqual([15, 12, 9, 6]);
    expect(r.ir.definitions.lfos.mp1).toEqual({ id: "mp1", unit: "frame", delay: 10, period: 6, depth_cents: 30 });
    expect(r.ir.definitions.glides.gl2).toEqual({ id: "gl2", offset_cents: -200, length: "auto" });
    const sel = r.ir.channels.Pulse1.events.filter((e) => e.type === "envelope" || e.type === "lfo" || e.type === "glide").map((e) => [e.type, (e as { id: string | null }).id]);
    expect(sel).toEqual([
      ["envelope", "v1"],
      ["lfo", "mp1"],
      ["glide", "gl2"],
      ["envelope", null],
      ["lfo", null],
      ["glide", null],
    ]);
  });
  it("reports errors with line and column, once for a multi-track line", () => {
    expect(parseMml("AB c x", "ppmck").errors.map((e) => [e.code, e.line, e.column])).toEqual([["SYNTAX_INVALID_TOKEN", 0, 5]]);
    expect(firstError("A o9", "ppmck")).toEqual({ code: "VALUE_OUT_OF_RANGE", line: 0, column: 2 });
    expect(firstError("A q4", "ppmck")).toEqual({ code: "VALUE_OUT_OF_RANGE", line: 0, column: 2 });
    expect(firstError("A c\nZ c", "ppmck")).toEqual({ code: "TRACK_UNKNOWN", line: 1, column: 0 });
    expect(firstError("c d e", "ppmck")).toEqual({ code: "TRACK_MISSING", line: 0, column: 0 });
    expect(firstError("@v1 = { 16 }", "ppmck")).toEqual({ code: "DEFINITION_SYNTAX", line: 0, column: 0 });
    expect(firstError("A C", "ppmck")).toEqual({ code: "SYNTAX_INVALID_TOKEN", line: 0, column: 2 });
    expect(parseMml("A MP3 c", "ppmck").warnings.map((w) => [w.code, w.column])).toEqual([["DEFINITION_UNDEFINED", 2]]);
  });
  it("ignores # directives and ; comments", () => {
    const r = parseMml("#TITLE Song\nA c ; d\nA e // f", "ppmck");
    expect(r.errors).toEqual([]);
    expect(r.ir.channels.Pulse1.events.map((e) => (e as NoteEvent).key)).toEqual([60, 64]);
  });
  it("warns when there are no notes", () => {
    expect(parseMml("A t120", "ppmck").warnings.map((w) => w.code)).toEqual(["NO_NOTES"]);
  });
});

describe("ties and repeat breaks that have nothing to attach to", () => {
  it("reports a ppmck length tie with no note before it as TIE_WITHOUT_NOTE (was SYNTAX_INVALID_TOKEN)", () => {
    expect(parseMml("A ^8 c", "ppmck").errors.map((e) => [e.code, e.column])).toEqual([["TIE_WITHOUT_NOTE", 2]]);
    expect(firstError("A c4 v10 ^8", "ppmck")).toEqual({ code: "TIE_WITHOUT_NOTE", line: 0, column: 9 });
    expect(notes("A c4\nA ^8 d", "ppmck").map((n) => n.length)).toEqual([72, 48]);
  });
  it("reports a pyxel length tie with no note before it, and lengthens the note right before", () => {
    expect(parseMml("0: &8 C", "pyxel").errors.map((e) => [e.code, e.column])).toEqual([["TIE_WITHOUT_NOTE", 3]]);
    expect(notes("0: C4 &8 D", "pyxel").map((n) => n.length)).toEqual([72, 48]);
  });
  it("refuses a second '|' in one repeat ([c | d | e]2)", () => {
    const r = parseMml("A [c | d | e]2", "ppmck");
    expect(r.errors.map((e) => [e.code, e.column])).toEqual([["REPEAT_BREAK_DUPLICATE", 9]]);
    expect(parseMml("A [c | d]2 | e [f | g]2", "ppmck").errors).toEqual([]);
  });
});
