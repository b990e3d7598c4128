import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { createLifetime, processExists } from "../../../src/bridge/lifetime/lifetime.js";

function recorder(closeAll: () => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const exits: number[] = [];
  const lifetime = createLifetime({
    closeAll: async () => {
      calls.push("closeAll");
      await closeAll();
    },
    removeDescriptor: () => void calls.push("removeDescriptor"),
    exit: (code) => void exits.push(code),
    timeoutMs: 200,
  });
  return { calls, exits, lifetime };
}

describe("lifetime", () => {
  it("shuts down once: close everything, remove the descriptor, exit 0", async () => {
    const { calls, exits, lifetime } = recorder();
    const [a, b] = await Promise.all([lifetime.shutdown("first"), lifetime.shutdown("second")]);
    expect([a, b]).toEqual([0, 0]);
    expect(await lifetime.shutdown("third")).toBe(0);
    expect(calls).toEqual(["closeAll", "removeDescriptor"]);
    expect(exits).toEqual([0]);
    expect(await lifetime.done).toBe(0);
  });

  it("exits with 1 and still removes the descriptor when closing hangs past the timeout", async () => {
    const { calls, exits, lifetime } = recorder(() => new Promise(() => {}));
    const started = Date.now();
    expect(await lifetime.shutdown("test")).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(calls).toEqual(["closeAll", "removeDescriptor"]);
    expect(exits).toEqual([1]);
  });

  it("shuts down on SIGTERM and removes its signal handlers afterwards", async () => {
    const before = process.listeners("SIGTERM");
    const { exits, lifetime } = recorder();
    lifetime.handleSignals();
    const added = process.listeners("SIGTERM").filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    // Only this lifetime's handler runs: the test worker's other listeners are not ours to trigger.
    (added[0] as () => void)();
    expect(await lifetime.done).toBe(0);
    expect(exits).toEqual([0]);
    expect(process.listeners("SIGTERM")).toEqual(before);
  });

  it("shuts down after the parent process dies", async () => {
    const parent = spawn(process.execPath, ["-e", "setTimeout(() => {}, 300)"], { stdio: "ignore" });
    const pid = parent.pid!;
    const { calls, lifetime } = recorder();
    lifetime.watchParent(pid, 50);
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toEqual([]); // parent still alive
    await new Promise((r) => parent.once("exit", r));
    const started = Date.now();
    expect(await lifetime.done).toBe(0);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(calls).toEqual(["closeAll", "removeDescriptor"]);
    expect(processExists(pid)).toBe(false);
  });

  it("sees this process as existing", () => {
    expect(processExists(process.pid)).toBe(true);
  });
});
