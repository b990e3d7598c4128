import { describe, expect, it } from "vitest";
import type { ChatEventOf } from "../../src/protocol/chat-events.js";
import { PermissionBook } from "../../src/chat/permission-book.js";
import type { CanUseToolRequest } from "../../src/protocol/claude/inbound.js";

// Who decided a tool call: the book remembers its own answers and the calls the sidecar allowed
// without a card, and otherwise keeps claude's own record (a rule, the user).

const request = (toolUseId: string): CanUseToolRequest => ({ subtype: "can_use_tool", tool_name: "Bash", input: { command: "ls" }, tool_use_id: toolUseId }) as CanUseToolRequest;
const finished = (toolUseId: string, decidedBy?: ChatEventOf<"tool_finished">["decidedBy"]): ChatEventOf<"tool_finished"> => ({
  type: "tool_finished",
  turnId: "t1",
  toolUseId,
  name: "Bash",
  isError: false,
  result: "",
  durationMs: 1,
  parentToolUseId: null,
  ...(decidedBy ? { decidedBy } : {}),
});

describe("PermissionBook deciders", () => {
  it("names the user on the resolution and on the tool's end", () => {
    const book = new PermissionBook();
    book.open("r1", "t1", request("tu1"));
    expect(book.close("r1", "allowed", "allow_always", "user")).toMatchObject({ type: "permission_resolved", outcome: "allowed", detail: "allow_always", by: "user" });
    expect(book.attribute(finished("tu1"))).toMatchObject({ decidedBy: "user" });
    expect(book.attribute(finished("tu1"))).not.toHaveProperty("decidedBy");
  });

  it("names the read-only setting over claude's record of a call it allowed without a card", () => {
    const book = new PermissionBook();
    book.decidedWithoutCard("tu2", "read_only_setting");
    expect(book.attribute(finished("tu2", "user"))).toMatchObject({ decidedBy: "read_only_setting" });
  });

  it("keeps claude's record when the book saw nothing, and cancelling names the sidecar", () => {
    const book = new PermissionBook();
    expect(book.attribute(finished("tu3", "rule"))).toMatchObject({ decidedBy: "rule" });
    book.open("r4", "t1", request("tu4"));
    expect(book.cancelAll("chat closed")).toEqual([expect.objectContaining({ outcome: "cancelled", detail: "chat closed", by: "sidecar" })]);
    expect(book.attribute(finished("tu4"))).not.toHaveProperty("decidedBy");
  });
});
