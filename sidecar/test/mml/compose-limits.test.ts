import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { composeMml, type ComposeResult, type ValidateResult } from "../../src/mml/compose.js";

// What compose_mml does with songs it cannot render faithfully: notes above half the sample rate,
// and MML that lasts no time at all.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const env = () => {
  const d = mkdtempSync(join(tmpdir(), "mml-limits-"));
  dirs.push(d);
  return { projectRoot: null, stateDir: d };
};

/** The PCM16 samples of a WAV compose_mml wrote (44-byte header). */
function wavSamples(path: string): Int16Array {
  const b = readFileSync(path);
  return new Int16Array(b.buffer.slice(b.byteOffset + 44, b.byteOffset + b.length));
}

/** Rising zero crossings per second over the samples. */
function crossingsPerSecond(x: Int16Array, sampleRate: number): number {
  let n = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) n++;
  return (n * sampleRate) / x.length;
}

describe("notes above half the sample rate", () => {
  it("warns about o8 c (4186 Hz) at 8000 Hz and leaves it silent instead of playing a wrong tone", async () => {
    const r = (await composeMml({ action: "compose", mode: "ppmck", mml: "A t120 o4 c o8 c", sample_rate: 8000, normalize: false }, env())) as ComposeResult;
    expect(r.success).toBe(true);
    expect(r.validation.warnings.map((w) => [w.code, w.line, w.column])).toEqual([["NOTE_ABOVE_NYQUIST", 0, 15]]);
    expect(r.validation.warnings[0]!.message).toMatch(/4186 Hz.*4000 Hz/);
    const x = wavSamples(r.wav_path!);
    expect(x.length).toBe(8000);
    const first = x.subarray(0, 4000);
    const second = x.subarray(4000);
    expect(crossingsPerSecond(first, 8000)).toBeCloseTo(261.6, -1); // o4 c plays
    expect(second.every((v) => v === 0)).toBe(true); // before: a 3.9 kHz tone (the pitch capped below Nyquist)
  });

  it("plays the same note at 44.1 kHz without a warning, and warns in validate with the sample rate given", async () => {
    const ok = (await composeMml({ action: "compose", mode: "ppmck", mml: "A o8 c" }, env())) as ComposeResult;
    expect(ok.validation.warnings).toEqual([]);
    expect(wavSamples(ok.wav_path!).some((v) => v !== 0)).toBe(true);
    const v = (await composeMml({ action: "validate", mode: "pyxel", mml: "0: @1 K200 C\n2: @3 O9 B", sample_rate: 22050 }, env())) as ValidateResult;
    expect([v.valid, v.errors.map((e) => [e.code, e.line, e.column])]).toEqual([true, [["NOTE_ABOVE_NYQUIST", 0, 11]]]); // noise keys pick a rate: no warning
  });
});

describe("MML that lasts no time", () => {
  it("refuses to write a 0-sample WAV for MML with no notes and no rests (SONG_EMPTY), and says so in validate", async () => {
    const e = env();
    const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: T120 V100 @1" }, e)) as ComposeResult;
    expect([r.success, r.wav_path, r.validation.errors.map((x) => x.code)]).toEqual([false, null, ["SONG_EMPTY"]]);
    expect(r.validation.warnings.map((w) => w.code)).toEqual(["NO_NOTES"]);
    expect(existsSync(join(e.stateDir, "mml"))).toBe(false);
    const v = (await composeMml({ action: "validate", mode: "ppmck", mml: "A t120 v10" }, env())) as ValidateResult;
    expect(v.errors.map((x) => [x.code, x.message])).toEqual([["NO_NOTES", expect.stringMatching(/no rests.*no WAV/)]]);
  });

  it("still writes a silent WAV for rests alone", async () => {
    const r = (await composeMml({ action: "compose", mode: "ppmck", mml: "A t120 r4" }, env())) as ComposeResult;
    expect([r.success, r.duration_sec]).toEqual([true, 0.5]);
    expect(wavSamples(r.wav_path!).every((v) => v === 0)).toBe(true);
  });
});
