import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireInstanceLock } from "../../../src/bridge/lifetime/descriptor-lock.js";

describe("instance lock", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("makes a second taker wait until the first releases", async () => {
    dir = mkdtempSync(join(tmpdir(), "ap-lock-"));
    const file = join(dir, "h.lock");
    const release = await acquireInstanceLock(file);
    let second = false;
    const waiting = acquireInstanceLock(file, { pollMs: 20 }).then((r) => {
      second = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(second).toBe(false);
    release();
    (await waiting)();
    expect(second).toBe(true);
    expect(existsSync(file)).toBe(false);
  });

  it("times out with a typed error while someone else holds it", async () => {
    dir = mkdtempSync(join(tmpdir(), "ap-lock-"));
    const file = join(dir, "h.lock");
    const release = await acquireInstanceLock(file);
    await expect(acquireInstanceLock(file, { timeoutMs: 150, pollMs: 20 })).rejects.toMatchObject({ code: "instance_lock_timeout" });
    release();
  });

  it("breaks a lock whose holder process is gone", async () => {
    dir = mkdtempSync(join(tmpdir(), "ap-lock-"));
    const file = join(dir, "h.lock");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(file, JSON.stringify({ pid: Number(dead.stdout), nonce: "x" }));
    const release = await acquireInstanceLock(file, { timeoutMs: 500 });
    release();
    expect(existsSync(file)).toBe(false);
  });
});
