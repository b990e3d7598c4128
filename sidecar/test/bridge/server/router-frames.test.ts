import { describe, expect, it } from "vitest";
import { toErrorFrame } from "../../../src/bridge/server/router-frames.js";
import { ErrorFrame } from "../../../src/protocol/panel/frames.js";
import { AgentPanelError } from "../../../src/shared/errors.js";

// A failed command becomes an error frame whose code is one of the protocol's codes, never a stack.

describe("toErrorFrame", () => {
  it("keeps an AgentPanelError's code and message, and the frame is valid", () => {
    const frame = toErrorFrame(new AgentPanelError("turn_running", "Wait for the turn to end, then revert."), "8");
    expect(ErrorFrame.parse(frame)).toEqual({ kind: "error", id: "8", code: "turn_running", message: "Wait for the turn to end, then revert." });
  });

  it("turns anything else into internal_error with the reason and what to do", () => {
    const frame = ErrorFrame.parse(toErrorFrame(new TypeError("x is undefined"), undefined));
    expect(frame.code).toBe("internal_error");
    expect(frame.message).toContain("x is undefined");
    expect(frame.message).toContain("restart the sidecar");
    expect(frame).not.toHaveProperty("id");
  });
});
