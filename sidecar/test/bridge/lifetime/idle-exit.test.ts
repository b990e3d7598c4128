import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchIdle } from "../../../src/bridge/lifetime/idle-exit.js";

// An on-demand sidecar ends once nothing has used it for the whole idle time; any use restarts the wait.

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("watchIdle", () => {
  it("calls onIdle once, after idleMs of uninterrupted idleness", () => {
    const onIdle = vi.fn();
    watchIdle({ isIdle: () => true, idleMs: 1000, pollMs: 100, onIdle });
    vi.advanceTimersByTime(1000);
    expect(onIdle).not.toHaveBeenCalled(); // the first look starts the wait
    vi.advanceTimersByTime(200);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("starts the wait again after any use, and never fires while in use", () => {
    let idle = true;
    const onIdle = vi.fn();
    watchIdle({ isIdle: () => idle, idleMs: 1000, pollMs: 100, onIdle });
    vi.advanceTimersByTime(900);
    idle = false; // a client connected
    vi.advanceTimersByTime(10_000);
    expect(onIdle).not.toHaveBeenCalled();
    idle = true;
    vi.advanceTimersByTime(900);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("treats a state it cannot read as in use, and stops when asked", () => {
    const onIdle = vi.fn();
    const stop = watchIdle({
      isIdle: () => {
        throw new Error("not loaded");
      },
      idleMs: 100,
      pollMs: 10,
      onIdle,
    });
    vi.advanceTimersByTime(1000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
    const again = vi.fn();
    watchIdle({ isIdle: () => true, idleMs: 100, pollMs: 10, onIdle: again })();
    vi.advanceTimersByTime(1000);
    expect(again).not.toHaveBeenCalled();
  });
});
