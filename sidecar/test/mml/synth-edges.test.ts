import { describe, expect, it } from "vitest";
import { parseMml, type MmlMode } from "../../src/mml/parse.js";
import { renderChannel } from "../../src/mml/synth/render.js";
import { scheduleSequence } from "../../src/mml/synth/schedule.js";

// Note edges and legato, measured on the samples: a gate must not click, a legato join must not dip,
// and in the pyxel dialect a legato note restarts its envelope as Pyxel's voice does.

const SR = 44100;

function render(mml: string, mode: MmlMode, channel: number, fadeSec?: number) {
  const r = parseMml(mml, mode);
  if (r.errors.length > 0) throw new Error(JSON.stringify(r.errors));
  const s = scheduleSequence(r.ir, SR)[channel]!;
  const out = new Float32Array(s.samples);
  renderChannel(out, s.notes, SR, fadeSec);
  return { out, notes: s.notes };
}

/** Energy of the second difference (a high-pass that rises 12 dB per octave): clicks show up here. */
function highEnergy(x: Float32Array, from: number, to: number): number {
  let e = 0;
  for (let i = Math.max(2, from); i < Math.min(to, x.length); i++) {
    const d = x[i]! - 2 * x[i - 1]! + x[i - 2]!;
    e += d * d;
  }
  return e;
}

function rms(x: Float32Array, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / (to - from));
}

const dB = (ratio: number) => 10 * Math.log10(ratio);

describe("note edges", () => {
  it("fades a gated triangle's edges: no more high-frequency energy than the tone itself (hard edges: 12.6 dB more)", () => {
    const mml = "T t120 o2 Q4 l8 a a a a"; // 110 Hz, half of each eighth sounds
    const W = 88; // ±2 ms around each edge: half of each window sounds
    const edges = (fadeSec?: number) => {
      const { out, notes } = render(mml, "ppmck", 2, fadeSec);
      let edge = 0;
      let tone = 0;
      for (const n of notes) {
        edge += highEnergy(out, n.start - W, n.start + W) + highEnergy(out, n.gateEnd - W, n.gateEnd + W);
        const m = (n.start + n.gateEnd) >> 1;
        tone += highEnergy(out, m - W, m); // the steady tone over half a window, once per edge
        tone += highEnergy(out, m, m + W);
      }
      return { edge, tone };
    };
    const hard = edges(0);
    const soft = edges();
    // measured: hard edges +12.6 dB over what the 32-step triangle's own steps give, faded ones -1.3 dB;
    // the faded edges carry 13.9 dB less high-frequency energy
    expect(dB(hard.edge / hard.tone)).toBeGreaterThan(10);
    expect(dB(soft.edge / soft.tone)).toBeLessThan(0);
    expect(dB(hard.edge / soft.edge)).toBeGreaterThan(12);
  });

  it("fades in and out over about a millisecond while keeping each note's first and last sample", () => {
    const { out, notes } = render("A t120 o4 q1 Q4 l4 a", "ppmck", 0);
    const n = notes[0]!;
    const peak = (from: number, to: number) => Math.max(...Array.from(out.subarray(from, to), Math.abs));
    const full = peak(n.start + 2000, n.start + 4000);
    expect(out[n.start]).not.toBe(0);
    expect(out[n.gateEnd - 1]).not.toBe(0);
    expect(out[n.gateEnd]).toBe(0);
    expect(peak(n.start, n.start + 4)).toBeLessThan(0.05 * full);
    expect(peak(n.gateEnd - 4, n.gateEnd)).toBeLessThan(0.05 * full);
    expect(peak(n.start + 44, n.start + 400)).toBeCloseTo(full, 5); // full level after 1 ms
  });

  it("joins legato and gapless notes without a dip: the level across the join stays within 5 %", () => {
    // t72 r48 c8&d8: the join falls on sample 21437.5, where the gate end once rounded apart from the next start
    for (const [mml, mode] of [
      ["0: T120 V100 @1 Q100 L4 C& D", "pyxel"],
      ["0: T120 V100 @1 Q100 L4 C D", "pyxel"],
      ["A t120 q2 l4 c&d", "ppmck"],
      ["A t72 q2 r48 c8&d8", "ppmck"],
    ] as const) {
      const { out, notes } = render(mml, mode, 0);
      const join = notes[1]!.start;
      expect(notes[0]!.gateEnd, mml).toBe(join);
      const steady = rms(out, 4000, 8000);
      let low = Infinity;
      for (let at = join - 400; at < join + 400; at += 11) low = Math.min(low, rms(out, at, at + 44));
      expect(low / steady, mml).toBeGreaterThan(0.95);
    }
  });
});

describe("legato and envelopes", () => {
  it("pyxel: C& D restarts the envelope on D, as Pyxel's voice does (D was silent)", () => {
    // the envelope falls from 127 to 0 over 24 ticks, half of each quarter
    const { out, notes } = render("0: T120 @1 @ENV1 { 127, 24, 0 } L4 C& D", "pyxel", 0);
    const [c, d] = notes as [(typeof notes)[0], (typeof notes)[0]];
    expect(d.start).toBe(c.gateEnd); // still legato: no gap
    const first = (n: typeof c) => rms(out, n.start, n.start + 8820); // the first 0.2 s
    expect(first(c)).toBeGreaterThan(0.1);
    expect(first(d) / first(c)).toBeGreaterThan(0.9);
    expect(first(d) / first(c)).toBeLessThan(1.1);
  });

  it("ppmck: a slur keeps the envelope going, so c&d after a decay to 0 stays silent", () => {
    const { out, notes } = render("@v1 = { 15 12 9 6 3 0 }\nA t120 q2 @v1 l4 c&d", "ppmck", 0);
    const d = notes[1]!;
    expect(rms(out, notes[0]!.start, notes[0]!.start + 2000)).toBeGreaterThan(0.1);
    expect(rms(out, d.start + 100, d.gateEnd)).toBe(0);
  });
});
