import { describe, expect, it } from "vitest";
import { ChatStateMachine, InvalidTransitionError, transitions } from "../../src/chat/state.js";
import { ChatStateName } from "../../src/protocol/chat-events.js";

describe("ChatStateMachine", () => {
  it("starts in starting and reports every change with the previous state", () => {
    const seen: string[] = [];
    const sm = new ChatStateMachine((to, from, reason) => seen.push(`${from}->${to}${reason ? `:${reason}` : ""}`));
    expect(sm.state).toBe("starting");
    sm.go("ready", "init");
    sm.go("streaming");
    sm.go("waiting_permission");
    sm.go("tool_running");
    sm.go("ready");
    expect(seen).toEqual(["starting->ready:init", "ready->streaming", "streaming->waiting_permission", "waiting_permission->tool_running", "tool_running->ready"]);
  });

  it("refuses transitions the table does not list, with a typed error", () => {
    const sm = new ChatStateMachine(() => undefined);
    expect(() => sm.go("streaming")).toThrow(InvalidTransitionError);
    try {
      sm.go("tool_running");
    } catch (err) {
      expect(err).toMatchObject({ code: "invalid_transition", from: "starting", to: "tool_running" });
    }
    sm.go("closed");
    for (const s of ChatStateName.options) if (s !== "closed") expect(() => sm.go(s)).toThrow(InvalidTransitionError);
  });

  it("treats the same state as a no-op", () => {
    let calls = 0;
    const sm = new ChatStateMachine(() => calls++);
    sm.go("starting");
    expect(calls).toBe(0);
  });

  it("lets every state reach closed except closed itself, and resuming only come back through ready", () => {
    for (const s of ChatStateName.options) {
      if (s === "closed") expect(transitions[s]).toEqual([]);
      else expect(transitions[s]).toContain("closed");
    }
    expect(transitions.resuming).not.toContain("streaming");
  });
});
