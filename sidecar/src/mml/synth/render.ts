import type { EnvelopeDef, NoteSequence } from "../ir.js";
import { CPU_CLOCK, NOISE_PERIODS, NoiseLfsr, renderNoise, renderPulse, renderTriangle } from "./oscillators.js";
import { scheduleSequence, type ScheduledNote } from "./schedule.js";

// Note sequence → mono samples. Each channel renders its notes in control blocks of 64 samples:
// pitch (glide, vibrato) and the 4-bit volume (channel volume × envelope) are recomputed per
// block, the oscillators run per sample. Channels are summed, then normalized or scaled.

const BLOCK = 64;
const FRAME_SEC = 1 / 60;
const CHANNEL_GAIN = { pulse: 1, triangle: 1, noise: 0.8 } as const;
/** Peak level after normalization (−1 dBFS). */
export const NORMALIZED_PEAK = 0.891;

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

/** Render one channel's notes into `out` (oscillator phase and noise register carry across notes). */
export function renderChannel(out: Float32Array, notes: ScheduledNote[], sr: number): void {
  let phase = 0;
  let noiseFrac = 0;
  const lfsr = new NoiseLfsr();
  let envStart = 0;
  for (const n of notes) {
    if (!n.legato) envStart = n.start;
    const gain = CHANNEL_GAIN[n.voice.wave];
    const end = Math.min(n.gateEnd, out.length);
    for (let b = n.start; b < end; b += BLOCK) {
      const to = Math.min(b + BLOCK, end);
      const level = Math.round((n.volume * envelopeLevel(n.envelope, (b - envStart) / sr, n.secPerTick)) / 15);
      const amp = (level / 15) * gain;
      if (n.voice.wave === "noise") {
        const rate = CPU_CLOCK / NOISE_PERIODS[15 - (((n.key % 16) + 16) % 16)]! / sr;
        noiseFrac = renderNoise(out, b, to, lfsr, noiseFrac, rate, n.voice.noise_mode === "short", amp);
        continue;
      }
      const cents = n.cents + pitchOffsetCents(n, b, sr);
      const dt = Math.min(0.49, (440 * Math.pow(2, (n.key - 69) / 12 + cents / 1200)) / sr);
      phase = n.voice.wave === "pulse" ? renderPulse(out, b, to, phase, dt, n.voice.duty ?? 0.5, amp) : renderTriangle(out, b, to, phase, dt, amp);
    }
  }
}

/** Glide and vibrato offset in cents at sample `at` of a note. */
function pitchOffsetCents(n: ScheduledNote, at: number, sr: number): number {
  let cents = 0;
  const inNote = at - n.start;
  if (n.glideSamples > 0 && inNote < n.glideSamples) cents += n.glideCents * (1 - inNote / n.glideSamples);
  const lfo = n.lfo;
  if (lfo && lfo.period > 0 && lfo.depth_cents !== 0) {
    const unitSec = lfo.unit === "tick" ? n.secPerTick : FRAME_SEC;
    // with a delay the curve restarts on every note; without one it follows the channel's time
    const units = lfo.delay > 0 ? inNote / sr / unitSec - lfo.delay : (n.startSec + inNote / sr) / unitSec;
    if (units >= 0) {
      const p = units / lfo.period + 0.25;
      cents += (1 - 4 * Math.abs(p - Math.floor(p) - 0.5)) * lfo.depth_cents;
    }
  }
  return cents;
}

/** Envelope level (0–15) `sec` seconds after its start; 15 when there is none. */
export function envelopeLevel(env: EnvelopeDef | null, sec: number, secPerTick: number): number {
  if (!env) return 15;
  const segs = env.segments;
  if (segs.length === 0) return env.initial;
  let x = sec / (env.unit === "tick" ? secPerTick : FRAME_SEC);
  let total = 0;
  for (const s of segs) total += s.length;
  if (x >= total) {
    if (env.loop === null || total === 0) return segs[segs.length - 1]!.level;
    let loopStart = 0;
    for (let i = 0; i < env.loop; i++) loopStart += segs[i]!.length;
    const span = total - loopStart;
    if (span <= 0) return segs[segs.length - 1]!.level;
    x = loopStart + ((x - loopStart) % span);
  }
  let prev = env.initial;
  let at = 0;
  for (const s of segs) {
    if (x < at + s.length) return s.ramp ? prev + ((s.level - prev) * (x - at)) / s.length : s.level;
    at += s.length;
    prev = s.level;
  }
  return prev;
}
