// The APU's three waveforms, band-limited. Every step of the pulse and of the 32-step triangle
// gets a BLEP (the step convolved with a cubic B-spline, 4 samples wide), so edges do not alias
// at high notes; the noise is the 15-bit LFSR of the NES, clocked at one of its 16 rates and
// averaged over each output sample (a box filter).

/** Band-limited step residual for a unit upward step `s` samples away (s > 0: after the step). */
export function blep(s: number): number {
  if (s <= -2 || s >= 2) return 0;
  if (s < -1) {
    const u = 2 + s;
    return (u * u * u * u) / 24;
  }
  if (s < 0) return 1 / 24 + (4 * s - 2 * s * s * s - 0.75 * s * s * s * s) / 6 + 2.75 / 6;
  if (s < 1) return (4 * s - 2 * s * s * s + 0.75 * s * s * s * s) / 6 - 0.5;
  const u = 2 - s;
  return -(u * u * u * u) / 24;
}

/** Pulse with duty `duty`, zero-mean (high 1 − duty, low −duty); returns the new phase. */
export function renderPulse(out: Float32Array, from: number, to: number, phase: number, dt: number, duty: number, amp: number): number {
  const hi = 1 - duty;
  const lo = -duty;
  const w = 2 * dt;
  const inv = 1 / dt;
  for (let i = from; i < to; i++) {
    let v = phase < duty ? hi : lo;
    if (phase < w) v += blep(phase * inv);
    else if (phase > 1 - w) v += blep((phase - 1) * inv);
    let t = phase - duty;
    if (t < -0.5) t += 1;
    else if (t >= 0.5) t -= 1;
    if (t < w && t > -w) v -= blep(t * inv);
    out[i]! += v * amp;
    phase += dt;
    if (phase >= 1) phase -= 1;
  }
  return phase;
}

const TRIANGLE_STEPS = new Float64Array(32);
const TRIANGLE_JUMPS = new Float64Array(32);
for (let k = 0; k < 32; k++) TRIANGLE_STEPS[k] = (k < 16 ? 15 - k : k - 16) / 15 - 0.5;
for (let k = 0; k < 32; k++) TRIANGLE_JUMPS[k] = TRIANGLE_STEPS[k]! - TRIANGLE_STEPS[(k + 31) & 31]!;

/** The NES's 32-step triangle (15…0, 0…15), zero-mean; returns the new phase. */
export function renderTriangle(out: Float32Array, from: number, to: number, phase: number, dt: number, amp: number): number {
  const dtSteps = dt * 32; // steps per sample
  const reach = 2 * dtSteps; // the BLEP's half-width, in steps
  const inv = 1 / dtSteps;
  for (let i = from; i < to; i++) {
    const pos = phase * 32;
    let v = TRIANGLE_STEPS[pos | 0]!;
    const last = Math.floor(pos + reach);
    for (let k = Math.ceil(pos - reach); k <= last; k++) {
      const jump = TRIANGLE_JUMPS[k & 31]!;
      if (jump !== 0) v += jump * blep((pos - k) * inv);
    }
    out[i]! += v * amp;
    phase += dt;
    if (phase >= 1) phase -= 1;
  }
  return phase;
}

/** NTSC noise timer periods in CPU cycles, index 0 (highest) to 15 (lowest). */
export const NOISE_PERIODS = [4, 8, 16, 32, 64, 96, 128, 160, 202, 254, 380, 508, 762, 1016, 2034, 4068];
/** The NES CPU clock (NTSC) that the noise timer counts. */
export const CPU_CLOCK = 1_789_773;

/** The 15-bit noise shift register: `short` taps bit 6 (93-step sequence) instead of bit 1 (32767). */
export class NoiseLfsr {
  reg = 1;
  /** Advance one step; returns the output bit (1 = high). */
  step(short: boolean): number {
    const fb = (this.reg ^ (this.reg >> (short ? 6 : 1))) & 1;
    this.reg = (this.reg >> 1) | (fb << 14);
    return (this.reg & 1) ^ 1;
  }
}

/** Noise at `rate` LFSR steps per sample; `frac` is the position within the current step; returns it. */
export function renderNoise(out: Float32Array, from: number, to: number, lfsr: NoiseLfsr, frac: number, rate: number, short: boolean, amp: number): number {
  let bit = (lfsr.reg & 1) ^ 1;
  for (let i = from; i < to; i++) {
    // average of the output over this sample: the part of the current step, then whole/partial steps
    let remaining = 1;
    let acc = 0;
    let left = (1 - frac) / rate; // samples until the next step
    while (left < remaining) {
      acc += bit * left;
      remaining -= left;
      bit = lfsr.step(short);
      left = 1 / rate;
      frac = 0;
    }
    acc += bit * remaining;
    frac += remaining * rate;
    out[i]! += (acc - 0.5) * amp;
  }
  return frac;
}
