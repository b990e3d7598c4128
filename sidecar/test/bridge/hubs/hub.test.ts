import { describe, expect, it } from "vitest";
import { ChatHub, type HubDelivery } from "../../../src/bridge/hubs/hub.js";
import { reduceEvents, pendingRequests, type ChatStore } from "../../../src/bridge/hubs/chat-store.js";
import type { ChatEvent } from "../../../src/protocol/chat-events.js";
import type { PanelEvent } from "../../../src/protocol/panel/events.js";
import { FakeChat, ManualClock, stubRender } from "../hub-fakes.js";

// The hub numbers, buffers and fans out one chat's events: exact replay after any seq while it
// is buffered, a snapshot equal in effect otherwise, pending permissions always visible.

const view = (s: ChatStore) => ({ state: s.state, info: s.info, items: [...s.items.entries()] });
const delta = (text: string, messageId = "m1", index = 0): ChatEvent => ({ type: "message_delta", turnId: "t1", messageId, index, kind: "text", text });
const perm = (requestId: string): ChatEvent => ({
  type: "permission_requested",
  turnId: "t1",
  requestId,
  toolName: "Bash",
  input: { command: "ls" },
  summary: "Bash: ls",
  suggestions: [],
  isQuestion: false,
});

function setup(options: ConstructorParameters<typeof ChatHub>[3] = {}) {
  const chat = new FakeChat();
  const clock = new ManualClock();
  const hub = new ChatHub("c1", chat, { cwd: "/proj" }, { clock, render: stubRender, ...options });
  const live: { seq: number; event: PanelEvent }[] = [];
  hub.subscribe(undefined, (seq, event) => live.push({ seq, event }));
  return { chat, clock, hub, live };
}

/** Events a subscriber ends up with after its catch-up deliveries. */
function eventsOf(initial: HubDelivery[]): PanelEvent[] {
  return initial.flatMap((d) => (d.kind === "event" ? [d.event] : d.events));
}

function conversation(chat: FakeChat, turns: number): void {
  for (let t = 1; t <= turns; t++) {
    const m = `m${t}`;
    chat.push({ type: "user_message", turnId: `t${t}`, text: `question ${t}`, queued: false, attachments: 0 });
    chat.go("streaming");
    chat.push({ type: "message_start", turnId: `t${t}`, messageId: m, parentToolUseId: null });
    for (let i = 0; i < 5; i++) chat.push(delta(`w${i} `, m));
    chat.push({ type: "message_final", turnId: `t${t}`, messageId: m, parentToolUseId: null, blocks: [{ index: 0, kind: "text", text: "w0 w1 w2 w3 w4 " }], aborted: false });
    chat.go("ready");
  }
}

