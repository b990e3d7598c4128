import { appendFileSync, cpSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sessionsFromMemo } from "../../src/commands/sessions-fast.js";
import { runSessions } from "../../src/commands/sessions.js";
import { nodeFs, type HistoryFs } from "../../src/history/fsio.js";
import { setArchived, setCustomTitle } from "../../src/history/sidefiles.js";
import { PROJECT, GAME_DIR, countingFs, linesOf, tempDir, transcript } from "../history/helpers.js";

// `agent-panel sessions` prints its last output again when every stamp it was made from is
// unchanged, and lists as usual after any change: whatever it prints equals a fresh listing.

/** A CLAUDE_CONFIG_DIR holding a copy of the MyGame transcripts, every entry stamped 10 s ago. */
function project(): { home: string; dir: string; state: string } {
  const home = tempDir();
  const dir = join(home, "projects", "-home-dev-projects-MyGame");
  cpSync(GAME_DIR, dir, { recursive: true });
  settle(dir);
  return { home, dir, state: tempDir() };
}

/** Stamp every entry under `dir` (and `dir`) changed in the last few seconds 10 s in the past, as if it had settled long ago. */
function settle(dir: string): void {
  const past = new Date(Date.now() - 10_000);
  for (const path of [...(readdirSync(dir, { recursive: true }) as string[]).map((n) => join(dir, n)), dir]) {
    if (statSync(path).mtimeMs > Date.now() - 3_000) utimesSync(path, past, past);
  }
}

/** Run the command; `fresh` lists with no cache and no kept output, for comparison. */
async function run(p: { home: string; state: string }, args: string[], opts: { fs?: HistoryFs; fresh?: boolean } = {}): Promise<string> {
  const out: string[] = [];
  const code = await runSessions(["--project", PROJECT, ...args], { env: { CLAUDE_CONFIG_DIR: p.home }, stateDir: opts.fresh ? null : p.state, fs: opts.fs, out: (t) => out.push(t), err: (t) => out.push(t) });
  expect(code).toBe(0);
  return out.join("\n");
}

/** nodeFs that records which files were read whole and which transcripts were opened. */
function spyFs(): HistoryFs & { files: string[]; scanned: string[] } {
  const files: string[] = [];
  const counting = countingFs();
  return Object.assign(counting, { files, scanned: counting.readPaths, readFileSync: (path: string) => (files.push(path), nodeFs.readFileSync(path)) });
}

