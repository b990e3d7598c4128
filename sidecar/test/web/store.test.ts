import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compact } from "../../src/bridge/hubs/compact.js";
import type { PanelEvent } from "../../src/protocol/panel/events.js";
import { emptyChatView, isBusy, itemByKey, pendingPermissions, reduce, reduceAll } from "../../src/web/app/store.js";

// The panel's reducer: what each event does to the view, that it never mutates its input, and
// that a snapshot (the sidecar's compacted log) gives the same view as the live stream.

const T = "turn-1";
const usage = { input: 100, output: 20, cacheRead: 1000, cacheCreation: 50 };

function conversation(): PanelEvent[] {
  return [
    { type: "state", state: "starting", previous: "starting" },
    { type: "init", sessionId: "s-1", model: "claude-opus-5-5", permissionMode: "default", models: [{ value: "default" }, { value: "sonnet", displayName: "Sonnet" }] },
    { type: "state", state: "ready", previous: "starting" },
    { type: "user_message", turnId: T, text: "List files", queued: false, attachments: 0 },
    { type: "turn_started", turnId: T, prompted: true },
    { type: "state", state: "streaming", previous: "ready" },
    { type: "message_start", turnId: T, messageId: "m1", parentToolUseId: null, model: "claude-opus-5-5" },
    { type: "message_delta", turnId: T, messageId: "m1", index: 0, kind: "thinking", text: "Let me " },
    { type: "message_delta", turnId: T, messageId: "m1", index: 0, kind: "thinking", text: "think." },
    { type: "message_delta", turnId: T, messageId: "m1", index: 1, kind: "text", text: "I will " },
    { type: "message_delta", turnId: T, messageId: "m1", index: 1, kind: "text", text: "run ls." },
    {
      type: "message_final",
      turnId: T,
      messageId: "m1",
      parentToolUseId: null,
      aborted: false,
      blocks: [
        { index: 0, kind: "thinking", text: "Let me think." },
        { index: 1, kind: "text", text: "I will run **ls**.", html: "<p>I will run <strong>ls</strong>.</p>" },
      ],
    },
    { type: "tool_started", turnId: T, toolUseId: "tu1", name: "Bash", input: { command: "ls" }, summary: "ls", parentToolUseId: null },
    {
      type: "permission_requested",
      turnId: T,
      requestId: "r1",
      toolName: "Bash",
      toolUseId: "tu1",
      input: { command: "ls" },
      summary: "ls",
      suggestions: [{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "ls" }], behavior: "allow", destination: "localSettings" }],
      isQuestion: false,
    },
    { type: "state", state: "waiting_permission", previous: "streaming" },
    { type: "permission_resolved", turnId: T, requestId: "r1", outcome: "allowed" },
    { type: "state", state: "tool_running", previous: "waiting_permission" },
    { type: "tool_finished", turnId: T, toolUseId: "tu1", name: "Bash", isError: false, result: "a.txt", durationMs: 42, parentToolUseId: null },
    { type: "subagent", taskId: "t1", status: "running", description: "Explore" },
    { type: "subagent", taskId: "t1", status: "completed", tokens: 900 },
    { type: "notice", level: "warning", code: "slow", message: "Claude is slow" },
    { type: "message_start", turnId: T, messageId: "m2", parentToolUseId: null },
    { type: "message_delta", turnId: T, messageId: "m2", index: 0, kind: "text", text: "Done" },
    { type: "turn_result", turnId: T, ok: true, subtype: "success", errors: [], durationMs: 1200, costUsd: 0.02, usage, contextWindow: 200_000, denials: [] },
    { type: "state", state: "ready", previous: "tool_running" },
  ];
}