describe("ChatHub", () => {
  it("numbers events 1, 2, 3… without gaps and renders final text blocks", async () => {
    const { chat, hub, live } = setup({ coalesceMs: 0 });
    await hub.start();
    conversation(chat, 3);
    expect(live.map((l) => l.seq)).toEqual(live.map((_, i) => i + 1));
    expect(hub.lastSeq).toBe(live.length);
    const final = live.find((l) => l.event.type === "message_final")!.event;
    expect(final).toMatchObject({ blocks: [{ kind: "text", html: "<p>w0 w1 w2 w3 w4 </p>", unity: [{ type: "paragraph" }] }] });
  });

  it("replays exactly the events after afterSeq while they are buffered", async () => {
    const { chat, hub, live } = setup({ coalesceMs: 0 });
    await hub.start();
    conversation(chat, 2);
    for (const after of [0, 1, 7, live.length - 1, live.length]) {
      const sub = hub.subscribe(after, () => undefined);
      expect(sub).toMatchObject({ mode: "replay", fromSeq: after + 1, lastSeq: live.length });
      expect(sub.initial).toEqual(live.filter((l) => l.seq > after).map((l) => ({ kind: "event", ...l })));
      sub.unsubscribe();
    }
  });

  it("sends a snapshot equal in effect to all events once old ones were evicted (count and bytes)", async () => {
    for (const bounds of [{ bufferEvents: 10 }, { bufferBytes: 2000 }]) {
      const { chat, hub, live } = setup({ coalesceMs: 0, ...bounds });
      await hub.start();
      conversation(chat, 4);
      const sub = hub.subscribe(2, () => undefined);
      expect(sub.mode).toBe("snapshot");
      expect(sub.initial).toHaveLength(1);
      expect(sub.initial[0]).toMatchObject({ kind: "snapshot", seq: live.length });
      expect(view(reduceEvents(eventsOf(sub.initial)))).toEqual(view(reduceEvents(live.map((l) => l.event))));
      expect(eventsOf(sub.initial).some((e) => e.type === "message_delta")).toBe(false);
      // a subscriber without afterSeq, or with one from a different run, also gets a snapshot
      expect(hub.subscribe(undefined, () => undefined).mode).toBe("snapshot");
      expect(hub.subscribe(live.length + 5, () => undefined).mode).toBe("snapshot");
    }
  });

  it("keeps pending permission requests visible to resubscribing clients (replay and snapshot)", async () => {
    const { chat, hub, live } = setup({ coalesceMs: 0, bufferEvents: 4 });
    await hub.start();
    chat.push(perm("r1"));
    const requestSeq = live.at(-1)!.seq;
    chat.go("waiting_permission");
    const replay = hub.subscribe(requestSeq, () => undefined);
    expect(replay.mode).toBe("replay");
    expect(replay.initial[0]).toEqual({ kind: "event", seq: requestSeq, event: perm("r1") });
    conversation(chat, 2);
    const snap = hub.subscribe(requestSeq, () => undefined);
    expect(snap.mode).toBe("snapshot");
    expect(pendingRequests(reduceEvents(eventsOf(snap.initial))).map((p) => p.requestId)).toEqual(["r1"]);
    expect(hub.summary().pendingPermissions).toBe(1);
  });

  it("delivers live events to every subscriber until it unsubscribes", async () => {
    const { chat, hub } = setup({ coalesceMs: 0 });
    const got: number[] = [];
    const sub = hub.subscribe(undefined, (seq) => got.push(seq));
    await hub.start();
    chat.push({ type: "notice", level: "info", code: "a", message: "a" });
    sub.unsubscribe();
    chat.push({ type: "notice", level: "info", code: "b", message: "b" });
    expect(got).toEqual([1, 2]);
  });

  it("closes: last events delivered, subscribers detached, summary closed", async () => {
    const { chat, hub, live } = setup({ coalesceMs: 0 });
    await hub.start();
    chat.push(perm("r1"));
    let closed = 0;
    hub.on("closed", () => closed++);
    await hub.close();
    expect(live.slice(-2).map((l) => l.event.type)).toEqual(["permission_resolved", "state"]);
    expect(hub.closed).toBe(true);
    expect(hub.summary()).toMatchObject({ state: "closed", pendingPermissions: 0 });
    expect(closed).toBe(1);
    chat.push({ type: "notice", level: "info", code: "late", message: "late" });
    expect(live.at(-1)!.event.type).toBe("state");
  });

  it("forwards nothing a chat emits after its `state closed`, even before it is detached", async () => {
    const { chat, hub, live } = setup({ coalesceMs: 33 });
    await hub.start();
    chat.go("streaming");
    chat.push({ type: "message_start", turnId: "t1", messageId: "m1", parentToolUseId: null }, delta("a"), delta("b"));
    // A chat that still reports its turn after going closed (what the hub must never pass on).
    chat.close = async () => {
      chat.go("closed", "closed");
      chat.push(delta("late"), { type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [], aborted: true });
      chat.push({ type: "turn_result", turnId: "t1", ok: false, subtype: "error_during_execution", errors: [], usage: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 }, denials: [] });
      hub.notice("info", "late", "after closed");
    };
    await hub.close();
    const types = live.map((l) => (l.event.type === "state" ? `state:${l.event.state}` : l.event.type));
    expect(types.at(-1)).toBe("state:closed");
    expect(types.filter((t) => t === "turn_result" || t === "message_final" || t === "notice")).toEqual([]);
    // The pending delta "b" went out before the close, not after it.
    expect(
      live
        .filter((l) => l.event.type === "message_delta")
        .map((l) => (l.event as { text: string }).text)
        .join(""),
    ).toBe("ab");
    const again = hub.subscribe(0, () => undefined);
    expect(eventsOf(again.initial).at(-1)).toMatchObject({ type: "state", state: "closed" });
  });

  it("summarizes the chat: title from the first prompt, model and mode from init", async () => {
    const { chat, hub } = setup({ coalesceMs: 0 });
    await hub.start();
    chat.push({ type: "init", model: "opus", permissionMode: "plan" });
    chat.push({ type: "user_message", turnId: "t1", text: "  Fix the\nplayer jump  ", queued: false, attachments: 0 });
    chat.push({ type: "user_message", turnId: "t2", text: "second", queued: false, attachments: 0 });
    expect(hub.summary()).toEqual({
      chatId: "c1",
      sessionId: "sess-1",
      state: "ready",
      title: "Fix the player jump",
      model: "opus",
      permissionMode: "plan",
      cwd: "/proj",
      lastSeq: 4,
      pendingPermissions: 0,
    });
  });
});

