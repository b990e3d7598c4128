import { afterEach, describe, expect, it } from "vitest";
import type { ChatEventOf } from "../../src/protocol/chat-events.js";
import { fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function untilPermission(): Promise<ChatEventOf<"permission_requested">> {
  t = fakeChat(scenario("tool"));
  await t.chat.start();
  await t.chat.send("run the tool");
  return (await t.waitFor((e) => e.type === "permission_requested")) as ChatEventOf<"permission_requested">;
}

describe("Chat permissions", () => {
  it("asks, waits in waiting_permission, and runs the tool once allowed", async () => {
    const req = await untilPermission();
    expect(t!.chat.state).toBe("waiting_permission");
    expect(req).toMatchObject({ toolName: "Bash", isQuestion: false });
    expect(req.summary).toMatch(/^Bash: /);
    expect(t!.chat.pendingPermissions.map((p) => p.requestId)).toEqual([req.requestId]);
    await t!.chat.answerPermission(req.requestId, { kind: "allow" });
    await t!.waitFor((e) => e.type === "turn_result");
    const answer = await t!.waitStdin((l) => l.type === "control_response");
    expect(answer.response).toEqual({ subtype: "success", request_id: req.requestId, response: { behavior: "allow", updatedInput: req.input } });
    expect(t!.of("permission_resolved")).toEqual([expect.objectContaining({ requestId: req.requestId, outcome: "allowed", by: "user" })]);
    expect(t!.of("tool_finished")[0]).toMatchObject({ isError: false, decidedBy: "user" });
    expect(t!.chat.state).toBe("ready");
  });

  it("refuses an answer whose updatedInput cannot be sent, and keeps the request pending for a good answer", async () => {
    const req = await untilPermission();
    const cyclic: Record<string, unknown> = { command: "ls" };
    cyclic.self = cyclic;
    await expect(t!.chat.answerPermission(req.requestId, { kind: "allow", updatedInput: cyclic })).rejects.toMatchObject({ code: "invalid_outbound" });
    expect(t!.chat.state).toBe("waiting_permission");
    expect(t!.of("permission_resolved")).toEqual([]);
    await t!.chat.answerPermission(req.requestId, { kind: "allow" });
    await t!.waitFor((e) => e.type === "turn_result");
    expect(t!.of("permission_resolved")).toEqual([expect.objectContaining({ requestId: req.requestId, outcome: "allowed" })]);
  });

  it("refuses a second answer to the same request", async () => {
    const req = await untilPermission();
    await t!.chat.answerPermission(req.requestId, { kind: "allow" });
    await expect(t!.chat.answerPermission(req.requestId, { kind: "deny", message: "no" })).rejects.toMatchObject({ code: "permission_not_pending" });
    await t!.waitFor((e) => e.type === "turn_result");
    expect(t!.stdin().filter((l) => l.type === "control_response")).toHaveLength(1);
  });

  it("denies with the user's message, and keeps the prompt pending when the message is empty", async () => {
    const req = await untilPermission();
    await expect(t!.chat.answerPermission(req.requestId, { kind: "deny", message: "" })).rejects.toMatchObject({ code: "deny_message_required" });
    expect(t!.chat.state).toBe("waiting_permission");
    await t!.chat.answerPermission(req.requestId, { kind: "deny", message: "Not in this folder." });
    await t!.waitFor((e) => e.type === "turn_result");
    const answer = await t!.waitStdin((l) => l.type === "control_response");
    expect(answer.response.response).toEqual({ behavior: "deny", message: "Not in this folder." });
    expect(t!.of("permission_resolved")[0]).toMatchObject({ outcome: "denied" });
    expect(t!.of("tool_finished")[0]).toMatchObject({ isError: true });
  });

  it("withdraws a pending prompt when the turn is interrupted", async () => {
    const req = await untilPermission();
    await t!.chat.interrupt();
    await t!.waitFor((e) => e.type === "turn_result");
    expect(t!.of("permission_resolved")).toEqual([expect.objectContaining({ requestId: req.requestId, outcome: "cancelled", by: "claude" })]);
    expect(t!.chat.pendingPermissions).toEqual([]);
    await expect(t!.chat.answerPermission(req.requestId, { kind: "allow" })).rejects.toMatchObject({ code: "permission_not_pending" });
    expect(t!.chat.state).toBe("ready");
  });

  it("cancels pending prompts when the chat closes", async () => {
    const req = await untilPermission();
    await t!.chat.close();
    expect(t!.of("permission_resolved")).toEqual([expect.objectContaining({ requestId: req.requestId, outcome: "cancelled", by: "sidecar" })]);
    expect(t!.chat.state).toBe("closed");
  });

  it("answers control requests it does not handle with an error instead of leaving claude waiting", async () => {
    const s = scenario("text");
    s.turns[0].unshift({ emit: { type: "control_request", request_id: "elicit-1", request: { subtype: "elicitation", server: "x" } } });
    t = fakeChat(s);
    await t.chat.start();
    await t.chat.send("hi");
    await t.waitFor((e) => e.type === "turn_result");
    const reply = await t.waitStdin((l) => l.type === "control_response" && l.response.request_id === "elicit-1");
    expect(reply.response).toMatchObject({ subtype: "error" });
  });

  it("lets a hook callback it does not know continue ({}), without a notice", async () => {
    const s = scenario("text");
    s.turns[0].unshift({ emit: { type: "control_request", request_id: "hook-1", request: { subtype: "hook_callback", callback_id: "someone_elses", input: {} } } });
    t = fakeChat(s);
    await t.chat.start();
    await t.chat.send("hi");
    await t.waitFor((e) => e.type === "turn_result");
    const reply = await t.waitStdin((l) => l.type === "control_response" && l.response.request_id === "hook-1");
    expect(reply.response).toEqual({ subtype: "success", request_id: "hook-1", response: {} });
    expect(t.of("notice")).toEqual([]);
  });
});

describe("Chat permissions under concurrency", () => {
  it("lets only one of two simultaneous answers through to claude", async () => {
    const req = await untilPermission();
    const both = await Promise.allSettled([t!.chat.answerPermission(req.requestId, { kind: "allow" }), t!.chat.answerPermission(req.requestId, { kind: "deny", message: "no" })]);
    expect(both.map((b) => b.status).sort()).toEqual(["fulfilled", "rejected"]);
    await t!.waitFor((e) => e.type === "turn_result");
    await t!.waitStdin((l) => l.type === "control_response");
    expect(t!.stdin().filter((l) => l.type === "control_response")).toHaveLength(1);
    expect(t!.of("permission_resolved")).toHaveLength(1);
  });
});

describe("Chat permissions: a mode set by an answer", () => {
  it("tells the panels the new mode as soon as 'Always → Accept edits' is answered, not at the next turn", async () => {
    await untilPermission();
    await t!.chat.answerPermission(t!.of("permission_requested")[0]!.requestId, { kind: "allow" });
    await t!.waitFor((e) => e.type === "turn_result");
    await t!.chat.send("write the file");
    const write = (await t!.waitFor((e) => e.type === "permission_requested" && e.toolName === "Write")) as ChatEventOf<"permission_requested">;
    const at = write.suggestions.findIndex((s) => (s as { type?: string }).type === "setMode");
    expect(at).toBeGreaterThanOrEqual(0);
    await t!.chat.answerPermission(write.requestId, { kind: "allow_always", suggestions: [at] });
    const events = t!.events;
    const resolved = events.findIndex((e) => e.type === "permission_resolved" && e.requestId === write.requestId);
    const mode = events.findIndex((e) => e.type === "init" && e.permissionMode === "acceptEdits");
    expect(mode).toBeGreaterThan(resolved);
    // Before the tool even finished: the picker follows the answer at once.
    const finished = events.findIndex((e) => e.type === "tool_finished" && e.name === "Write");
    expect(finished === -1 || mode < finished).toBe(true);
  });
});

describe("Chat permissions: tool duration", () => {
  it("counts a tool's duration from the user's answer, not from while its card waited", async () => {
    const req = await untilPermission();
    const waited = 700;
    await new Promise((r) => setTimeout(r, waited));
    await t!.chat.answerPermission(req.requestId, { kind: "allow" });
    await t!.waitFor((e) => e.type === "turn_result");
    const finished = t!.of("tool_finished")[0]!;
    // The fake runs the tool at once: anything near the wait would be the wait itself.
    expect(finished.durationMs).toBeLessThan(waited / 2);
  });
});
