import type { NoteSequence } from "../ir.js";
import { envelopeLevel, pitchOffsetCents } from "./modulation.js";
import { CPU_CLOCK, NOISE_PERIODS, NoiseLfsr, renderNoise, renderPulse, renderTriangle } from "./oscillators.js";
import { scheduleSequence, type ScheduledNote } from "./schedule.js";

// Note sequence → mono samples. Each channel renders its notes in control blocks of 64 samples:
// pitch (glide, vibrato) and the 4-bit volume (channel volume × envelope) are recomputed per
// block, the oscillators run per sample. Every note fades in and out over about a millisecond (a
// raised-cosine gain, so a gate does not click), except where it joins the next note: there the
// gain moves from one note's level to the next's and the waveform goes on unbroken. Channels are
// summed, then normalized or scaled.

export { envelopeLevel } from "./modulation.js";

const BLOCK = 64;
const CHANNEL_GAIN = { pulse: 1, triangle: 1, noise: 0.8 } as const;
/** Peak level after normalization (−1 dBFS). */
export const NORMALIZED_PEAK = 0.891;
/** Length of the fade at each note edge, in seconds. */
export const EDGE_FADE_SEC = 0.001;

/** Rendered audio: samples in [-1, 1]. */
export interface Rendered {
  samples: Float32Array;
  sampleRate: number;
}

/** Synthesize a note sequence (all channels summed into one buffer). */
export function renderSequence(ir: NoteSequence, sampleRate: number, normalize: boolean): Rendered {
  const schedules = scheduleSequence(ir, sampleRate);
  const total = Math.max(0, ...schedules.map((s) => s.samples));
  const samples = new Float32Array(total);
  for (const s of schedules) renderChannel(samples, s.notes, sampleRate);
  let peak = 0;
  for (let i = 0; i < total; i++) {
    const a = samples[i]! < 0 ? -samples[i]! : samples[i]!;
    if (a > peak) peak = a;
  }
  const gain = normalize ? (peak > 0 ? NORMALIZED_PEAK / peak : 1) : 0.25;
  for (let i = 0; i < total; i++) samples[i]! *= gain;
  return { samples, sampleRate };
}

/** Oscillator state of one channel, carried from note to note. */
interface Osc {
  phase: number;
  noiseFrac: number;
  lfsr: NoiseLfsr;
}

/** Render one channel's notes into `out` (oscillator phase and noise register carry across notes);
 * `fadeSec` is the edge fade (0 gives hard edges, for comparison). */
export function renderChannel(out: Float32Array, notes: ScheduledNote[], sr: number, fadeSec = EDGE_FADE_SEC): void {
  const fade = Math.round(fadeSec * sr);
  const osc: Osc = { phase: 0, noiseFrac: 0, lfsr: new NoiseLfsr() };
  const scratch = new Float32Array(BLOCK);
  let envStart = 0;
  let prevEnd = -1;
  let prevAmp = 0;
  for (let j = 0; j < notes.length; j++) {
    const n = notes[j]!;
    if (!n.envelopeContinues) envStart = n.start;
    const end = Math.min(n.gateEnd, out.length);
    if (end <= n.start) {
      prevEnd = -1;
      continue;
    }
    const next = notes[j + 1];
    const joinsNext = next !== undefined && next.start === end && next.gateEnd > next.start && next.voice.wave === n.voice.wave;
    const from = n.start === prevEnd ? prevAmp : 0; // joined to the previous note: its level, else silence
    const len = end - n.start;
    const fadeIn = Math.min(fade, len >> 1);
    const fadeOut = joinsNext ? 0 : Math.min(fade, len - fadeIn);
    const fadeOutAt = end - fadeOut;
    const gain = CHANNEL_GAIN[n.voice.wave];
    let amp = 0;
    for (let b = n.start; b < end; b += BLOCK) {
      const to = Math.min(b + BLOCK, end);
      const level = Math.round((n.volume * envelopeLevel(n.envelope, (b - envStart) / sr, n.secPerTick)) / 15);
      amp = (level / 15) * gain;
      if (b >= n.start + fadeIn && to <= fadeOutAt) {
        renderBlock(out, b, to, n, b, sr, amp, osc);
        continue;
      }
      // a block at an edge: render it at unit gain, then apply the fade sample by sample
      scratch.fill(0);
      renderBlock(scratch, 0, to - b, n, b, sr, 1, osc);
      for (let i = b; i < to; i++) {
        let g = amp;
        if (i < n.start + fadeIn) g = from + (amp - from) * (0.5 - 0.5 * Math.cos((Math.PI * (i - n.start + 0.5)) / fadeIn));
        if (i >= fadeOutAt) g *= 0.5 + 0.5 * Math.cos((Math.PI * (i - fadeOutAt + 0.5)) / fadeOut);
        out[i]! += scratch[i - b]! * g;
      }
    }
    prevEnd = joinsNext ? end : -1;
    prevAmp = amp;
  }
}

/** Samples `from`–`to` of `target` for note `n`, whose block starts at sample `at` of the song. */
function renderBlock(target: Float32Array, from: number, to: number, n: ScheduledNote, at: number, sr: number, amp: number, osc: Osc): void {
  if (n.voice.wave === "noise") {
    const rate = CPU_CLOCK / NOISE_PERIODS[15 - (((n.key % 16) + 16) % 16)]! / sr;
    osc.noiseFrac = renderNoise(target, from, to, osc.lfsr, osc.noiseFrac, rate, n.voice.noise_mode === "short", amp);
    return;
  }
  const cents = n.cents + pitchOffsetCents(n, at, sr);
  const dt = (440 * Math.pow(2, (n.key - 69) / 12 + cents / 1200)) / sr;
  // at or above half the sample rate no tone can be played (NOTE_ABOVE_NYQUIST warns): silence;
  // so far below 1 Hz that the waveform would not move: silence as well
  if (!(dt < 0.5 && dt > 1e-12)) return;
  osc.phase = n.voice.wave === "pulse" ? renderPulse(target, from, to, osc.phase, dt, n.voice.duty ?? 0.5, amp) : renderTriangle(target, from, to, osc.phase, dt, amp);
}
