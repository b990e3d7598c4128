import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledSidecar, oneSessionProject } from "./harness.js";

// Start-up cost of the bundled command is mostly what Node loads for it. The short-lived commands
// must not pull in machinery they do not use: an ESM import of node:fs builds its whole namespace
// (fs/promises, the stream stack, readline), node:crypto and node:worker_threads are large, the
// `performance` global loads perf_hooks, and process.stdout loads the stream stack again. Each
// case below lists the Node internal modules the process loaded beyond a bare ESM script.

const home = mkdtempSync(join(tmpdir(), "ap-startup-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Internal modules loaded by `agent-panel <args>` beyond what an empty ESM module loads. */
function loadedModules(args: string[], env: NodeJS.ProcessEnv = {}): string[] {
  const probe = join(home, "probe.mjs");
  // The probe itself must not load anything the commands avoid: it writes with require("fs"), not
  // process.stderr, and node:module is what the bundle's own banner loads anyway.
  writeFileSync(probe, [
    'import { createRequire } from "node:module";',
    "const before = new Set(process.moduleLoadList);",
    'process.on("exit", () => createRequire(import.meta.url)("fs").writeSync(2, "\\nMODULES " + JSON.stringify(process.moduleLoadList.filter((m) => !before.has(m)))));',
  ].join("\n"));
  const r = spawnSync(process.execPath, ["--import", probe, bundledSidecar(), ...args], { env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, "data"), ...env }, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stderr.slice(r.stderr.lastIndexOf("MODULES ") + 8)) as string[];
}

const HEAVY = [/\bstream\b/, /streams\//, /fs\/promises/, /\bcrypto\b/, /worker_threads/, /perf_hooks/, /readline/];

describe("what the short-lived commands load", () => {
  it("--version loads no stream, crypto, worker or perf module", () => {
    const mods = loadedModules(["--version"]);
    expect(mods.filter((m) => HEAVY.some((re) => re.test(m)))).toEqual([]);
  });

  it("sessions --json loads none either, listing a transcript and then answering from the cache", () => {
    const { project } = oneSessionProject(home);
    for (const run of ["scan", "cached"]) {
      const mods = loadedModules(["sessions", "--project", project, "--json"]);
      expect(mods.filter((m) => HEAVY.some((re) => re.test(m))), run).toEqual([]);
    }
  });
});