describe("reduce", () => {
  it("builds messages from deltas, then replaces them with the final blocks (html kept)", () => {
    const events = conversation();
    const streaming = reduceAll(events.slice(0, 11));
    const m = itemByKey(streaming, "msg:m1");
    expect(m).toMatchObject({
      kind: "message",
      final: false,
      model: "claude-opus-5-5",
      blocks: [
        { index: 0, kind: "thinking", text: "Let me think." },
        { index: 1, kind: "text", text: "I will run ls." },
      ],
    });
    const final = reduce(streaming, events[11]!);
    expect(itemByKey(final, "msg:m1")).toMatchObject({ final: true, blocks: [{ kind: "thinking" }, { text: "I will run **ls**.", html: "<p>I will run <strong>ls</strong>.</p>" }] });
    // A late delta cannot change a final message.
    const late = reduce(final, { type: "message_delta", turnId: T, messageId: "m1", index: 1, kind: "text", text: "!!" });
    expect(itemByKey(late, "msg:m1")).toBe(itemByKey(final, "msg:m1"));
  });

  it("tracks tools, permissions, subagents, notices, results, state and totals", () => {
    const events = conversation();
    const mid = reduceAll(events.slice(0, 15));
    expect(itemByKey(mid, "tool:tu1")).toMatchObject({ status: "running", summary: "ls" });
    expect(pendingPermissions(mid).map((p) => p.requestId)).toEqual(["r1"]);
    expect(isBusy(mid)).toBe(true);

    const v = reduceAll(events);
    expect(v.items.map((i) => i.key)).toEqual(["user:turn-1", "msg:m1", "tool:tu1", "perm:r1", "task:t1", "notice:1", "msg:m2", "result:turn-1"]);
    expect(itemByKey(v, "tool:tu1")).toMatchObject({ status: "ok", result: "a.txt", durationMs: 42 });
    expect(itemByKey(v, "perm:r1")).toMatchObject({ outcome: "allowed", folded: true });
    expect(itemByKey(v, "tool:tu1")).toMatchObject({ permission: { requestId: "r1", outcome: "allowed" } });
    expect(itemByKey(v, "task:t1")).toMatchObject({ status: "completed", description: "Explore", tokens: 900 });
    expect(itemByKey(v, "notice:1")).toMatchObject({ level: "warning", message: "Claude is slow" });
    expect(pendingPermissions(v)).toEqual([]);
    expect(v.state).toBe("ready");
    expect(isBusy(v)).toBe(false);
    expect(v.openTurns).toEqual([]);
    expect(v.info).toMatchObject({ sessionId: "s-1", model: "claude-opus-5-5", permissionMode: "default" });
    expect(v.totals).toEqual({ input: 100, output: 20, cacheRead: 1000, cacheCreation: 50, turns: 1 });
    expect(v.lastResult?.contextWindow).toBe(200_000);
  });

  it("folds a settled request into its tool's card whichever arrives first, and unfolds it when asked again", () => {
    const tool: PanelEvent = { type: "tool_started", turnId: T, toolUseId: "tu9", name: "Write", input: {}, summary: "Write: a.cs", parentToolUseId: null };
    const ask: PanelEvent = { type: "permission_requested", turnId: T, requestId: "r9", toolName: "Write", toolUseId: "tu9", input: {}, summary: "Write: a.cs", suggestions: [], isQuestion: false };
    const settled: PanelEvent = { type: "permission_resolved", turnId: T, requestId: "r9", outcome: "denied", detail: "deny_stop", by: "user" };
    const pending = reduceAll([tool, ask]);
    expect(itemByKey(pending, "perm:r9")).not.toHaveProperty("folded", true);
    expect(itemByKey(pending, "tool:tu9")).not.toHaveProperty("permission");
    const folded = { requestId: "r9", outcome: "denied", detail: "deny_stop", by: "user" };
    expect(itemByKey(reduceAll([tool, ask, settled]), "tool:tu9")).toMatchObject({ permission: folded });
    // A request settled before its tool card appeared folds when the card comes.
    const late = reduceAll([ask, settled, tool]);
    expect(itemByKey(late, "perm:r9")).toMatchObject({ folded: true });
    expect(itemByKey(late, "tool:tu9")).toMatchObject({ permission: folded });
    const again = reduce(reduceAll([tool, ask, settled]), ask);
    expect(itemByKey(again, "perm:r9")).toMatchObject({ outcome: undefined, folded: undefined });
    expect(itemByKey(again, "tool:tu9")).toMatchObject({ permission: undefined });
    // Without a tool use id there is nothing to fold into: the card stays.
    const lone = reduceAll([{ ...ask, toolUseId: undefined } as PanelEvent, settled]);
    expect(itemByKey(lone, "perm:r9")).toMatchObject({ outcome: "denied" });
    expect(itemByKey(lone, "perm:r9")).not.toHaveProperty("folded", true);
  });

  it("marks failed tools and merges later init events (model change) field by field", () => {
    let v = reduceAll([
      { type: "init", model: "opus", permissionMode: "default", sessionId: "s" },
      { type: "tool_started", turnId: T, toolUseId: "x", name: "Read", input: {}, summary: "a.cs", parentToolUseId: "agent-1" },
      { type: "tool_finished", turnId: T, toolUseId: "x", name: "Read", isError: true, result: "no such file", durationMs: 5, parentToolUseId: "agent-1" },
    ]);
    v = reduce(v, { type: "init", model: "sonnet" });
    expect(v.info).toMatchObject({ model: "sonnet", permissionMode: "default", sessionId: "s" });
    expect(itemByKey(v, "tool:x")).toMatchObject({ status: "error", result: "no such file", parentToolUseId: "agent-1" });
  });

  it("shows a prompt sent during a turn as queued only until its own turn starts", () => {
    const sent: PanelEvent[] = [
      { type: "user_message", turnId: "t1", text: "first", queued: false, attachments: 0 },
      { type: "turn_started", turnId: "t1", prompted: true },
      { type: "user_message", turnId: "t2", text: "second", queued: true, attachments: 0 },
    ];
    expect(itemByKey(reduceAll(sent), "user:t2")).toMatchObject({ queued: true });
    const all: PanelEvent[] = [...sent, { type: "turn_result", turnId: "t1", ok: true, subtype: "success", errors: [], usage, denials: [] }, { type: "turn_started", turnId: "t2", prompted: true }];
    expect(itemByKey(reduceAll(all), "user:t2")).toMatchObject({ queued: false, text: "second" });
    // A snapshot taken after the turn began says the same.
    expect(itemByKey(reduceAll(compact(all)), "user:t2")).toMatchObject({ queued: false });
  });

  it("never mutates the previous view and keeps unchanged items identical", () => {
    const before = reduceAll(conversation().slice(0, 12));
    const frozen = structuredClone({ items: before.items, positions: before.positions });
    const after = reduce(before, { type: "tool_started", turnId: T, toolUseId: "tu9", name: "Bash", input: {}, summary: "pwd", parentToolUseId: null });
    expect({ items: before.items, positions: before.positions }).toEqual(frozen);
    expect(after.items[1]).toBe(before.items[1]);
    expect(after.items).toHaveLength(before.items.length + 1);
  });
});

