import { describe, expect, it } from "vitest";
import { parseMml } from "../../src/mml/parse.js";
import { NoiseLfsr, renderNoise } from "../../src/mml/synth/oscillators.js";
import { envelopeLevel, renderSequence } from "../../src/mml/synth/render.js";
import { centsOff, measureFrequency, renderOne, soundingRuns } from "./measure.js";

const SR = 44100;
const NAMES = ["C", "C+", "D", "D+", "E", "F", "F+", "G", "G+", "A", "A+", "B"];
/** One 2-second note of a MIDI key on channel 0 (pyxel: T120 L1 = 2 s, Q100 = no gap), with a tone. */
const oneNote = (key: number, tone: number) => `0: T120 Q100 @${tone} O${Math.floor(key / 12) - 1} ${NAMES[key % 12]}1`;

describe("synthesis, measured on the samples", () => {
  it("plays pulse and triangle notes within 1 cent of equal temperament (A4 = 440 Hz) from C1 to C8", () => {
    const worst: number[] = [];
    for (const tone of [1, 2, 0]) {
      for (let key = 24; key <= 108; key += 5) {
        const x = renderOne(oneNote(key, tone), "pyxel");
        const cents = centsOff(measureFrequency(x, SR, 2000, x.length - 2000), key);
        expect(Math.abs(cents), `tone ${tone} key ${key}: ${cents.toFixed(3)} cents`).toBeLessThan(1);
        worst.push(Math.abs(cents));
      }
    }
    expect(Math.max(...worst)).toBeLessThan(1);
  });

  it("makes pulse duty cycles of 12.5, 25, 50 and 75 %", () => {
    for (const [q, duty] of [
      [0, 0.125],
      [1, 0.25],
      [2, 0.5],
      [3, 0.75],
    ] as const) {
      const x = renderOne(`A t120 o2 q${q} a1`, "ppmck"); // 110 Hz: 401 samples a period
      let high = 0;
      for (let i = 0; i < x.length; i++) if (x[i]! > 0) high++;
      expect(high / x.length).toBeCloseTo(duty, 2);
    }
  });

  it("starts and ends notes on the sample that tempo, lengths, dots and ties give", () => {
    // t150: a quarter is 0.4 s = 17640 samples
    const q = 17640;
    const x = renderOne("A t150 q1 c4. r8 c8^16 r8 c4&c8 r4 t75 c8 r8 l16 c.. r16", "ppmck");
    const expected: [number, number][] = [];
    let t = 0;
    for (const [len, rest] of [
      [1.5 * q, 0.5 * q],
      [0.75 * q, 0.5 * q],
      [1.5 * q, q],
      [q, q],
      [2 * (7 / 16) * q, 2 * 0.25 * q],
    ] as [number, number][]) {
      expected.push([Math.round(t), Math.round(t + len)]);
      t += len + rest;
    }
    expect(soundingRuns(x)).toEqual(expected);
    expect(x.length).toBe(Math.round(t));
  });

  it("leaves the gap a gate asks for (pyxel Q50: half of each note)", () => {
    const x = renderOne("0: T120 Q50 @2 C4 C4", "pyxel");
    expect(soundingRuns(x)).toEqual([
      [0, 11025],
      [22050, 33075],
    ]);
  });

  it("runs the 15-bit noise register with a period of 32767 steps (long) and 93 (short)", () => {
    for (const [short, period] of [
      [false, 32767],
      [true, 93],
    ] as const) {
      const lfsr = new NoiseLfsr();
      const seen = new Map<number, number>();
      let found = 0;
      for (let i = 0; i < 70000 && !found; i++) {
        if (i > 10 && seen.has(lfsr.reg)) found = i - seen.get(lfsr.reg)!;
        seen.set(lfsr.reg, i);
        lfsr.step(short);
      }
      expect(found).toBe(period);
    }
  });

  it("repeats the rendered noise exactly every 32767 or 93 steps (one step per sample and per two samples)", () => {
    for (const [short, period] of [
      [false, 32767],
      [true, 93],
    ] as const) {
      for (const stepsPerSample of [1, 0.5]) {
        const out = new Float32Array((3 * period) / stepsPerSample + 1000);
        renderNoise(out, 0, out.length, new NoiseLfsr(), 0, stepsPerSample, short, 1);
        const lag = period / stepsPerSample;
        let mismatches = 0;
        for (let i = 500; i + lag < out.length; i++) if (out[i] !== out[i + lag]) mismatches++;
        expect(mismatches).toBe(0);
        // and not any shorter: a half or a third of the period does not repeat
        let other = 0;
        for (let i = 500; i + 31 < out.length; i++) if (out[i] !== out[i + Math.floor(lag / 3)]) other++;
        expect(other).toBeGreaterThan(0);
      }
    }
  });

  it("keeps the volume in 4-bit steps (an envelope ramp only takes levels k/15)", () => {
    const x = renderOne("0: T60 Q100 @1 V127 @ENV1 { 127, 192, 0 } O1 A1", "pyxel"); // 55 Hz square, fading over 4 s
    const flat = new Set<number>();
    for (let i = 1; i + 1 < x.length; i++) if (x[i]! > 0 && x[i] === x[i - 1] && x[i] === x[i + 1]) flat.add(x[i]!);
    // the high half of a zero-mean square is 0.5 × level/15
    for (const v of flat) expect(Math.abs(v * 30 - Math.round(v * 30))).toBeLessThan(1e-5);
    expect(flat.size).toBeGreaterThan(10);
    expect(flat.size).toBeLessThanOrEqual(15);
  });

  it("evaluates envelopes: ramps in ticks, NES-style frame steps with a loop", () => {
    const ramp = { id: "e", unit: "tick" as const, initial: 15, segments: [{ length: 10, level: 5, ramp: true }], loop: null };
    expect(envelopeLevel(ramp, 0, 0.01)).toBe(15);
    expect(envelopeLevel(ramp, 0.05, 0.01)).toBeCloseTo(10);
    expect(envelopeLevel(ramp, 1, 0.01)).toBe(5);
    const steps = { id: "v", unit: "frame" as const, initial: 15, segments: [15, 10, 8, 6].map((level) => ({ length: 1, level, ramp: false })), loop: 2 };
    expect([0, 1, 2, 3, 4, 5].map((f) => envelopeLevel(steps, (f + 0.5) / 60, 0))).toEqual([15, 10, 8, 6, 8, 6]);
  });

  it("bends pitch with vibrato (±depth) and glides to the note", () => {
    const vib = renderOne("0: T120 Q100 @1 @VIB1 { 0, 48, 100 } O4 A1", "pyxel"); // 1 cycle per 0.5 s, ±100 cents
    const at = (sec: number) => centsOff(measureFrequency(vib, SR, Math.round(sec * SR) - 600, Math.round(sec * SR) + 600), 69);
    expect(at(0.125)).toBeGreaterThan(80); // crest of the triangle LFO
    expect(at(0.375)).toBeLessThan(-80); // trough
    const gli = renderOne("0: T120 Q100 @1 @GLI1 { -1200, 48 } O4 A1", "pyxel"); // from an octave below over 0.5 s
    const g = (sec: number) => centsOff(measureFrequency(gli, SR, Math.round(sec * SR) - 400, Math.round(sec * SR) + 400), 69);
    expect(g(0.05)).toBeLessThan(-1000);
    expect(g(0.25)).toBeCloseTo(-600, -2);
    expect(Math.abs(g(1.5))).toBeLessThan(1);
  });

  it("band-limits edges: a high pulse's aliases stay far below its fundamental", () => {
    const x = renderOne(oneNote(105, 1), "pyxel"); // A7, 3520 Hz: harmonics above 22.05 kHz would fold back
    const mag = (f: number) => {
      let re = 0;
      let im = 0;
      const n = 44100;
      for (let i = 0; i < n; i++) {
        const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
        re += x[i + 1000]! * w * Math.cos((2 * Math.PI * f * i) / SR);
        im += x[i + 1000]! * w * Math.sin((2 * Math.PI * f * i) / SR);
      }
      return Math.hypot(re, im);
    };
    const fundamental = mag(3520);
    // the 7th harmonic (24640 Hz) folds to 19460 Hz, the 9th (31680) to 12420 Hz
    for (const alias of [19460, 12420]) expect(20 * Math.log10(mag(alias) / fundamental)).toBeLessThan(-30);
  });

  it("gives identical samples for the same MML and normalizes the peak to -1 dBFS", () => {
    const ir = parseMml("0: T140 L8 @1 CDEFGAB>C\n2: @0 O3 C2 G2\n3: @3 C C C C", "pyxel").ir;
    const a = renderSequence(ir, SR, true).samples;
    const b = renderSequence(ir, SR, true).samples;
    expect(Buffer.from(a.buffer).equals(Buffer.from(b.buffer))).toBe(true);
    expect(Math.max(...a.map(Math.abs))).toBeCloseTo(0.891, 3);
  });
});
