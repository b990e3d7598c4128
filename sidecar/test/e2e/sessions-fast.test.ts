import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledSidecar, oneSessionProject } from "./harness.js";

// The bundle answers `sessions` from its kept output through dist/sessions-fast.cjs, without the
// listing's chunks: a copy of the bundle without the sessions chunk still prints it, byte for byte.

const home = mkdtempSync(join(tmpdir(), "ap-sessions-fast-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function sessions(bundle: string, project: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bundle, "sessions", "--project", project, "--json"], { env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, "data") }, encoding: "utf8" });
}

describe("the bundle's sessions fast path", () => {
  it("prints the kept output without loading the listing's code", () => {
    const { project, dir, line } = oneSessionProject(home);
    const bundle = bundledSidecar();
    const first = sessions(bundle, project);
    expect(first.status, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).sessions[0].title).toBe("Add a jump to the player");
    // A copy of the bundle with the same entry stamp and no sessions chunk.
    const copy = join(home, "dist");
    cpSync(dirname(bundle), copy, { recursive: true });
    for (const name of readdirSync(join(copy, "chunks"))) if (name.startsWith("sessions-")) rmSync(join(copy, "chunks", name));
    const { atimeMs, mtimeMs } = statSync(bundle);
    utimesSync(join(copy, "agent-panel.mjs"), atimeMs / 1000, mtimeMs / 1000);
    const kept = sessions(join(copy, "agent-panel.mjs"), project);
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toBe(first.stdout);
    // Once the transcript changed only the full command can answer, and the copy has none.
    writeFileSync(join(dir, `${line.sessionId}.jsonl`), JSON.stringify(line) + "\n" + JSON.stringify({ ...line, message: { role: "user", content: "And a double jump" } }) + "\n");
    expect(sessions(join(copy, "agent-panel.mjs"), project).status).not.toBe(0);
    expect(sessions(bundle, project).stdout).toContain("And a double jump");
  });
});
