import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cacheFile } from "../../src/history/cache.js";
import { setArchived } from "../../src/history/sidefiles.js";
import { watchSessions, type SessionChanges } from "../../src/history/watch.js";
import { tempDir } from "./helpers.js";

const prompt = (text: string) => JSON.stringify({ type: "user", message: { role: "user", content: text }, uuid: text, timestamp: new Date().toISOString() }) + "\n";

/** Collect change notifications and wait for the next one matching a condition. */
function recorder() {
  const seen: SessionChanges[] = [];
  let wake: (() => void) | undefined;
  return {
    seen,
    on: (c: SessionChanges) => {
      seen.push(c);
      wake?.();
    },
    async next(match: (c: SessionChanges) => boolean, ms = 5000): Promise<SessionChanges> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching change in ${ms} ms: ${JSON.stringify(seen.map((c) => [c.added.length, c.changed.length, c.removed]))}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

describe("watchSessions", () => {
  it("waits for the folder to appear, then reports added, changed and removed sessions", async () => {
    const dir = join(tempDir(), "projects", "-p");
    const rec = recorder();
    const watcher = watchSessions("/unused", rec.on, { transcriptDir: dir, stateDir: null, debounceMs: 30, pollMs: 50 });
    try {
      expect(await watcher.ready).toEqual([]);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "s1.jsonl"), prompt("first session"));
      const added = await rec.next((c) => c.added.length > 0);
      expect(added.added.map((s) => [s.id, s.title])).toEqual([["s1", "first session"]]);

      appendFileSync(join(dir, "s1.jsonl"), JSON.stringify({ type: "last-prompt", lastPrompt: "second prompt" }) + "\n");
      const changed = await rec.next((c) => c.changed.length > 0);
      expect(changed.changed[0]).toMatchObject({ id: "s1", lastPrompt: "second prompt" });

      rmSync(join(dir, "s1.jsonl"));
      expect((await rec.next((c) => c.removed.length > 0)).removed).toEqual(["s1"]);
    } finally {
      await watcher.close();
    }
  });

  it("notices side-file changes on refresh, and the folder being deleted and recreated", async () => {
    const dir = join(tempDir(), "-p");
    mkdirSync(dir);
    writeFileSync(join(dir, "s1.jsonl"), prompt("one"));
    const rec = recorder();
    const watcher = watchSessions("/unused", rec.on, { transcriptDir: dir, stateDir: null, debounceMs: 30, pollMs: 50 });
    try {
      expect((await watcher.ready).map((s) => s.id)).toEqual(["s1"]);
      await setArchived(dir, "s1", true);
      await watcher.refresh();
      expect((await rec.next((c) => c.removed.includes("s1"))).sessions).toEqual([]); // archived ones are hidden

      rmSync(dir, { recursive: true });
      mkdirSync(dir);
      writeFileSync(join(dir, "s2.jsonl"), prompt("two"));
      expect((await rec.next((c) => c.added.some((s) => s.id === "s2"))).sessions.map((s) => s.id)).toEqual(["s2"]);
    } finally {
      await watcher.close();
    }
  });

  it("starts from the cached list at once and reports what the first check corrects", async () => {
    const dir = join(tempDir(), "-p");
    const state = tempDir();
    mkdirSync(dir);
    writeFileSync(join(dir, "s1.jsonl"), prompt("one"));
    writeFileSync(join(dir, "s2.jsonl"), prompt("two"));
    const before = watchSessions("/unused", () => undefined, { transcriptDir: dir, stateDir: state, seedFromCache: true });
    expect(before.cached).toBeUndefined(); // no cache yet: only the checked list
    expect((await before.ready).map((s) => s.id).sort()).toEqual(["s1", "s2"]);
    await before.close(); // resolves once the cache is saved (written beside, then renamed into place)
    expect(existsSync(cacheFile(state, dir))).toBe(true);

    appendFileSync(join(dir, "s1.jsonl"), JSON.stringify({ type: "last-prompt", lastPrompt: "changed while no sidecar ran" }) + "\n");
    rmSync(join(dir, "s2.jsonl"));
    const rec = recorder();
    const watcher = watchSessions("/unused", rec.on, { transcriptDir: dir, stateDir: state, seedFromCache: true, debounceMs: 30, pollMs: 50 });
    try {
      expect(watcher.cached?.map((s) => [s.id, s.lastPrompt]).sort()).toEqual([
        ["s1", "one"],
        ["s2", "two"],
      ]);
      const fix = await rec.next((c) => c.changed.length > 0);
      expect(fix.changed.map((s) => [s.id, s.lastPrompt])).toEqual([["s1", "changed while no sidecar ran"]]);
      expect(fix.removed).toEqual(["s2"]);
      expect((await watcher.ready).map((s) => s.id)).toEqual(["s1"]);
    } finally {
      await watcher.close();
    }
  });
});
