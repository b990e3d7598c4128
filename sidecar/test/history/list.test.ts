import { appendFileSync, existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasCode } from "../../src/shared/errors.js";
import { nodeFs } from "../../src/history/fsio.js";
import { listSessions, SCAN_PARALLEL, SessionIndex } from "../../src/history/list.js";
import { SLOW_READ_MS } from "../../src/history/scan-queue.js";
import { setArchived, setCustomTitle } from "../../src/history/sidefiles.js";
import { CONFIG_DIR, PROJECT, copyOfGameDir, countingFs, tempDir, transcript } from "./helpers.js";

const env = { CLAUDE_CONFIG_DIR: CONFIG_DIR };

describe("listSessions", () => {
  it("lists the project's transcripts newest first, found through the CLI's directory rule", async () => {
    const list = await listSessions(PROJECT, { env, stateDir: null });
    expect(list).toMatchObject({ exists: true, scanned: 21, cached: 0 });
    expect(list.sessions).toHaveLength(21);
    const times = list.sessions.map((s) => s.lastActivity);
    expect([...times].sort().reverse()).toEqual(times);
    const text = list.sessions.find((s) => s.id === transcript("text").sessionId)!;
    expect(text).toMatchObject({
      titleSource: "prompt",
      title: expect.stringMatching(/^Say hello/),
      lastPrompt: "And now without any directive.",
      model: "claude-opus-5-5",
      hasSubagents: false,
      archived: false,
    });
    expect(text.file).toBe(transcript("text").file);
    expect(
      list.sessions
        .filter((s) => s.hasSubagents)
        .map((s) => s.id)
        .sort(),
    ).toEqual([transcript("subagent").sessionId, transcript("subagent-fg").sessionId].sort());
  });

  it("finds a project whose path has spaces and non-ASCII characters", async () => {
    const list = await listSessions("/home/dev/projects/enc/Dir With Space.v1_x/ünï", { env, stateDir: null });
    expect(list.sessions.map((s) => s.id)).toEqual([transcript("encoding").sessionId]);
  });

  it("reports a project without sessions instead of failing", async () => {
    const list = await listSessions("/no/such/project", { env, stateDir: null });
    expect(list).toMatchObject({ exists: false, sessions: [] });
  });

  it("fails with a typed error when the folder cannot be read", async () => {
    const fs = {
      ...countingFs(),
      readdirSync: () => {
        throw Object.assign(new Error("denied"), { code: "EACCES" });
      },
    };
    await expect(listSessions(PROJECT, { env, stateDir: null, fs })).rejects.toSatisfy((e) => hasCode(e, "history_unreadable"));
  });

  it("hides archived sessions unless asked, and shows the user's own titles", async () => {
    const dir = copyOfGameDir();
    const id = transcript("tool-allow").sessionId;
    await setArchived(dir, transcript("text").sessionId, true);
    await setCustomTitle(dir, id, "  Bash   and Write ");
    const visible = await listSessions(PROJECT, { transcriptDir: dir, stateDir: null });
    expect(visible.sessions).toHaveLength(20);
    expect(visible.sessions.find((s) => s.id === id)).toMatchObject({ title: "Bash and Write", titleSource: "custom" });
    const all = await listSessions(PROJECT, { transcriptDir: dir, stateDir: null, includeArchived: true });
    expect(all.sessions.find((s) => s.id === transcript("text").sessionId)?.archived).toBe(true);
    await setArchived(dir, transcript("text").sessionId, false);
    await setCustomTitle(dir, id, null);
    const back = await listSessions(PROJECT, { transcriptDir: dir, stateDir: null });
    expect(back.sessions).toHaveLength(21);
    expect(back.sessions.find((s) => s.id === id)?.titleSource).toBe("prompt");
  });

  it("refuses side-file writes for ids that are not plain ids", async () => {
    await expect(setArchived(tempDir(), "../../etc", true)).rejects.toSatisfy((e) => hasCode(e, "history_bad_session_id"));
  });

  it("falls back to a command, then to the id, for titles", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "cmd.jsonl"), JSON.stringify({ type: "user", message: { role: "user", content: "<command-name>/context</command-name>" }, timestamp: "2026-01-02T00:00:00Z" }) + "\n");
    writeFileSync(join(dir, "abcdef0123.jsonl"), JSON.stringify({ type: "queue-operation", operation: "enqueue", timestamp: "2026-01-01T00:00:00Z" }) + "\n");
    const list = await listSessions("/x", { transcriptDir: dir, stateDir: null });
    expect(list.sessions.map((s) => [s.title, s.titleSource])).toEqual([
      ["/context", "command"],
      ["Session abcdef01", "none"],
    ]);
  });
});

