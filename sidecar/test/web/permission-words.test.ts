import { describe, expect, it } from "vitest";
import { pathShownIn, permissionLine, settled, who } from "../../src/web/app/permission-words.js";
import type { ToolItem } from "../../src/web/app/store.js";

// What a tool card says about its permission (the same words as the Unity panel's PermissionLine),
// and when a permission card leaves out the path because its summary already names it.

const tool = (extra: Partial<ToolItem>): ToolItem => ({
  kind: "tool",
  key: "tool:t",
  toolUseId: "t",
  turnId: "x",
  name: "Bash",
  summary: "",
  input: {},
  parentToolUseId: null,
  status: "ok",
  ...extra,
});

describe("permission words", () => {
  it("a folded answer names who decided, short in the header and whole in the body", () => {
    expect(permissionLine(tool({ permission: { requestId: "r", outcome: "allowed", detail: "allow_always", by: "user" } }))).toEqual({
      outcome: "allowed",
      tag: "Allowed by you",
      text: "Allowed by you — always, from now on",
    });
    expect(permissionLine(tool({ permission: { requestId: "r", outcome: "cancelled", detail: "withdrawn by claude", by: "claude" } }))).toEqual({
      outcome: "cancelled",
      tag: "Cancelled",
      text: "Cancelled — withdrawn by claude",
    });
  });

  it("a call nobody was asked about shows its decider only in the body, unless it was denied", () => {
    expect(permissionLine(tool({ decision: "accept", decidedBy: "read_only_setting" }))).toEqual({ outcome: "allowed", text: "Allowed by the read-only setting" });
    expect(permissionLine(tool({ decision: "reject", decidedBy: "rule" }))).toEqual({ outcome: "denied", tag: "Denied by a rule", text: "Denied by a rule" });
    expect(permissionLine(tool({ decision: "accept" }))?.text).toBe("Allowed");
    expect(permissionLine(tool({}))).toBeUndefined();
    expect(settled("denied", "deny_stop", undefined)).toBe("Denied — and the turn stopped");
    expect(who("sidecar")).toBe("Agent Panel");
  });

  it("a call the user answered says so in its header without a folded request (a restored session)", () => {
    expect(permissionLine(tool({ decision: "accept", decidedBy: "user" }))).toEqual({ outcome: "allowed", tag: "Allowed by you", text: "Allowed by you" });
    expect(permissionLine(tool({ decision: "reject", decidedBy: "user" }))).toEqual({ outcome: "denied", tag: "Denied by you", text: "Denied by you" });
  });

  it("a path the summary already names is not shown twice", () => {
    expect(pathShownIn("Assets/Scripts/A.cs", "/home/dev/Game/Assets/Scripts/A.cs")).toBe(true);
    expect(pathShownIn("echo one > par1.txt", "/home/dev/Game/par1.txt")).toBe(true);
    expect(pathShownIn("./build.sh", "/home/dev/Game/out/log.txt")).toBe(false);
    expect(pathShownIn("", "/a")).toBe(false);
  });
});
