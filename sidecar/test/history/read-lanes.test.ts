import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_LANES } from "../../src/history/read-lanes.js";

// widenThreadPool() in fresh processes: the module is bundled to CommonJS and run by `node -e`,
// whose start-up queues nothing on libuv's pool, like an ESM entry on Node 22 and later. Threads
// are counted in /proc, so the test runs on Linux.
const onLinux = process.platform === "linux";

describe.skipIf(!onLinux)("widenThreadPool", () => {
  let dir: string;
  let module: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "ap-lanes-"));
    module = join(dir, "read-lanes.cjs");
    buildSync({ entryPoints: [join(import.meta.dirname, "../../src/history/read-lanes.ts")], outfile: module, bundle: true, platform: "node", format: "cjs", logLevel: "silent" });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Run `before`, then maybe widenThreadPool(), then a pool task; report threads and the variable. */
  const probe = (opts: { widen: boolean; before?: string; env?: Record<string, string> }) => {
    const script = `const fs = require("fs"); const lanes = require(${JSON.stringify(module)});
      ${opts.before ?? ""}
      const asked = ${opts.widen ? "lanes.widenThreadPool()" : "false"};
      fs.stat(".", () => console.log(JSON.stringify({ asked, threads: fs.readdirSync("/proc/self/task").length, env: process.env.UV_THREADPOOL_SIZE ?? null })));`;
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", ...opts.env };
    return JSON.parse(execFileSync(process.execPath, ["-e", script], { env, encoding: "utf8" })) as { asked: boolean; threads: number; env: string | null };
  };

  it("starts the pool with READ_LANES threads and leaves no variable behind for child processes", () => {
    const plain = probe({ widen: false });
    const widened = probe({ widen: true });
    expect(widened.asked).toBe(true);
    expect(widened.threads - plain.threads).toBe(READ_LANES - 4); // libuv's default is four
    expect(widened.env).toBeNull();
  });

  it("keeps the size the user chose", () => {
    const chosen = probe({ widen: true, env: { UV_THREADPOOL_SIZE: "2" } });
    const plain = probe({ widen: false, env: { UV_THREADPOOL_SIZE: "2" } });
    expect(chosen.asked).toBe(false);
    expect(chosen.threads).toBe(plain.threads);
    expect(chosen.env).toBe("2");
  });

  it("changes nothing once the pool has started, and asks only once", () => {
    const started = probe({ widen: true, before: `fs.accessSync("."); fs.access(".", () => {});` });
    const plain = probe({ widen: false });
    expect(started.threads).toBe(plain.threads);
    const twice = probe({ widen: true, before: `if (!lanes.widenThreadPool()) throw new Error("first call refused");` });
    expect(twice.asked).toBe(false);
    expect(twice.threads - plain.threads).toBe(READ_LANES - 4);
  });
});
