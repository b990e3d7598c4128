import { composeMml } from "../sidecar/src/mml/compose.js";
import { parseMml } from "../sidecar/src/mml/parse.js";
import { renderSequence } from "../sidecar/src/mml/synth/render.js";
import { quick } from "./options.js";
import type { Figure } from "./report.js";

// compose_mml: synthesis speed of a 4-channel, 60-second song at 44.1 kHz as × real time, and the
// time to validate a 10 KB MML source. Both are measured on the process's CPU time, so other work
// on a shared machine does not count against them; wall times are printed beside.

/** A 4-channel song of `n` 4-second sections at 120 BPM, with duty changes, slurs, an envelope and vibrato. */
export function benchSong(n: number): string {
  return [
    "#TITLE bench",
    "@v1 = { 15 13 11 9 | 8 7 }",
    "@MP1 = { 20, 6, 25 }",
    "ABTN t120",
    `A l8 o4 q2 Q7 MP1 [c d e f g a b > c < q1 e&f g4 r8 e d c q2 ]${n}`,
    `B l8 o4 q1 v10 [e g > c < g f a > c < a e g b g d4 r4 ]${n}`,
    `T l2 o3 [c g a f ]${n}`,
    `N l16 @v1 [[q0 c8 q1 c c q0 g8 q1 c c ]4 ]${n}`,
  ].join("\n");
}

/** Run the compose_mml benchmarks. */
export async function benchMml(): Promise<Record<string, Figure>> {
  const seconds = quick ? 4 : 60;
  const ir = parseMml(benchSong(seconds / 4), "ppmck").ir;
  renderSequence(ir, 44100, true); // warm up the compiler
  const runs = quick ? 1 : 5;
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = renderSequence(ir, 44100, true);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (Math.abs(out.samples.length / 44100 - seconds) > 0.01) throw new Error(`bench song is ${out.samples.length / 44100} s, expected ${seconds}`);
  }
  const source = tenKilobytes();
  const validate = async () => {
    const r = await composeMml({ action: "validate", mode: "pyxel", mml: source }, { projectRoot: null, stateDir: "" });
    if (!("valid" in r) || !r.valid) throw new Error("the 10 KB bench MML does not validate");
  };
  for (let i = 0; i < 10; i++) await validate(); // warm-up
  const vCpu: number[] = [];
  const vWall: number[] = [];
  for (let i = 0; i < (quick ? 5 : 50); i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await validate();
    vWall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    vCpu.push((c.user + c.system) / 1000);
  }
  return {
    mml_synthesis_x_realtime: { value: round(seconds / (median(cpu) / 1000)), unit: `x real time (4 channels, ${seconds} s at 44.1 kHz, CPU time, median of ${runs})` },
    mml_synthesis_wall_ms: { value: round(median(wall)), unit: `ms wall for ${seconds} s of audio (median)` },
    mml_validate_10kb_ms: { value: round(median(vCpu), 2), unit: `ms CPU time to validate ${source.length} characters of MML (median)` },
    mml_validate_10kb_wall_ms: { value: round(median(vWall), 2), unit: "ms wall for the same (median)" },
  };
}

/** Distinct pyxel-dialect lines until the source is 10 KB (no repeats, so nothing is expanded away). */
function tenKilobytes(): string {
  const lines = ["0: T132 L8 O4 V100 @1 @ENV1 { 127, 12, 90, 24, 60 } @VIB1 { 24, 12, 30 }", "1: T132 L8 O3 V80 @2", "2: T132 L4 O2 @0", "3: T132 L16 @3"];
  const notes = ["C", "D", "E", "F", "G", "A", "B"];
  for (let i = 0; lines.join("\n").length < 10_240; i++) {
    const n = (k: number) => notes[(i + k) % 7]!;
    lines.push(`${i % 4}: ${n(0)} ${n(2)}16 ${n(4)}. R ${n(1)}&${n(3)} > ${n(5)} < ${n(6)}4 |`);
  }
  return lines
    .join("\n")
    .slice(0, 10_240)
    .replace(/\n[^\n]*$/, "");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function round(x: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
