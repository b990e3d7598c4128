import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bundledSidecar } from "./harness.js";

// `npm start` on a machine without claude: the warning comes with the panel URL, before anyone
// opens a chat, and says where claude was looked for and how to point at it.

const START = join(import.meta.dirname, "../../../scripts/start.mjs");
let base: string | undefined;

afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

describe("npm start without claude installed", () => {
  it("warns at once that no chat can start, with the sidecar's search and how to give the path", async () => {
    bundledSidecar(); // built, so start.mjs does not build
    base = mkdtempSync(join(tmpdir(), "ap-start-"));
    const home = join(base, "home");
    const project = join(base, "Game");
    mkdirSync(home);
    mkdirSync(project);
    // Only node's own folder on PATH, an empty HOME: no claude anywhere the sidecar looks.
    const env = { PATH: dirname(process.execPath), HOME: home, XDG_DATA_HOME: join(home, "data"), LANG: "C.UTF-8" };
    const child = spawn(process.execPath, [START, "--project", project], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const warned = new Promise<void>((resolve) => child.stderr.on("data", (c: Buffer) => ((err += c.toString()), /Then stop this/.test(err) && resolve())));
    const exited = new Promise((r) => child.once("exit", r));
    try {
      await Promise.race([warned, new Promise((_, rej) => setTimeout(() => rej(new Error(`no warning within 40 s; stdout: ${out} stderr: ${err}`)), 40_000))]);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
    expect(out).toMatch(/Open the panel: http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(err).toMatch(/Warning: no chat can start, claude was not found\./);
    expect(err).toMatch(/Install Claude Code/);
    expect(err).toMatch(/--claude <path to claude>/);
  }, 60_000);
});
