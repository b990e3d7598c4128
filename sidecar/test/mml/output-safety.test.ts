import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { composeMml, type ComposeResult } from "../../src/mml/compose.js";
import { GeneratedAudio } from "../../src/mml/generated-audio.js";
import { writeInside, type FolderMode } from "../../src/mml/safe-write.js";
import { composePreview } from "../../src/mml/preview.js";
import { until } from "../tools/helpers.js";

// Issue #29, items 1 and 7: compose_mml never replaces a file it did not write unless the call
// says `confirm: true`, and a folder swapped for a symbolic link while composing never takes the
// write outside the project.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = (label: string) => {
  const d = mkdtempSync(join(tmpdir(), `mml-${label}-`));
  dirs.push(d);
  return d;
};
const codes = (r: ComposeResult) => r.validation.errors.map((e) => e.code);
const compose = (args: Record<string, unknown>, env: Parameters<typeof composeMml>[1]) => composeMml({ action: "compose", mode: "pyxel", mml: "0: C", ...args }, env) as Promise<ComposeResult>;

describe("compose_mml and files it did not write", () => {
  it("leaves a user's existing file alone without confirm, and replaces it with confirm", async () => {
    const project = tmp("project");
    mkdirSync(join(project, "Assets", "Audio"), { recursive: true });
    const theme = join(project, "Assets", "Audio", "theme.wav");
    writeFileSync(theme, "the user's own theme");
    const env = { projectRoot: project, stateDir: tmp("state") };
    const refused = await compose({ output_path: "Assets/Audio/theme.wav" }, env);
    expect([refused.success, codes(refused)]).toEqual([false, ["OUTPUT_EXISTS"]]);
    expect(refused.validation.errors[0]!.hint).toContain('"confirm": true');
    expect(readFileSync(theme, "utf8")).toBe("the user's own theme");
    expect(readdirSync(join(project, "Assets", "Audio"))).toEqual(["theme.wav"]); // no temp file left
    const confirmed = await compose({ output_path: "Assets/Audio/theme.wav", confirm: true }, env);
    expect(confirmed.success).toBe(true);
    expect(readFileSync(theme).subarray(0, 4).toString()).toBe("RIFF");
  });

  it("replaces without confirm what it wrote itself (its own earlier output, the default name)", async () => {
    const project = tmp("project");
    const audio = new GeneratedAudio();
    const env = { projectRoot: project, stateDir: tmp("state"), onWritten: audio.record, wasGenerated: (p: string) => audio.has(p) };
    expect((await compose({ output_path: "Assets/Sfx/jingle.wav" }, env)).success).toBe(true);
    const again = await compose({ output_path: "Assets/Sfx/jingle.wav", mml: "0: D" }, env);
    expect([again.success, codes(again)]).toEqual([true, []]);
    expect((await compose({}, env)).success).toBe(true);
    expect((await compose({}, env)).success).toBe(true);
  });

  it("refuses confirm that is not a boolean", async () => {
    const r = await compose({ output_path: "Assets/a.wav", confirm: "yes" }, { projectRoot: tmp("project"), stateDir: tmp("state") });
    expect([r.success, codes(r)]).toEqual([false, ["ARGUMENT_INVALID"]]);
  });
});

