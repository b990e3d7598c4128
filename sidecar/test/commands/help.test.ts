import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { locateClaude } from "../../src/claude/locate.js";
import { runDoctor } from "../../src/commands/doctor.js";
import { COMMANDS, main } from "../../src/main.js";
import { userEnv } from "../../../scripts/user-env.mjs";

// The command line as a new user meets it: help for every subcommand, doctor's wording, and the
// claude that `npm start` / `npm run doctor` pick.

describe("agent-panel --help", () => {
  let out: string[];
  beforeEach(() => {
    out = [];
    vi.spyOn(console, "log").mockImplementation((t: string) => void out.push(t));
    vi.spyOn(console, "error").mockImplementation((t: string) => void out.push(t));
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(Object.keys(COMMANDS))("`%s --help` exits 0 and explains every option", async (name) => {
    expect(await main([name, "--help"])).toBe(0);
    const text = out.join("\n");
    expect(text).toContain(`Usage: agent-panel ${name}`);
    for (const [flag, meaning] of COMMANDS[name]!.help.options) {
      expect(meaning.length).toBeGreaterThan(10);
      expect(text).toContain(flag);
    }
    // every flag in the synopsis is explained
    for (const flag of COMMANDS[name]!.help.synopsis.match(/--[a-z-]+/g) ?? []) expect(COMMANDS[name]!.help.options.some(([f]) => f.includes(flag))).toBe(true);
  });

  it("lists every command in the overview, and `help <command>` shows that command", async () => {
    expect(await main(["--help"])).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(out.join("\n")).toMatch(new RegExp(`^  ${name}\\s`, "m"));
    out.length = 0;
    expect(await main(["help", "sessions"])).toBe(0);
    expect(out.join("\n")).toContain("--all");
  });

  it("answers an unknown command with the overview and exit code 2", async () => {
    expect(await main(["serv"])).toBe(2);
    expect(out.join("\n")).toMatch(/Unknown command "serv"[\s\S]*serve/);
  });

  it("fails doctor on a project folder that does not exist, as serve does (exit 1, same message)", async () => {
    const missing = join(tmpdir(), "agent-panel-no-such-project-x");
    expect(await main(["doctor", "--project", missing])).toBe(1);
    expect(out.join("\n")).toBe(`Project folder ${missing} does not exist; pass the Unity project root with --project.`);
    await expect(runDoctor({ project: missing })).rejects.toMatchObject({ code: "project_not_found" });
  });
});

describe("locating claude, in a user's words", () => {
  it("names --claude when that path is wrong", () => {
    expect(() => locateClaude({ explicitPath: "/nope/claude", explicitLabel: "--claude", fs: { isFile: () => false, readText: () => undefined } })).toThrow(/given by --claude/);
  });

  it("lists each searched path once", () => {
    const home = mkdtempSync(join(tmpdir(), "ap-loc-"));
    try {
      locateClaude({ env: { PATH: "/usr/local/bin:/usr/local/bin:/opt/x" }, homedir: home, platform: "linux", fs: { isFile: () => false, readText: () => undefined } });
      expect.unreachable();
    } catch (err) {
      const searched = (err as { searched: string[] }).searched;
      expect(searched).toContain("/usr/local/bin/claude");
      expect(new Set(searched).size).toBe(searched.length);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe("npm start and npm run doctor use the user's claude", () => {
  it("drops the node_modules/.bin folders npm puts on PATH, keeps the rest in order", () => {
    const env = userEnv({ PATH: ["/repo/node_modules/.bin", "/node_modules/.bin", "/home/u/.local/bin", "/usr/bin", "/repo/node_modules/.bin/"].join(":") });
    expect(env.PATH).toBe("/home/u/.local/bin:/usr/bin");
    expect(userEnv({ Path: "C:\\repo\\node_modules\\.bin;C:\\nodejs" } as NodeJS.ProcessEnv).Path).toMatch(/nodejs$/);
  });
});
