import { parseMml, type MmlMode } from "../../src/mml/parse.js";
import { renderChannel } from "../../src/mml/synth/render.js";
import { scheduleSequence } from "../../src/mml/synth/schedule.js";

// Helpers that render one channel of some MML and measure the samples (frequency, duty, note runs).

/** Render one channel of `mml` alone (no normalization, no other channels). */
export function renderOne(mml: string, mode: MmlMode, channel = 0, sampleRate = 44100): Float32Array {
  const r = parseMml(mml, mode);
  if (r.errors.length > 0) throw new Error(JSON.stringify(r.errors));
  const s = scheduleSequence(r.ir, sampleRate)[channel]!;
  const out = new Float32Array(s.samples);
  renderChannel(out, s.notes, sampleRate);
  return out;
}

/** Frequency from rising zero crossings (linearly interpolated) between samples `from` and `to`. */
export function measureFrequency(x: Float32Array, sampleRate: number, from: number, to: number): number {
  let first = -1;
  let last = -1;
  let count = 0;
  for (let i = from + 1; i < to; i++) {
    const a = x[i - 1]!;
    const b = x[i]!;
    if (a < 0 && b >= 0) {
      const t = i - 1 + a / (a - b);
      if (first < 0) first = t;
      else count++;
      last = t;
    }
  }
  return (count * sampleRate) / (last - first);
}

/** Cents between a measured frequency and a MIDI key in equal temperament (A4 = 440 Hz). */
export function centsOff(freq: number, key: number): number {
  return 1200 * Math.log2(freq / (440 * Math.pow(2, (key - 69) / 12)));
}

/** Runs of non-silent samples as [start, end) pairs. */
export function soundingRuns(x: Float32Array): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= x.length; i++) {
    const on = i < x.length && x[i] !== 0;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      runs.push([start, i]);
      start = -1;
    }
  }
  return runs;
}