describe("agent-panel sessions: the kept output", () => {
  it("prints the last output again when nothing changed, reading no transcript and no index cache", async () => {
    const p = project();
    const first = await run(p, ["--json"]);
    const fs = spyFs();
    const again = await run(p, ["--json"], { fs });
    expect(again).toBe(first);
    expect(fs.scanned).toEqual([]);
    expect(fs.files).toHaveLength(1);
    expect(fs.files[0]).toMatch(/\.out-json$/);
    expect(JSON.parse(again).sessions).toHaveLength(21);
  });

  it("lists again after each kind of change, printing what a fresh listing prints", async () => {
    const p = project();
    const text = transcript("text");
    const changes: Array<[string, () => Promise<void> | void]> = [
      ["a transcript grew", () => appendFileSync(join(p.dir, `${text.sessionId}.jsonl`), `${linesOf(text.file).at(-1)}\n`)],
      ["a transcript's mtime moved", () => utimesSync(join(p.dir, `${text.sessionId}.jsonl`), new Date(), new Date(Date.now() - 5_000))],
      ["a new transcript", () => cpSync(text.file, join(p.dir, "00000000-0000-4000-8000-000000000000.jsonl"))],
      ["a transcript removed", () => rmSync(join(p.dir, "00000000-0000-4000-8000-000000000000.jsonl"))],
      ["a session archived", () => setArchived(p.dir, text.sessionId, true)],
      ["a session unarchived", () => setArchived(p.dir, text.sessionId, false)],
      ["a user title", () => setCustomTitle(p.dir, text.sessionId, "Renamed by the user")],
      ["the user title edited in place (same size)", () => writeFileSync(join(p.dir, text.sessionId, "custom-title.json"), JSON.stringify({ title: "Renamed by the USER" }))],
    ];
    for (const args of [["--json"], ["--json", "--all"], []]) await run(p, args);
    for (const [what, change] of changes) {
      await change();
      settle(p.dir); // as if the change happened long ago (a recent one is never kept: see below)
      for (const args of [["--json"], ["--json", "--all"], []]) {
        const expected = await run(p, args, { fresh: true });
        expect(await run(p, args), `${what}, ${args.join(" ")}`).toBe(expected);
        expect(await run(p, args), `${what}, ${args.join(" ")}, kept`).toBe(expected);
      }
    }
    expect(await run(p, ["--json"])).toContain("Renamed by the USER");
  });

  it("prints the project as given: another spelling of the same project is not answered from the kept output", async () => {
    const p = project();
    expect(JSON.parse(await run(p, ["--json"])).project).toBe(PROJECT);
    const out: string[] = [];
    await runSessions(["--project", `${PROJECT}/`, "--json"], { env: { CLAUDE_CONFIG_DIR: p.home }, stateDir: p.state, out: (t) => out.push(t) });
    expect(JSON.parse(out.join("")).project).toBe(`${PROJECT}/`);
    expect(JSON.parse(await run(p, ["--json"])).project).toBe(PROJECT);
  });

  it("does not keep an output made from side files changed in the last two seconds", async () => {
    const p = project();
    await setArchived(p.dir, transcript("text").sessionId, true); // the folder and the file are new
    await run(p, ["--json"]);
    expect(readdirSync(p.state).filter((n) => n.includes(".out-"))).toEqual([]);
    settle(p.dir);
    await run(p, ["--json"]);
    expect(readdirSync(p.state).filter((n) => n.includes(".out-"))).toHaveLength(1);
  });

  it("ignores a damaged or foreign kept output", async () => {
    const p = project();
    const first = await run(p, ["--json"]);
    const kept = readdirSync(p.state).find((n) => n.endsWith(".out-json"))!;
    for (const junk of ["", "not json\n{}", '{"format":1,"key":"[]","digest":"x","sideFiles":[]}\nstale', "{\"format\":99}\n{}"]) {
      writeFileSync(join(p.state, kept), junk);
      expect(await run(p, ["--json"])).toBe(first);
    }
    expect(statSync(join(p.state, kept)).size).toBeGreaterThan(first.length);
  });

  it("is answered by the bundle's fast path alike, which gives way to the full command on anything else", async () => {
    const p = project();
    const env = { CLAUDE_CONFIG_DIR: p.home, XDG_DATA_HOME: p.state, HOME: p.home };
    const full = async (args: string[]) => {
      const out: string[] = [];
      await runSessions(args, { env, stateDir: join(p.state, "AgentPanel", "cache"), out: (t) => out.push(t) });
      return out.join("");
    };
    const fast = (args: string[]) => {
      let printed: string | undefined;
      return sessionsFromMemo(args, undefined, (b) => void (printed = b.toString("utf8")), env) ? printed : undefined;
    };
    const args = ["--project", PROJECT, "--json"];
    expect(fast(args)).toBeUndefined(); // nothing kept yet
    const first = await full(args);
    expect(fast(args)).toBe(first);
    expect(fast([`--project=${PROJECT}`, "--json"])).toBe(first);
    expect(fast(["--json", "--project", PROJECT, "--all"])).toBeUndefined(); // another mode: not kept yet
    for (const odd of [["--project", PROJECT, "--json", "--bogus"], ["--project"], ["--project", "--json"], ["--project", PROJECT, "--project", PROJECT, "--json"]]) expect(fast(odd), odd.join(" ")).toBeUndefined();
    appendFileSync(join(p.dir, `${transcript("text").sessionId}.jsonl`), `${linesOf(transcript("text").file).at(-1)}\n`);
    expect(fast(args)).toBeUndefined(); // changed: the full command lists
    expect(JSON.parse(await full(args))).toEqual(JSON.parse(await run(p, ["--json"], { fresh: true })));
  });
});
