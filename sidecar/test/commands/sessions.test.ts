import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSessions, type SessionsDeps } from "../../src/commands/sessions.js";
import { setArchived } from "../../src/history/sidefiles.js";
import { CONFIG_DIR, GAME_DIR, PROJECT, tempDir, transcript } from "../history/helpers.js";

/** Run the command and capture what it prints. */
async function run(args: string[], deps: SessionsDeps = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSessions(args, { env: { CLAUDE_CONFIG_DIR: CONFIG_DIR }, stateDir: null, out: (t) => out.push(t), err: (t) => err.push(t), ...deps });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("agent-panel sessions", () => {
  it("prints a table of the project's sessions, newest first", async () => {
    const { code, out } = await run(["--project", PROJECT]);
    expect(code).toBe(0);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(/^ID\s+LAST ACTIVITY\s+MSGS\s+MODEL\s+TITLE$/);
    expect(lines[1]).toMatch(/^f5ef1ba1 .* claude-opus-5-5 +Some history first/);
    expect(out).toContain(`21 sessions in ${GAME_DIR}`);
  });

  it("prints JSON with --json, and archived sessions only with --all", async () => {
    const home = tempDir(); // a CLAUDE_CONFIG_DIR laid out like ~/.claude
    const dir = join(home, "projects", "-home-dev-projects-MyGame");
    cpSync(GAME_DIR, dir, { recursive: true });
    await setArchived(dir, transcript("text").sessionId, true);
    const plain = JSON.parse((await run(["--project", PROJECT, "--json"], { env: { CLAUDE_CONFIG_DIR: home } })).out);
    expect(plain.sessions).toHaveLength(20);
    const all = JSON.parse((await run(["--project", PROJECT, "--json", "--all"], { env: { CLAUDE_CONFIG_DIR: home } })).out);
    expect(all.sessions).toHaveLength(21);
    expect(all.sessions.find((s: { id: string }) => s.id === transcript("text").sessionId).archived).toBe(true);
  });

  it("prints the cached table at once and again only when the check changed it", async () => {
    const home = tempDir();
    const dir = join(home, "projects", "-home-dev-projects-MyGame");
    cpSync(GAME_DIR, dir, { recursive: true });
    const deps = { env: { CLAUDE_CONFIG_DIR: home }, stateDir: tempDir() };
    const cold = await run(["--project", PROJECT], deps);
    expect(cold.out).not.toContain("Updated");
    const same = await run(["--project", PROJECT], deps);
    expect(same.out).toBe(cold.out); // from the cache, checked, nothing to reprint
    await setArchived(dir, transcript("text").sessionId, true);
    const fixed = await run(["--project", PROJECT], deps);
    const [early, late] = fixed.out.split("\n\nUpdated after checking the transcripts:\n");
    expect(early).toBe(cold.out);
    expect(late).toContain("20 sessions in");
  });

  it("uses the current directory by default and says when there are no sessions", async () => {
    const cwd = join(tempDir(), "no-sessions-here");
    mkdirSync(cwd);
    const { code, out } = await run([], { cwd });
    expect(code).toBe(0);
    expect(out).toMatch(/^No sessions yet \(.*-no-sessions-here does not exist\)\.$/);
  });

  it("exits 1 on a project folder that does not exist (a mistyped --project), saying what to pass", async () => {
    const missing = join(tempDir(), "NoSuchGame");
    const { code, out, err } = await run(["--project", missing]);
    expect(code).toBe(1);
    expect(out).toBe("");
    expect(err).toBe(`Project folder ${missing} does not exist; pass the Unity project root with --project.`);
  });

  it("still lists the sessions Claude Code kept for a project folder that is gone", async () => {
    const { code, out } = await run(["--project", PROJECT]); // PROJECT is not on this disk; its transcripts are
    expect(code).toBe(0);
    expect(out).toMatch(/sessions? in /);
  });

  it("rejects unknown flags with usage and exit code 2", async () => {
    const { code, err } = await run(["--bogus"]);
    expect(code).toBe(2);
    expect(err).toMatch(/Usage: agent-panel sessions/);
  });
});
