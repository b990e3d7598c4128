import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compact } from "../../../src/bridge/hubs/compact.js";
import { reduceEvents, pendingRequests, type ChatStore } from "../../../src/bridge/hubs/chat-store.js";
import type { PanelEvent } from "../../../src/protocol/panel/events.js";
import { fakeChat, scenario, type ChatUnderTest } from "../../chat/fake-chat.js";

// Compaction must be invisible to a client: reducing compact(events) from an empty store equals
// reducing all events — on real engine output (fake claude) and on random interleavings.

const view = (s: ChatStore) => ({ state: s.state, info: s.info, items: [...s.items.entries()] });
const same = (events: PanelEvent[], compacted: PanelEvent[]): void => {
  expect(view(reduceEvents(compacted))).toEqual(view(reduceEvents(events)));
};

describe("compact on fake-claude scenarios", () => {
  const runs: Record<string, PanelEvent[]> = {};
  const chats: ChatUnderTest[] = [];
  beforeAll(async () => {
    const text = fakeChat(scenario("text"));
    chats.push(text);
    await text.chat.start();
    await text.chat.send("hello");
    await text.waitFor((e) => e.type === "turn_result");
    await text.chat.send("again");
    await text.waitFor((e) => e.type === "turn_result" && e.turnId === "t2");
    runs.text = [...text.events];

    const tool = fakeChat(scenario("tool"));
    chats.push(tool);
    await tool.chat.start();
    await tool.chat.send("run it");
    const req = await tool.waitFor((e) => e.type === "permission_requested");
    await tool.chat.answerPermission((req as { requestId: string }).requestId, { kind: "allow" });
    await tool.waitFor((e) => e.type === "turn_result");
    await tool.chat.send("write a file");
    await tool.waitFor((e) => e.type === "permission_requested" && e.turnId === "t2");
    runs.tool = [...tool.events];
  });
  afterAll(async () => {
    for (const c of chats) await c.cleanup();
  });

  it.each(["text", "tool"])("%s: every prefix of the log compacts to the same store", (name) => {
    const events = runs[name]!;
    expect(events.some((e) => e.type === "message_delta")).toBe(true);
    for (let k = 0; k <= events.length; k++) same(events.slice(0, k), compact(events.slice(0, k)));
  });

  it("drops deltas of finished messages, keeps one state and one init, and keeps the pending request", () => {
    const events = runs.tool!;
    const compacted = compact(events);
    const finals = new Set(compacted.filter((e) => e.type === "message_final").map((e) => (e as { messageId: string }).messageId));
    expect(compacted.filter((e) => e.type === "message_delta" && finals.has(e.messageId))).toEqual([]);
    expect(compacted.filter((e) => e.type === "state")).toHaveLength(1);
    expect(compacted.filter((e) => e.type === "init")).toHaveLength(1);
    expect(compacted.length).toBeLessThan(events.length);
    const pending = pendingRequests(reduceEvents(compacted));
    expect(pending.map((p) => p.turnId)).toEqual(["t2"]);
    expect(compacted).toContainEqual(pending[0]);
  });
});

describe("compact on random interleavings", () => {
  const msgIds = ["m1", "m2", "m3"];
  const msgTurn = (id: string) => (id === "m3" ? "t2" : "t1");
  const msgParent = (id: string) => (id === "m2" ? "toolA" : null);
  const text = fc.string({ maxLength: 4 });
  const state = fc.constantFrom("ready", "streaming", "tool_running", "waiting_permission") as fc.Arbitrary<"ready">;
  const event: fc.Arbitrary<PanelEvent> = fc.oneof(
    fc
      .record({ id: fc.constantFrom(...msgIds), model: fc.option(fc.constantFrom("a", "b"), { nil: undefined }) })
      .map(({ id, model }): PanelEvent => ({ type: "message_start", turnId: msgTurn(id), messageId: id, parentToolUseId: msgParent(id), model })),
    fc
      .record({ id: fc.constantFrom(...msgIds), index: fc.nat(2), kind: fc.constantFrom("text", "thinking") as fc.Arbitrary<"text">, text })
      .map(({ id, index, kind, text }): PanelEvent => ({ type: "message_delta", turnId: msgTurn(id), messageId: id, index, kind, text })),
    fc.record({ id: fc.constantFrom(...msgIds), text, aborted: fc.boolean() }).map(({ id, text, aborted }): PanelEvent => ({
      type: "message_final",
      turnId: msgTurn(id),
      messageId: id,
      parentToolUseId: msgParent(id),
      blocks: [{ index: 0, kind: "text", text, html: `<p>${text}</p>` }],
      aborted,
    })),
    fc.record({ to: state, from: state }).map(({ to, from }): PanelEvent => ({ type: "state", state: to, previous: from })),
    fc
      .record({
        model: fc.option(fc.constantFrom("a", "b"), { nil: undefined }),
        permissionMode: fc.option(fc.constantFrom("default", "plan"), { nil: undefined }),
        sessionId: fc.option(fc.constantFrom("s1", "s2"), { nil: undefined }),
      })
      .map((f): PanelEvent => ({ type: "init", ...f })),
    fc
      .constantFrom("toolA", "toolB")
      .map((id): PanelEvent => ({ type: "tool_started", turnId: "t1", toolUseId: id, name: "Bash", input: { command: "ls" }, summary: "Bash: ls", parentToolUseId: null })),
    fc
      .constantFrom("toolA", "toolB")
      .map((id): PanelEvent => ({ type: "tool_finished", turnId: "t1", toolUseId: id, name: "Bash", isError: false, result: "ok", durationMs: 3, parentToolUseId: null })),
    fc
      .constantFrom("r1", "r2")
      .map((id): PanelEvent => ({ type: "permission_requested", turnId: "t1", requestId: id, toolName: "Bash", input: {}, summary: "Bash", suggestions: [], isQuestion: false })),
    fc
      .record({ id: fc.constantFrom("r1", "r2"), outcome: fc.constantFrom("allowed", "denied", "cancelled") as fc.Arbitrary<"allowed"> })
      .map(({ id, outcome }): PanelEvent => ({ type: "permission_resolved", turnId: "t1", requestId: id, outcome })),
    fc
      .record({ id: fc.constantFrom("k1", "k2"), status: fc.constantFrom("running", "completed"), tokens: fc.option(fc.nat(99), { nil: undefined }) })
      .map(({ id, status, tokens }): PanelEvent => ({ type: "subagent", taskId: id, status, tokens })),
    fc
      .constantFrom("t1", "t2")
      .map((t): PanelEvent => ({ type: "turn_result", turnId: t, ok: true, subtype: "success", errors: [], usage: { input: 1, output: 1, cacheRead: 0, cacheCreation: 0 }, denials: [] })),
    fc.constantFrom("t1", "t2").map((t): PanelEvent => ({ type: "user_message", turnId: t, text: "hi", queued: false, attachments: 0 })),
    text.map((m): PanelEvent => ({ type: "notice", level: "info", code: "x", message: m })),
  );

  it("reduce(compact(events)) equals reduce(events)", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        same(events, compact(events));
      }),
      { numRuns: 400 },
    );
  });

  it("compacting in steps (as the hub does) is as good as compacting once", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), fc.array(event, { maxLength: 40 }), (a, b) => {
        same([...a, ...b], compact([...compact(a), ...b]));
        expect(compact(compact(a))).toEqual(compact(a));
      }),
      { numRuns: 200 },
    );
  });

  it("does not modify its input", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const before = structuredClone(events);
        compact(events);
        expect(events).toEqual(before);
      }),
      { numRuns: 100 },
    );
  });
});
