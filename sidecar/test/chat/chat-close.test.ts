import { afterEach, describe, expect, it } from "vitest";
import type { ChatEvent } from "../../src/protocol/chat-events.js";
import { CLOSED_TOOL_RESULT, CLOSE_TURN_WAIT_MS } from "../../src/chat/closing.js";
import { fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

// Closing a chat ends its open turn before `state closed`, which is always the chat's last event:
// no message, tool card or result of the closed turn may follow it.

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const label = (e: ChatEvent): string => (e.type === "state" ? `state:${e.state}` : e.type);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The events from the close on, after a bounded wait for anything late. */
async function closeAndWatch(c: ChatUnderTest): Promise<ChatEvent[]> {
  const from = c.events.length;
  await c.chat.close();
  await pause(300);
  return c.events.slice(from);
}

describe("Chat close", () => {
  it("with a pending permission: cancelled card, finished tool and the turn's result come before `state closed`", async () => {
    t = fakeChat(scenario("tool"));
    await t.chat.start();
    const turnId = await t.chat.send("run the tool");
    const req = await t.waitFor((e) => e.type === "permission_requested");
    const after = await closeAndWatch(t);
    expect(after.map(label).at(-1)).toBe("state:closed");
    expect(after.filter((e) => e.type === "state" && e.state === "closed")).toHaveLength(1);
    const labels = after.map(label);
    expect(labels.indexOf("permission_resolved")).toBeLessThan(labels.indexOf("turn_result"));
    expect(after).toContainEqual(expect.objectContaining({ type: "permission_resolved", requestId: (req as { requestId: string }).requestId, outcome: "cancelled" }));
    expect(after.filter((e) => e.type === "turn_result")).toEqual([expect.objectContaining({ turnId, ok: false })]);
    // The card's tool is finished (by claude or, failing that, by the chat), never left running.
    expect(t.of("tool_started").every((s) => t!.of("tool_finished").some((f) => f.toolUseId === s.toolUseId))).toBe(true);
    expect(t.chat.state).toBe("closed");
  });

  it("mid-stream: the partial message is final and the turn has its result before `state closed`", async () => {
    t = fakeChat(scenario("slow-text"));
    await t.chat.start();
    const turnId = await t.chat.send("go");
    await t.waitFor((e) => e.type === "message_delta");
    const after = await closeAndWatch(t);
    const labels = after.map(label);
    expect(labels.at(-1)).toBe("state:closed");
    expect(labels).toContain("message_final");
    expect(labels.indexOf("message_final")).toBeLessThan(labels.indexOf("turn_result"));
    expect(after.find((e) => e.type === "message_final")).toMatchObject({ turnId, aborted: true });
    // claude answered the interrupt in time: its own result (with usage) ends the turn.
    expect(after.find((e) => e.type === "turn_result")).toMatchObject({ turnId, ok: false, subtype: "error_during_execution" });
    // A prompt queued behind the closed turn never starts.
    expect(t.of("turn_started").map((s) => s.turnId)).toEqual([turnId]);
  });

  it("a claude that ignores the interrupt: the chat ends the turn itself within the wait", async () => {
    t = fakeChat(scenario("hang"));
    await t.chat.start();
    const turnId = await t.chat.send("hang");
    await t.waitFor((e) => e.type === "message_start");
    const started = Date.now();
    const after = await closeAndWatch(t);
    expect(Date.now() - started).toBeLessThan(CLOSE_TURN_WAIT_MS + 2000);
    expect(after.map(label).slice(-3)).toEqual(["message_final", "turn_result", "state:closed"]);
    expect(after.find((e) => e.type === "turn_result")).toMatchObject({ turnId, ok: false, subtype: "chat_closed", terminalReason: "chat_closed" });
  });

  it("a tool still running when claude does not answer is finished as an error before `state closed`", async () => {
    const s = scenario("tool");
    // Allowed tool that never reports its result: the turn hangs in tool_running.
    const turn = s.turns[0] as Record<string, any>[];
    const ask = turn.findIndex((step) => step.emit?.type === "control_request");
    s.turns[0] = [...turn.slice(0, ask), { hang: true }];
    t = fakeChat(s);
    await t.chat.start();
    await t.chat.send("run it");
    const started = await t.waitFor((e) => e.type === "tool_started");
    const after = await closeAndWatch(t);
    const labels = after.map(label);
    expect(labels.at(-1)).toBe("state:closed");
    expect(after.find((e) => e.type === "tool_finished")).toMatchObject({ toolUseId: (started as { toolUseId: string }).toolUseId, isError: true, result: CLOSED_TOOL_RESULT });
    expect(labels.indexOf("tool_finished")).toBeLessThan(labels.indexOf("turn_result"));
  });

  it("is idempotent and refuses prompts while it runs", async () => {
    t = fakeChat(scenario("slow-text"));
    await t.chat.start();
    await t.chat.send("go");
    await t.waitFor((e) => e.type === "message_delta");
    const first = t.chat.close();
    await expect(t.chat.send("more")).rejects.toMatchObject({ code: "chat_closed" });
    await Promise.all([first, t.chat.close()]);
    expect(t.of("state").filter((e) => e.state === "closed")).toHaveLength(1);
  });
});
