import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ClaudeNotFoundError, ClaudeVersionError, claudeVersion, locateClaude, type LocateFs } from "../../src/claude/locate.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const realClaude = path.join(repoRoot, "node_modules/@anthropic-ai/claude-code/bin/claude.exe");

/** A fake disk: the keys are the files that exist, the values their text. */
function fakeFs(files: Record<string, string>): LocateFs & { checked: string[] } {
  const checked: string[] = [];
  return {
    checked,
    isFile: (p) => {
      checked.push(p);
      return Object.hasOwn(files, p);
    },
    readText: (p) => files[p],
  };
}

/** Catches the error thrown by fn, failing the test if nothing is thrown. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

const linux = { platform: "linux" as const, homedir: "/home/u", npmPrefix: "/usr" };

describe("locateClaude on Linux/macOS", () => {
  const everything = {
    "/opt/claude-custom": "",
    "/env/claude": "",
    "/home/u/.local/bin/claude": "",
    "/usr/local/bin/claude": "",
    "/opt/homebrew/bin/claude": "",
    "/usr/bin/claude": "",
    "/p1/claude": "",
  };

  it("prefers the explicit path, then the env var, then install locations, then PATH", () => {
    const env = { AGENT_PANEL_CLAUDE: "/env/claude", PATH: "/p1" };
    const files: Record<string, string> = { ...everything };
    const opts = { ...linux, env, fs: fakeFs(files) };
    expect(locateClaude({ ...opts, explicitPath: "/opt/claude-custom" })).toEqual({
      path: "/opt/claude-custom",
      source: "explicit",
    });
    expect(locateClaude(opts)).toEqual({ path: "/env/claude", source: "env" });
    const noEnv = { ...opts, env: { PATH: "/p1" } };
    const order = ["/home/u/.local/bin/claude", "/usr/local/bin/claude", "/opt/homebrew/bin/claude", "/usr/bin/claude"];
    for (const expected of order) {
      expect(locateClaude(noEnv)).toEqual({ path: expected, source: "install-location" });
      delete files[expected];
    }
    expect(locateClaude(noEnv)).toEqual({ path: "/p1/claude", source: "path" });
  });

  it("searches PATH directories in order", () => {
    const fs = fakeFs({ "/b/claude": "", "/c/claude": "" });
    const result = locateClaude({ ...linux, env: { PATH: "/a:/b:/c" }, fs });
    expect(result).toEqual({ path: "/b/claude", source: "path" });
  });

  it("fails with claude_not_found for an explicit path that does not exist, without falling back", () => {
    const fs = fakeFs(everything);
    const error = thrown(() => locateClaude({ ...linux, env: {}, fs, explicitPath: "/nope/claude" }));
    expect(error).toBeInstanceOf(ClaudeNotFoundError);
    expect((error as ClaudeNotFoundError).code).toBe("claude_not_found");
    expect((error as Error).message).toContain("/nope/claude");
    expect((error as Error).message).toMatch(/Fix or clear/);
    expect(fs.checked).toEqual(["/nope/claude"]);
  });

  it("fails the same way for an AGENT_PANEL_CLAUDE that does not exist", () => {
    const fs = fakeFs(everything);
    const error = thrown(() => locateClaude({ ...linux, env: { AGENT_PANEL_CLAUDE: "/gone" }, fs }));
    expect((error as ClaudeNotFoundError).code).toBe("claude_not_found");
    expect((error as Error).message).toContain("AGENT_PANEL_CLAUDE");
  });

  it("lists every place searched when nothing is found", () => {
    const fs = fakeFs({});
    const error = thrown(() => locateClaude({ ...linux, env: { PATH: "/x:/y" }, fs }));
    expect(error).toBeInstanceOf(ClaudeNotFoundError);
    const notFound = error as ClaudeNotFoundError;
    expect(notFound.code).toBe("claude_not_found");
    expect(notFound.searched).toEqual(["/home/u/.local/bin/claude", "/usr/local/bin/claude", "/opt/homebrew/bin/claude", "/usr/bin/claude", "/x/claude", "/y/claude"]);
    expect(notFound.message).toMatch(/npm install -g @anthropic-ai\/claude-code/);
    expect(notFound.message).toContain("/y/claude");
  });
});

describe("locateClaude on Windows", () => {
  const base = {
    platform: "win32" as const,
    homedir: "C:\\Users\\u",
    env: {
      APPDATA: "C:\\Users\\u\\AppData\\Roaming",
      USERPROFILE: "C:\\Users\\u",
      Path: "C:\\Tools;C:\\Shims",
      PATHEXT: ".COM;.EXE;.BAT;.CMD",
    },
  };
  const npmExe = "C:\\Users\\u\\AppData\\Roaming\\npm\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe";
  const nativeExe = "C:\\Users\\u\\.local\\bin\\claude.exe";

  it("finds the npm global install first, then the native installer", () => {
    const files: Record<string, string> = { [npmExe]: "", [nativeExe]: "" };
    expect(locateClaude({ ...base, fs: fakeFs(files) })).toEqual({ path: npmExe, source: "install-location" });
    delete files[npmExe];
    expect(locateClaude({ ...base, fs: fakeFs(files) })).toEqual({ path: nativeExe, source: "install-location" });
  });

  it("resolves a claude.cmd shim found on PATH to the .exe it launches", () => {
    const shim =
      "@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\n" + 'CALL :find_dp0\r\n"%dp0%\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe"   %*\r\n';
    const exe = "C:\\Shims\\node_modules\\@anthropic-ai\\claude-code\\bin\\claude.exe";
    const fs = fakeFs({ "C:\\Shims\\claude.cmd": shim, [exe]: "" });
    expect(locateClaude({ ...base, fs })).toEqual({ path: exe, source: "path" });
    // PATH (read case-insensitively as "Path") was searched with each PATHEXT extension.
    expect(fs.checked).toContain("C:\\Tools\\claude.exe");
    expect(fs.checked).toContain("C:\\Tools\\claude.cmd");
  });

  it("skips a shim whose target is not an existing .exe and keeps searching", () => {
    const nodeShim = '@ECHO off\r\n"%_prog%"  "%dp0%\\node_modules\\claude\\cli.js" %*\r\n';
    const fs = fakeFs({ "C:\\Tools\\claude.cmd": nodeShim, "C:\\Shims\\claude.exe": "" });
    expect(locateClaude({ ...base, fs })).toEqual({ path: "C:\\Shims\\claude.exe", source: "path" });
  });

  it("rejects an explicit .cmd that does not lead to an .exe", () => {
    const fs = fakeFs({ "D:\\claude.cmd": "@echo off\r\nnode cli.js %*\r\n" });
    const error = thrown(() => locateClaude({ ...base, fs, explicitPath: "D:\\claude.cmd" }));
    expect((error as ClaudeNotFoundError).code).toBe("claude_not_found");
  });

  it("reports the Windows places searched when nothing is found", () => {
    const error = thrown(() => locateClaude({ ...base, fs: fakeFs({}) })) as ClaudeNotFoundError;
    expect(error.searched.slice(0, 3)).toEqual([npmExe, nativeExe, "C:\\Tools\\claude.com"]);
    expect(error.searched).toHaveLength(2 + 2 * 4);
  });
});

// The two fake binaries below are shell scripts, which only run on POSIX systems.
const posixIt = it.skipIf(process.platform === "win32");

describe("claudeVersion", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "locate-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the version of the real claude binary", async () => {
    expect(await claudeVersion(realClaude)).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("fails with claude_not_runnable for a missing binary", async () => {
    const error = await claudeVersion(path.join(dir, "missing")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClaudeVersionError);
    expect((error as ClaudeVersionError).code).toBe("claude_not_runnable");
  });

  posixIt("fails with claude_version_unparsable when no version is printed", async () => {
    const script = path.join(dir, "noversion");
    writeFileSync(script, "#!/bin/sh\necho hello\n");
    chmodSync(script, 0o755);
    const error = await claudeVersion(script).catch((e: unknown) => e);
    expect((error as ClaudeVersionError).code).toBe("claude_version_unparsable");
  });

  posixIt("fails with claude_version_timeout when the binary hangs", async () => {
    const script = path.join(dir, "hang");
    writeFileSync(script, "#!/bin/sh\nexec sleep 5\n");
    chmodSync(script, 0o755);
    const error = await claudeVersion(script, 300).catch((e: unknown) => e);
    expect((error as ClaudeVersionError).code).toBe("claude_version_timeout");
  });
});
