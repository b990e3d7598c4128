import type { EnvelopeDef } from "../ir.js";
import type { ScheduledNote } from "./schedule.js";

// What changes inside a note: the envelope's level and the pitch offset of glide and vibrato.

const FRAME_SEC = 1 / 60;

/** Glide and vibrato offset in cents at sample `at` of a note. */
export function pitchOffsetCents(n: ScheduledNote, at: number, sr: number): number {
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
