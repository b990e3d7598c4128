import { describe, expect, it } from "vitest";
import { DEFAULT_STOP_MESSAGE, toPermissionResult } from "../../src/chat/permissions.js";
import type { CanUseToolRequest } from "../../src/protocol/claude/inbound.js";

const bash: CanUseToolRequest = {
  subtype: "can_use_tool",
  tool_name: "Bash",
  input: { command: "touch a.txt" },
  permission_suggestions: [
    { type: "addRules", rules: [{ toolName: "Bash", ruleContent: "touch a.txt" }], behavior: "allow", destination: "localSettings" },
    { type: "addDirectories", directories: ["/p"], destination: "session" },
  ],
};
const ask: CanUseToolRequest = { subtype: "can_use_tool", tool_name: "AskUserQuestion", input: { questions: [{ question: "Color?" }] } };

describe("toPermissionResult", () => {
  it("allows with the original input, or with the user's edit", () => {
    expect(toPermissionResult(bash, { kind: "allow" })).toEqual({ behavior: "allow", updatedInput: { command: "touch a.txt" } });
    expect(toPermissionResult(bash, { kind: "allow", updatedInput: { command: "touch b.txt" } })).toEqual({ behavior: "allow", updatedInput: { command: "touch b.txt" } });
  });

  it("always-allow sends the chosen suggestions as updatedPermissions", () => {
    expect(toPermissionResult(bash, { kind: "allow_always" })).toMatchObject({ updatedPermissions: bash.permission_suggestions });
    expect(toPermissionResult(bash, { kind: "allow_always", suggestions: [1] })).toMatchObject({ updatedPermissions: [bash.permission_suggestions![1]] });
    expect(() => toPermissionResult(bash, { kind: "allow_always", suggestions: [5] })).toThrow(expect.objectContaining({ code: "invalid_suggestion" }));
    expect(() => toPermissionResult(ask, { kind: "allow_always" })).toThrow(expect.objectContaining({ code: "no_permission_suggestions" }));
  });

  it("never denies with an empty message", () => {
    expect(() => toPermissionResult(bash, { kind: "deny", message: "   " })).toThrow(expect.objectContaining({ code: "deny_message_required" }));
    expect(toPermissionResult(bash, { kind: "deny", message: " not now " })).toEqual({ behavior: "deny", message: "not now" });
    expect(toPermissionResult(bash, { kind: "deny_stop" })).toEqual({ behavior: "deny", message: DEFAULT_STOP_MESSAGE, interrupt: true });
  });

  it("answers AskUserQuestion by adding the answers to the input", () => {
    expect(toPermissionResult(ask, { kind: "answer_questions", answers: { "Color?": "Blue" } })).toEqual({
      behavior: "allow",
      updatedInput: { questions: [{ question: "Color?" }], answers: { "Color?": "Blue" } },
    });
    expect(() => toPermissionResult(bash, { kind: "answer_questions", answers: { a: "b" } })).toThrow(expect.objectContaining({ code: "not_a_question" }));
    expect(() => toPermissionResult(ask, { kind: "answer_questions", answers: {} })).toThrow(expect.objectContaining({ code: "answer_required" }));
  });
});
