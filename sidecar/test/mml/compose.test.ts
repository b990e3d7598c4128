import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { composeMml, type ComposeResult, type TemplateResult, type ValidateResult } from "../../src/mml/compose.js";
import { MAX_MML_CHARS } from "../../src/mml/limits.js";

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "mml-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const noProject = () => ({ projectRoot: null, stateDir: tmp() });
const codes = (r: { errors?: { code: string }[]; validation?: { errors: { code: string }[] } }) => (r.errors ?? r.validation!.errors).map((e) => e.code);

describe("compose_mml actions", () => {
  it("composes a WAV that sox reads back as 16-bit mono PCM of the right rate and length", async () => {
    const env = noProject();
    const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: T120 L4 @1 C D E F\n2: @0 O3 C1", sample_rate: 22050 }, env)) as ComposeResult;
    expect(r.success).toBe(true);
    expect(r.duration_sec).toBe(2);
    expect(r.wav_path!.startsWith(join(env.stateDir, "mml"))).toBe(true);
    const info = (opt: string) => execFileSync("sox", ["--i", opt, r.wav_path!], { encoding: "utf8" }).trim();
    expect(info("-r")).toBe("22050");
    expect(info("-c")).toBe("1");
    expect(info("-b")).toBe("16");
    expect(info("-e")).toBe("Signed Integer PCM");
    expect(info("-s")).toBe("44100");
    expect(Number(info("-D"))).toBe(2);
  });

  it("writes identical bytes for the same MML, to the same content-derived name", async () => {
    const env = noProject();
    const args = { action: "compose", mode: "ppmck", mml: "ABTN t132 l8\nA o4 q2 cdefgab>c\nT o3 c2 g2\nN q1 c c r c" };
    const a = (await composeMml(args, env)) as ComposeResult;
    const first = readFileSync(a.wav_path!);
    const b = (await composeMml(args, noProject())) as ComposeResult;
    expect(b.wav_path!.endsWith(a.wav_path!.split("/").pop()!)).toBe(true);
    expect(readFileSync(b.wav_path!).equals(first)).toBe(true);
  });

  it("writes into Assets/Audio/Generated of an open project and asks Unity to import it", async () => {
    const project = tmp();
    const imported: string[] = [];
    const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C" }, { projectRoot: project, stateDir: tmp(), importAsset: (p) => void imported.push(p) })) as ComposeResult;
    expect(r.success).toBe(true);
    expect(r.wav_path).toMatch(/^Assets\/Audio\/Generated\/mml-[0-9a-f]{12}\.wav$/);
    expect(existsSync(join(project, r.wav_path!))).toBe(true);
    expect(imported).toEqual([r.wav_path]);
    const named = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C", output_path: "Assets/Sfx/jingle.wav" }, { projectRoot: project, stateDir: tmp() })) as ComposeResult;
    expect(named.wav_path).toBe("Assets/Sfx/jingle.wav");
  });

  it("refuses output paths outside the project (traversal, absolute, through a symlink) or not .wav", async () => {
    const project = tmp();
    const outside = tmp();
    mkdirSync(join(project, "Assets"));
    symlinkSync(outside, join(project, "Assets", "link"));
    for (const output_path of ["../x.wav", join(outside, "x.wav"), "Assets/../../x.wav", "Assets/link/x.wav"]) {
      const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C", output_path }, { projectRoot: project, stateDir: tmp() })) as ComposeResult;
      expect([r.success, codes(r)], output_path).toEqual([false, ["OUTPUT_PATH_OUTSIDE_PROJECT"]]);
    }
    const r = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C", output_path: "Assets/x.mp3" }, { projectRoot: project, stateDir: tmp() })) as ComposeResult;
    expect(codes(r)).toEqual(["OUTPUT_PATH_INVALID"]);
  });

  it("keeps the WAV and warns when Unity's import fails", async () => {
    const r = (await composeMml(
      { action: "compose", mode: "pyxel", mml: "0: C" },
      { projectRoot: tmp(), stateDir: tmp(), importAsset: () => Promise.reject(new Error("Editor busy")) },
    )) as ComposeResult;
    expect(r.success).toBe(true);
    expect(r.validation.warnings.map((w) => [w.code, w.severity])).toEqual([["IMPORT_FAILED", "warning"]]);
  });

  it("answers bad arguments with coded errors in the action's own shape, never throwing", async () => {
    const env = noProject();
    expect(codes((await composeMml({ action: "play" }, env)) as never)).toEqual(["ACTION_UNKNOWN"]);
    const c = (await composeMml({ action: "compose", mode: "xyz", mml: "", sample_rate: 1000 }, env)) as ComposeResult;
    expect([c.success, c.wav_path, c.note_sequence, codes(c)]).toEqual([false, null, null, ["MODE_UNKNOWN", "MML_EMPTY", "SAMPLE_RATE_OUT_OF_RANGE"]]);
    expect(codes((await composeMml({ action: "compose", mode: "pyxel", mml: "0: C", sample_rate: 500_000 }, env)) as never)).toEqual(["SAMPLE_RATE_OUT_OF_RANGE"]);
    expect(codes((await composeMml({ action: "validate", mode: "pyxel", mml: "0: " + "C".repeat(MAX_MML_CHARS) }, env)) as never)).toEqual(["MML_TOO_LARGE"]);
    expect(codes((await composeMml({ action: "validate", mode: "pyxel", mml: 5, normalize: "yes", sample_rate: 44100.5 }, env)) as never)).toEqual([
      "ARGUMENT_INVALID",
      "ARGUMENT_INVALID",
      "ARGUMENT_INVALID",
    ]);
    const t = (await composeMml({ action: "template", template: "waltz" }, env)) as TemplateResult;
    expect([t.mml, codes(t as never)]).toEqual(["", ["TEMPLATE_UNKNOWN"]]);
    const long = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: T1 C1", sample_rate: 192_000 }, env)) as ComposeResult;
    expect([long.success, codes(long)]).toEqual([false, ["SONG_TOO_LONG"]]); // 240 s at 192 kHz: too many samples
    const m = (await composeMml({ action: "compose", mode: "pyxel", mml: "0: C Z" }, env)) as ComposeResult;
    expect([m.success, m.wav_path, m.validation.errors[0]!.code, m.validation.errors[0]!.column]).toEqual([false, null, "SYNTAX_INVALID_TOKEN", 5]);
  });

  it("validates: errors and warnings, the IR and a per-channel summary", async () => {
    const v = (await composeMml({ action: "validate", mode: "ppmck", mml: "A l8 o4 cdef >c\nT o2 c1\nA MP7" }, noProject())) as ValidateResult;
    expect(v.valid).toBe(true);
    expect(v.errors.map((e) => [e.code, e.severity])).toEqual([["DEFINITION_UNDEFINED", "warning"]]);
    expect(v.note_sequence?.version).toBe(2);
    expect(v.channel_summary).toEqual([
      { channel: "Pulse1", note_count: 5, octave_range: [4, 5], duration_ticks: 120 },
      { channel: "Triangle", note_count: 1, octave_range: [2, 2], duration_ticks: 192 },
    ]);
    const bad = (await composeMml({ action: "validate", mode: "ppmck", mml: "A c x" }, noProject())) as ValidateResult;
    expect([bad.valid, bad.note_sequence, bad.errors[0]!.code]).toEqual([false, null, "SYNTAX_INVALID_TOKEN"]);
  });

  it("hands out templates, pyxel by default", async () => {
    const t = (await composeMml({ action: "template" }, noProject())) as TemplateResult;
    expect(t.mml.startsWith("0: T120")).toBe(true);
    expect(t.description).toMatch(/four channels/i);
    const p = (await composeMml({ action: "template", template: "drum", mode: "ppmck" }, noProject())) as TemplateResult;
    expect(p.mml).toMatch(/^#TITLE drum/);
  });
});