describe("the index cache", () => {
  it("reads a settled side folder once, and again only when an entry is added or removed", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    const sub = transcript("subagent").sessionId;
    const id = transcript("text").sessionId;
    await setArchived(dir, id, true);
    const old = new Date(Date.now() - 60_000);
    for (const folder of readdirSync(dir).filter((n) => !n.endsWith(".jsonl"))) utimesSync(join(dir, folder), old, old);
    const sideReads = (fs: ReturnType<typeof countingFs>) => fs.readdirPaths.filter((p) => p.startsWith(join(dir, "/"))).length;
    const fs1 = countingFs();
    const first = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs1, includeArchived: true });
    expect(sideReads(fs1)).toBeGreaterThanOrEqual(2);
    const fs2 = countingFs();
    const second = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs2, includeArchived: true });
    expect(sideReads(fs2)).toBe(0); // every folder answered by its stamp
    expect(second.sessions).toEqual(first.sessions);
    expect(second.sessions.find((s) => s.id === sub)?.hasSubagents).toBe(true);
    expect(second.sessions.find((s) => s.id === id)?.archived).toBe(true);
    // Unarchive: the folder loses an entry, its mtime moves, it is read again.
    await setArchived(dir, id, false);
    const fs3 = countingFs();
    const third = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs3, includeArchived: true });
    expect(sideReads(fs3)).toBe(1);
    expect(third.sessions.find((s) => s.id === id)?.archived).toBe(false);
    // Archived again at once (the same mtime tick is possible): a fresh folder is never trusted by its stamp.
    await setArchived(dir, id, true);
    const fourth = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, includeArchived: true });
    expect(fourth.sessions.find((s) => s.id === id)?.archived).toBe(true);
  });

  it("never reads an unchanged transcript again, and rereads only what changed", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    const fs1 = countingFs();
    const first = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs1 });
    expect(first.scanned).toBe(21);
    expect(fs1.counts.readRanges).toBeGreaterThanOrEqual(21);
    expect(readdirSync(state)).toHaveLength(1);

    // A new process: the cache comes from disk, no transcript is opened.
    const fs2 = countingFs();
    const second = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs2 });
    expect(second).toMatchObject({ scanned: 0, cached: 21 });
    expect(fs2.counts.readRanges ?? 0).toBe(0);
    expect(fs2.counts.open ?? 0).toBe(0);
    expect(second.sessions).toEqual(first.sessions);

    const changed = transcript("queue").file.replace(/.*\//, "");
    appendFileSync(join(dir, changed), JSON.stringify({ type: "last-prompt", lastPrompt: "A third prompt" }) + "\n");
    const fs3 = countingFs();
    const third = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs: fs3 });
    expect(third).toMatchObject({ scanned: 1, cached: 20 });
    expect(fs3.readPaths).toEqual([join(dir, changed)]);
    expect(third.sessions.find((s) => s.file.endsWith(changed))?.lastPrompt).toBe("A third prompt");
  });

  it("shows a new process the cached list without touching a transcript, and the check corrects it", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    await setArchived(dir, transcript("text").sessionId, true);
    const first = await new SessionIndex(dir, { stateDir: state }).list({ includeArchived: true });
    expect(first.verified).toBe(true);

    const changed = transcript("queue").file.replace(/.*\//, "");
    appendFileSync(join(dir, changed), JSON.stringify({ type: "last-prompt", lastPrompt: "Written after the cache" }) + "\n");
    const fs = countingFs();
    const index = new SessionIndex(dir, { stateDir: state, fs });
    const early = index.cachedList({ includeArchived: true })!;
    expect(early).toMatchObject({ verified: false, scanned: 0, cached: 21 });
    expect(fs.counts).toEqual({ readFile: 1 }); // the cache file, nothing else
    expect(early.sessions).toEqual(first.sessions); // same summaries, order, subagent and archived flags
    expect(index.cachedList()!.sessions).toHaveLength(20);

    const checked = await index.list({ includeArchived: true });
    expect(checked).toMatchObject({ verified: true, scanned: 1, cached: 20 });
    expect(early.sessions.find((s) => s.file.endsWith(changed))?.lastPrompt).not.toBe("Written after the cache");
    expect(checked.sessions.find((s) => s.file.endsWith(changed))?.lastPrompt).toBe("Written after the cache");
  });

  it("reads several transcripts at once (bounded), and two lists at once give the same result", async () => {
    const dir = copyOfGameDir();
    const expected = await new SessionIndex(dir, { stateDir: null }).list();
    let inFlight = 0;
    let most = 0;
    const fs = countingFs();
    const slow = {
      ...fs,
      // Slow synchronous reads (a disk, not the page cache) make the index switch to parallel reads.
      readRangesSync: (path: string, ranges: Parameters<typeof fs.readRanges>[1]) => {
        for (const end = performance.now() + 2 * SLOW_READ_MS; performance.now() < end;);
        return fs.readRangesSync(path, ranges);
      },
      readRanges: async (path: string, ranges: Parameters<typeof fs.readRanges>[1]) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 5));
        try {
          return await fs.readRanges(path, ranges);
        } finally {
          inFlight--;
        }
      },
    };
    const index = new SessionIndex(dir, { stateDir: null, fs: slow });
    const [a, b] = await Promise.all([index.list(), new Promise((r) => setTimeout(r, 2)).then(() => index.list())]);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(2 * SCAN_PARALLEL); // two lists, each with its own bound and buffers
    expect(a.sessions).toEqual(expected.sessions);
    expect(b.sessions).toEqual(expected.sessions);
  });

  it("switches to parallel reads when slow synchronous reads are mixed with fast ones (a cold disk, some files cached)", async () => {
    const dir = copyOfGameDir();
    const fs = countingFs();
    let syncReads = 0;
    const mixed = {
      ...fs,
      readRangesSync: (path: string, ranges: Parameters<typeof fs.readRanges>[1]) => {
        if (syncReads++ % 4 !== 2) for (const end = performance.now() + 2 * SLOW_READ_MS; performance.now() < end;);
        return fs.readRangesSync(path, ranges);
      },
    };
    const list = await new SessionIndex(dir, { stateDir: null, fs: mixed }).list();
    expect(list.scanned).toBe(21);
    expect(syncReads).toBeLessThanOrEqual(4); // slow, slow, fast, slow: the rest in parallel
  });

  it("lists the same sessions when the disk is slow and the windows are read in parallel", async () => {
    const dir = copyOfGameDir();
    const expected = await new SessionIndex(dir, { stateDir: null }).list();
    let parallel = 0;
    const disk = {
      ...nodeFs,
      readRangesSync: (path: string, ranges: Parameters<typeof nodeFs.readRanges>[1]) => {
        for (const end = performance.now() + 2 * SLOW_READ_MS; performance.now() < end;);
        return nodeFs.readRangesSync(path, ranges);
      },
      readRanges: (path: string, ranges: Parameters<typeof nodeFs.readRanges>[1]) => (parallel++, nodeFs.readRanges(path, ranges)),
    };
    const list = await new SessionIndex(dir, { stateDir: null, fs: disk }).list();
    expect(parallel).toBe(list.scanned - 3);
    expect(list.sessions).toEqual(expected.sessions);
  });

  it("has no cached list before the first list, or for a cache of another format", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    expect(new SessionIndex(dir, { stateDir: state }).cachedList()).toBeUndefined();
    await new SessionIndex(dir, { stateDir: state }).list();
    const cacheFile = join(state, readdirSync(state)[0]!);
    const data = JSON.parse(readFileSync(cacheFile, "utf8"));
    writeFileSync(cacheFile, JSON.stringify({ ...data, keys: [...data.keys].reverse() }));
    expect(new SessionIndex(dir, { stateDir: state }).cachedList()).toBeUndefined();
  });

  it("ignores a corrupt cache file and rebuilds it", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    await listSessions(PROJECT, { transcriptDir: dir, stateDir: state });
    const cacheFile = join(state, readdirSync(state)[0]!);
    writeFileSync(cacheFile, "{not json");
    const list = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state });
    expect(list).toMatchObject({ scanned: 21, cached: 0 });
    expect(existsSync(cacheFile)).toBe(true);
    expect((await listSessions(PROJECT, { transcriptDir: dir, stateDir: state })).cached).toBe(21);
  });

  it("lists an unreadable transcript with a warning, and tries it again next time", async () => {
    const dir = copyOfGameDir();
    const bad = transcript("thinking").file.replace(/.*\//, "");
    let failing = true;
    const fs = countingFs({
      onRead: (p) => {
        if (failing && p.endsWith(bad)) throw Object.assign(new Error("EBUSY: resource busy"), { code: "EBUSY" });
      },
    });
    const state = tempDir();
    const list = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs });
    expect(list.sessions).toHaveLength(21);
    expect(list.sessions.find((s) => s.file.endsWith(bad))?.warning).toMatch(/could not be read: EBUSY/);
    failing = false;
    const again = await listSessions(PROJECT, { transcriptDir: dir, stateDir: state, fs });
    expect(again.scanned).toBe(1);
    expect(again.sessions.find((s) => s.file.endsWith(bad))?.warning).toBeUndefined();
  });
});
