import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cacheFile, defaultCacheDir, emptyCache, saveCache } from "../../src/history/cache.js";
import { nodeFs, oneShotFs } from "../../src/history/fsio.js";

// The history index cache holds prompt text: it is the user's alone (0700 directories, 0600
// files) whichever command creates it first, and it never lands in the working directory because
// of a relative XDG_DATA_HOME.

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe.skipIf(process.platform === "win32")("history cache files", () => {
  // The sidecar writes through the thread pool, a one-shot `sessions` command synchronously: the same rules.
  it.each([
    ["the sidecar's", nodeFs],
    ["a one-shot command's", oneShotFs],
  ])("are created 0700/0600 even under a permissive umask (%s writes)", async (_, fs) => {
    root = mkdtempSync(join(tmpdir(), "ap-cache-"));
    const dir = join(root, "AgentPanel", "cache");
    const file = cacheFile(dir, "/some/transcripts");
    const old = process.umask(0o000);
    try {
      await saveCache(fs, file, emptyCache("/some/transcripts"));
    } finally {
      process.umask(old);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(root, "AgentPanel")).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["the sidecar's", nodeFs],
    ["a one-shot command's", oneShotFs],
  ])("tighten a cache directory that an older version created 0755 (%s writes)", async (_, fs) => {
    root = mkdtempSync(join(tmpdir(), "ap-cache-"));
    const dir = join(root, "cache");
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    await saveCache(fs, cacheFile(dir, "/t"), emptyCache("/t"));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it.each([
    ["the sidecar's", nodeFs],
    ["a one-shot command's", oneShotFs],
  ])("replace a file whole or not at all, leaving no temporary file either way (%s writes)", async (_, fs) => {
    root = mkdtempSync(join(tmpdir(), "ap-cache-"));
    const dir = join(root, "cache");
    const file = join(dir, "kept.out");
    await fs.writeFile(file, "first");
    await fs.writeFile(file, Buffer.from("second"));
    expect(readFileSync(file, "utf8")).toBe("second");
    // A directory where the file should go: the rename fails, the old state stays, the error surfaces.
    const blocked = join(dir, "blocked");
    mkdirSync(join(blocked, "child"), { recursive: true });
    await expect(fs.writeFile(blocked, "x")).rejects.toThrow();
    expect(statSync(blocked).isDirectory()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["blocked", "kept.out"]);
  });

  it("names one file per transcript directory, stably, and removes the files older versions named", async () => {
    root = mkdtempSync(join(tmpdir(), "ap-cache-"));
    const dir = join(root, "cache");
    expect(cacheFile(dir, "/a/transcripts")).toBe(cacheFile(dir, "/a/transcripts"));
    expect(cacheFile(dir, "/a/transcripts")).not.toBe(cacheFile(dir, "/b/transcripts"));
    expect(cacheFile(dir, "/a/transcripts")).toMatch(/sessions-[0-9a-f]{16}\.json$/);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "sessions-0123456789abcdef0123.json"), "{}"); // an older version's name
    writeFileSync(join(dir, "notes.json"), "{}"); // not ours to remove
    await saveCache(nodeFs, cacheFile(dir, "/a/transcripts"), emptyCache("/a/transcripts"));
    expect(readdirSync(dir).sort()).toEqual(["notes.json", cacheFile(dir, "/a/transcripts").slice(dir.length + 1)].sort());
  });

  it("ignores a relative XDG_DATA_HOME", () => {
    expect(defaultCacheDir({ XDG_DATA_HOME: "relative/data" }, "/home/u", "linux")).toBe("/home/u/.local/share/AgentPanel/cache");
    expect(defaultCacheDir({ XDG_DATA_HOME: "/abs/data" }, "/home/u", "linux")).toBe("/abs/data/AgentPanel/cache");
  });
});