describe("snapshot == live", () => {
  it("holds for the sample conversation at every prefix", () => {
    const events = conversation();
    for (let n = 0; n <= events.length; n++) {
      const prefix = events.slice(0, n);
      expect(reduceAll(compact(prefix))).toEqual(reduceAll(prefix));
    }
  });

  it("holds for random event streams", () => {
    fc.assert(
      fc.property(fc.array(eventArb(), { maxLength: 60 }), (events) => {
        expect(reduceAll(compact(events))).toEqual(reduceAll(events));
      }),
      { numRuns: 300 },
    );
  });

  it("a snapshot followed by live events equals the whole stream live", () => {
    const events = conversation();
    const cut = 13;
    const resumed = reduceAll(events.slice(cut), reduceAll(compact(events.slice(0, cut))));
    expect(resumed).toEqual(reduceAll(events));
    expect(reduceAll(events, emptyChatView())).toEqual(reduceAll(events));
  });
});

/** Plausible events over a few ids; one message always belongs to one turn and parent (as the engine guarantees). */
function eventArb(): fc.Arbitrary<PanelEvent> {
  const msg = fc.constantFrom("m1", "m2", "m3");
  const owner = (id: string) => ({ turnId: `t-${id}`, parentToolUseId: id === "m3" ? "tu1" : null });
  const tool = fc.constantFrom("tu1", "tu2");
  const req = fc.constantFrom("r1", "r2");
  const text = fc.string({ maxLength: 4 });
  const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
  const state = fc.constantFrom("ready", "streaming", "tool_running", "waiting_permission", "errored") as fc.Arbitrary<"ready">;
  return fc.oneof(
    fc.record({ state, reason: maybe(text) }).map(({ state: s, reason }): PanelEvent => ({ type: "state", state: s, previous: "ready", ...(reason !== undefined ? { reason } : {}) })),
    fc
      .record({ model: maybe(fc.constantFrom("opus", "sonnet")), permissionMode: maybe(fc.constantFrom("default", "plan")), sessionId: maybe(fc.constantFrom("s1", "s2")) })
      .map((f): PanelEvent => ({ type: "init", ...f })),
    fc.record({ id: msg, model: maybe(fc.constantFrom("opus", "haiku")) }).map(({ id, model }): PanelEvent => ({ type: "message_start", messageId: id, ...owner(id), ...(model ? { model } : {}) })),
    fc
      .record({ id: msg, index: fc.integer({ min: 0, max: 2 }), text })
      .map(({ id, index, text: t }): PanelEvent => ({ type: "message_delta", messageId: id, turnId: owner(id).turnId, index, kind: index === 0 ? "thinking" : "text", text: t })),
    fc.record({ id: msg, text, aborted: fc.boolean(), html: maybe(text) }).map(({ id, text: t, aborted, html }): PanelEvent => ({
      type: "message_final",
      messageId: id,
      ...owner(id),
      aborted,
      blocks: [{ index: 1, kind: "text", text: t, ...(html !== undefined ? { html } : {}) }],
    })),
    fc
      .record({ id: tool, summary: text })
      .map(({ id, summary }): PanelEvent => ({ type: "tool_started", turnId: "t-x", toolUseId: id, name: "Bash", input: { c: summary }, summary, parentToolUseId: null })),
    fc
      .record({ id: tool, isError: fc.boolean() })
      .map(({ id, isError }): PanelEvent => ({ type: "tool_finished", turnId: "t-x", toolUseId: id, name: "Bash", isError, result: "r", durationMs: 3, parentToolUseId: null })),
    req.map((id): PanelEvent => ({ type: "permission_requested", turnId: "t-x", requestId: id, toolName: "Bash", input: {}, summary: "s", suggestions: [], isQuestion: false })),
    fc
      .record({ id: req, outcome: fc.constantFrom("allowed", "denied", "cancelled") as fc.Arbitrary<"allowed"> })
      .map(({ id, outcome }): PanelEvent => ({ type: "permission_resolved", turnId: "t-x", requestId: id, outcome })),
    fc
      .record({ id: fc.constantFrom("k1", "k2"), status: fc.constantFrom("running", "done"), tokens: maybe(fc.nat(1000)), description: maybe(text) })
      .map(({ id, ...f }): PanelEvent => ({ type: "subagent", taskId: id, ...f })),
    text.map((m): PanelEvent => ({ type: "notice", level: "info", code: "n", message: m })),
    fc.record({ id: fc.constantFrom("t-m1", "t-m2"), queued: fc.boolean() }).map(({ id, queued }): PanelEvent => ({ type: "user_message", turnId: id, text: "hi", queued, attachments: 0 })),
    fc.constantFrom("t-m1", "t-m2").map((id): PanelEvent => ({ type: "turn_started", turnId: id, prompted: true })),
    fc.constantFrom("t-m1", "t-m2").map((id): PanelEvent => ({ type: "turn_result", turnId: id, ok: true, subtype: "success", errors: [], usage, denials: [] })),
    fc.constant<PanelEvent>({ type: "unknown", reason: "x", raw: {} }),
  );
}

describe("the sidecar's own tools", () => {
  it("a tool card keeps the tool's title and the pictures of its result", () => {
    const png = { mediaType: "image/png", data: "iVBORw0KGgo=" };
    const v = reduceAll([
      { type: "tool_started", turnId: T, toolUseId: "tu9", name: "mcp__agent-panel__scene_screenshot", input: {}, summary: "Screenshot", parentToolUseId: null, title: "Screenshot" },
      { type: "tool_finished", turnId: T, toolUseId: "tu9", name: "mcp__agent-panel__scene_screenshot", isError: false, result: "[image]", images: [png], durationMs: 40, parentToolUseId: null },
    ]);
    expect(itemByKey(v, "tool:tu9")).toMatchObject({ kind: "tool", title: "Screenshot", status: "ok", images: [png] });
  });
});