describe("compose_mml output folders", () => {
  it("refuses a symbolic link anywhere on the way, even one pointing inside the project", async () => {
    const project = tmp("project");
    mkdirSync(join(project, "Assets", "Real"), { recursive: true });
    symlinkSync(join(project, "Assets", "Real"), join(project, "Assets", "Link"));
    const r = await compose({ output_path: "Assets/Link/x.wav" }, { projectRoot: project, stateDir: tmp("state") });
    expect([r.success, codes(r)]).toEqual([false, ["OUTPUT_PATH_SYMLINK"]]);
    expect(readdirSync(join(project, "Assets", "Real"))).toEqual([]);
  });

  it("answers a path it cannot resolve (a link pointing at itself) with a diagnostic, not a thrown error", async () => {
    const project = tmp("project");
    mkdirSync(join(project, "Assets"), { recursive: true });
    symlinkSync(join(project, "Assets", "loop"), join(project, "Assets", "loop"));
    const r = await compose({ output_path: "Assets/loop/x.wav" }, { projectRoot: project, stateDir: tmp("state") });
    expect([r.success, codes(r)]).toEqual([false, ["OUTPUT_PATH_SYMLINK"]]);
    expect(r.validation.errors[0]!.message).toContain("ELOOP");
  });

  it("never writes outside while Assets/x is swapped between a folder and a link to outside (60 composes)", async () => {
    const project = tmp("project");
    const outside = tmp("outside");
    const x = join(project, "Assets", "x");
    mkdirSync(x, { recursive: true });
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const swapper = new Worker(
      `const { workerData: { x, outside, stop }, parentPort } = require("node:worker_threads");
       const fs = require("node:fs");
       const end = Date.now() + 20000;
       let swaps = 0;
       while (Atomics.load(stop, 0) === 0 && Date.now() < end) {
         try { fs.renameSync(x, x + ".d"); fs.symlinkSync(outside, x); for (let i = 0; i < 2000; i++); fs.unlinkSync(x); fs.renameSync(x + ".d", x); if (swaps++ === 0) parentPort.postMessage("swapping"); } catch {}
       }
       parentPort.postMessage(swaps);`,
      { eval: true, workerData: { x, outside, stop } },
    );
    const messages: unknown[] = [];
    const swaps = new Promise<number>((resolve) => swapper.on("message", (m) => (typeof m === "number" ? resolve(m) : messages.push(m))));
    // A worker can take longer to start than the 60 composes take: compose only once it swaps.
    await until(() => messages.includes("swapping"), 15_000, "the swapper to start");
    const env = { projectRoot: project, stateDir: tmp("state") };
    let written = 0;
    try {
      for (let i = 0; i < 60; i++) {
        const r = await compose({ output_path: `Assets/x/song-${i}.wav`, mml: `0: T${120 + i} C D E` }, env);
        if (r.success) written++;
        else expect(codes(r)[0]).toMatch(/^OUTPUT_(PATH_SYMLINK|PATH_OUTSIDE_PROJECT|WRITE_FAILED)$/);
      }
    } finally {
      Atomics.store(stop, 0, 1);
    }
    expect(await swaps).toBeGreaterThan(0);
    await swapper.terminate();
    expect(readdirSync(outside)).toEqual([]);
    // what was written is in the project's real folder
    const inProject = [x, `${x}.d`].filter((d) => existsSync(d)).flatMap((d) => readdirSync(d));
    expect(inProject.filter((f) => f.endsWith(".wav")).length).toBe(written);
  });
});

describe.each(["proc", "held", "path"] as FolderMode[])("writeInside in %s mode (Linux, macOS, Windows ways of holding folders)", (mode) => {
  it("writes through new folders, refuses links on the way and files it may not replace", () => {
    const root = tmp("root");
    const outside = tmp("outside");
    const ok = writeInside(root, ["Assets", "New", "a.wav"], Buffer.from("RIFF1"), () => false, mode);
    expect(ok).toEqual({ ok: true, real: join(root, "Assets", "New", "a.wav") });
    expect(readFileSync(join(root, "Assets", "New", "a.wav"), "utf8")).toBe("RIFF1");
    expect(writeInside(root, ["Assets", "New", "a.wav"], Buffer.from("RIFF2"), () => false, mode)).toMatchObject({ ok: false, code: "OUTPUT_EXISTS" });
    expect(writeInside(root, ["Assets", "New", "a.wav"], Buffer.from("RIFF3"), () => true, mode)).toMatchObject({ ok: true });
    expect(readFileSync(join(root, "Assets", "New", "a.wav"), "utf8")).toBe("RIFF3");
    symlinkSync(outside, join(root, "Assets", "Out"));
    expect(writeInside(root, ["Assets", "Out", "b.wav"], Buffer.from("RIFF"), () => true, mode)).toMatchObject({ ok: false, code: "OUTPUT_PATH_SYMLINK" });
    expect(writeInside(root, ["Assets", "..", "b.wav"], Buffer.from("RIFF"), () => true, mode)).toMatchObject({ ok: false, code: "OUTPUT_PATH_OUTSIDE_PROJECT" });
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(join(root, "Assets", "New"))).toEqual(["a.wav"]);
  });
});

describe("the card's preview of a compose_mml call", () => {
  it("names the target and says whether it would replace a file compose_mml did not write", async () => {
    const project = tmp("project");
    mkdirSync(join(project, "Assets", "Audio"), { recursive: true });
    writeFileSync(join(project, "Assets", "Audio", "theme.wav"), "mine");
    const audio = new GeneratedAudio();
    const env = { projectRoot: project, stateDir: tmp("state"), onWritten: audio.record, wasGenerated: (p: string) => audio.has(p) };
    const text = (args: Record<string, unknown>) => (composePreview({ action: "compose", ...args }, env).content[0] as { text: string }).text;
    expect(text({ output_path: "Assets/Audio/theme.wav" })).toContain("compose_mml did not write it: the call would leave it alone");
    expect(text({ output_path: "Assets/Audio/theme.wav", confirm: true })).toContain("Would REPLACE Assets/Audio/theme.wav");
    expect(text({ output_path: "Assets/Audio/new.wav" })).toBe("Would write Assets/Audio/new.wav (a new file).");
    expect(text({ output_path: "../x.wav" })).toContain("Would write nothing");
    expect(text({})).toContain("generated folder");
    expect((await compose({ output_path: "Assets/Audio/own.wav" }, env)).success).toBe(true);
    expect(text({ output_path: "Assets/Audio/own.wav" })).toContain("compose_mml's own earlier output");
    expect(readFileSync(join(project, "Assets", "Audio", "theme.wav"), "utf8")).toBe("mine");
  });
});
