import { describe, expect, it } from "vitest";
import { parseMml } from "../../src/mml/parse.js";
import { renderOne } from "./measure.js";

// Pyxel's own parser and voice (crates/pyxel-core: mml_parser.rs, channel.rs, voice.rs) are the
// reference for the pyxel dialect; each case here states what Pyxel does and checks it on the IR
// or on the rendered samples.

const rms = (x: Float32Array, from = 0, to = x.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / Math.max(1, to - from));
};

describe("pyxel dialect: volume", () => {
  it("plays a channel without V at Pyxel's default V100 (was 15/15: 1.25x louder than V100)", () => {
    const plain = rms(renderOne("0: @1 O3 A", "pyxel"));
    const v100 = rms(renderOne("0: V100 @1 O3 A", "pyxel"));
    const v127 = rms(renderOne("0: V127 @1 O3 A", "pyxel"));
    expect(plain).toBeGreaterThan(0);
    expect(plain / v100).toBeCloseTo(1, 6);
    // V100 is 100/127 of full volume: 12 of 15 steps once rounded to the APU's 4-bit volume
    expect(v100 / v127).toBeCloseTo(12 / 15, 2);
  });
});

const notes = (mml: string) => {
  const r = parseMml(mml, "pyxel");
  return { ...r, notes: r.ir.channels.Pulse1.events.filter((e) => e.type === "note").map((e) => (e as { key: number }).key) };
};

describe("pyxel dialect: ranges as Pyxel's parser reads them", () => {
  it("clamps a flat below key 0 to key 0 (O-1 C- gave key -1)", () => {
    expect(notes("0: O-1 C- C D-").notes).toEqual([0, 0, 1]);
  });

  it("accepts any tempo >= 1, any K and Y, any tone, slot and repeat count, as Pyxel does", () => {
    const r = notes("0: T1000 K200 Y-5000 @ENV1000 { 100 } @VIB5000 { 1, 2, 3 } @GLI70000 { 1, 2 } [C]1000 K-300 C");
    expect(r.errors).toEqual([]);
    const events = r.ir.channels.Pulse1.events;
    expect(events.find((e) => e.type === "tempo")).toMatchObject({ bpm: 1000 });
    expect(r.notes.slice(0, 2)).toEqual([60 + 200, 60 + 200]);
    expect(r.notes.length).toBe(1001);
    expect(r.notes[1000]).toBe(60 - 300);
    expect(events.find((e) => e.type === "note")).toMatchObject({ cents: -5000 });
  });

  it("plays an undefined tone as tone 0 (triangle), like Pyxel, and says so in a warning", () => {
    const r = notes("0: @9 C");
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => [w.code, w.column])).toEqual([["TONE_UNDEFINED", 3]]);
    expect(r.ir.channels.Pulse1.events.find((e) => e.type === "voice")).toMatchObject({ voice: { wave: "triangle" } });
  });

  it("reads one accidental after a note, as Pyxel (a second one is an error)", () => {
    expect(notes("0: C# D-").notes).toEqual([61, 61]);
    expect(notes("0: C#+").errors.map((e) => [e.code, e.column])).toEqual([["SYNTAX_INVALID_TOKEN", 5]]);
  });
});