describe("ChatHub coalescing", () => {
  it("sends at most one delta per message per window, concatenated in order", () => {
    const { chat, clock, live } = setup({ coalesceMs: 33 });
    chat.push(delta("a"));
    expect(live.map((l) => l.event)).toEqual([delta("a")]);
    chat.push(delta("b"), delta("c"));
    clock.advance(10);
    chat.push(delta("d"));
    expect(live).toHaveLength(1);
    clock.advance(23);
    expect(live.map((l) => l.event)).toEqual([delta("a"), delta("bcd")]);
    clock.advance(100);
    chat.push(delta("e"));
    expect(live.map((l) => (l.event as { text: string }).text)).toEqual(["a", "bcd", "e"]);
    expect(live.map((l) => l.seq)).toEqual([1, 2, 3]);
  });

  it("flushes pending text before any other event, which is never delayed", () => {
    const { chat, clock, live } = setup({ coalesceMs: 33 });
    chat.push(delta("a"), delta("b"), delta("x", "m2"), delta("y", "m2"), delta("c"));
    chat.push(perm("r1"));
    expect(live.map((l) => [l.event.type, (l.event as { text?: string }).text])).toEqual([
      ["message_delta", "a"],
      ["message_delta", "x"],
      ["message_delta", "bc"],
      ["message_delta", "y"],
      ["permission_requested", undefined],
    ]);
    expect(clock.armed).toBe(0);
  });

  it.each([false, true])("loses and reorders no text under random timing (control events: %s)", (withNotices) => {
    const { chat, clock, hub, live } = setup({ coalesceMs: 33 });
    const at: number[] = [];
    hub.subscribe(undefined, () => at.push(clock.now()));
    const sent: Record<string, string> = {};
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    let deltas = 0;
    for (let i = 0; i < 500; i++) {
      const id = `m${rnd(3)}`;
      const index = rnd(2);
      const text = String.fromCharCode(97 + rnd(26));
      sent[`${id}/${index}`] = (sent[`${id}/${index}`] ?? "") + text;
      chat.push(delta(text, id, index));
      deltas++;
      if (withNotices && rnd(10) === 0) chat.push({ type: "notice", level: "info", code: "tick", message: "" });
      clock.advance(rnd(8));
    }
    clock.advance(1000);
    expect(at).toHaveLength(live.length);
    const got: Record<string, string> = {};
    for (const { event: e } of live) if (e.type === "message_delta") got[`${e.messageId}/${e.index}`] = (got[`${e.messageId}/${e.index}`] ?? "") + e.text;
    expect(got).toEqual(sent);
    const frames = live.filter((l) => l.event.type === "message_delta").length;
    expect(frames).toBeLessThan(deltas / 2);
    if (withNotices) return;
    // Without control events, frames of one message are at least one window apart.
    for (const id of ["m0", "m1", "m2"]) {
      const times = [...new Set(live.flatMap((l, i) => (l.event.type === "message_delta" && l.event.messageId === id ? [at[i]!] : [])))];
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(33);
    }
  });

  it("sends a message's final after its last text, without waiting for the window", () => {
    const { chat, live } = setup({ coalesceMs: 33 });
    chat.push(delta("a"), delta("b"));
    chat.push({ type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [{ index: 0, kind: "text", text: "ab" }], aborted: false });
    expect(live.map((l) => l.event.type)).toEqual(["message_delta", "message_delta", "message_final"]);
  });
});

describe("ChatHub permission answers", () => {
  it("counts only the first answer; concurrent and later answers get already_answered", async () => {
    const { chat, hub } = setup({ coalesceMs: 0 });
    await hub.start();
    chat.push(perm("r1"));
    chat.answerDelayMs = 20;
    const results = await Promise.allSettled([hub.answerPermission("r1", { kind: "allow" }), hub.answerPermission("r1", { kind: "deny", message: "no" })]);
    expect(results[0].status).toBe("fulfilled");
    expect(results[1]).toMatchObject({ status: "rejected", reason: { code: "already_answered" } });
    await expect(hub.answerPermission("r1", { kind: "allow" })).rejects.toMatchObject({ code: "already_answered" });
    expect(chat.calls.filter((c) => c.method === "answerPermission")).toHaveLength(1);
    await expect(hub.answerPermission("nope", { kind: "allow" })).rejects.toMatchObject({ code: "permission_not_found" });
  });

  it("lets another answer through after an invalid one", async () => {
    const { chat, hub } = setup({ coalesceMs: 0 });
    chat.push(perm("r1"));
    await expect(hub.answerPermission("r1", { kind: "deny", message: " " })).rejects.toMatchObject({ code: "deny_message_required" });
    await hub.answerPermission("r1", { kind: "deny", message: "not now" });
    expect(hub.summary().pendingPermissions).toBe(0);
  });
});
