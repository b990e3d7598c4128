import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChatHub } from "../../src/bridge/hubs/hub.js";
import { preloadHtmlRenderer, renderBlocks } from "../../src/bridge/hubs/hub-render.js";
import { expensiveToRender } from "../../src/bridge/hubs/hub-render-gate.js";
import type { ChatEvent } from "../../src/protocol/chat-events.js";
import type { PanelEvent } from "../../src/protocol/panel/events.js";
import { FakeChat } from "./hub-fakes.js";

// A big reply (100 KB here; the bench uses 300 KB) is rendered off the event loop: another chat's events keep flowing meanwhile, the
// big chat's later events wait behind its message, and the result equals inline rendering.

/** About `kb` KB of markdown with the constructs the renderers handle. */
function bigReply(kb: number): string {
  const part = "Some **bold** text, `Assets/Scripts/Player.cs`, a [link](https://example.com).\n\n- item one\n  - nested *em*\n\n```cs\nvar x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n";
  let s = "";
  while (s.length < kb * 1024) s += part;
  return s;
}

const final = (text: string): ChatEvent => ({ type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [{ index: 0, kind: "text", text }], aborted: false });
const turnResult: ChatEvent = { type: "turn_result", turnId: "t1", ok: true, subtype: "success", errors: [], usage: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 }, denials: [] };

describe("rendering big messages off the event loop", () => {
  beforeAll(async () => {
    await preloadHtmlRenderer(); // a browser is connected: messages carry html too
  });
  const hubs: ChatHub[] = [];
  afterAll(async () => {
    await Promise.all(hubs.map((h) => h.close()));
  });

  it("keeps another chat streaming while a 100 KB reply renders, in order per chat, with the inline result", async () => {
    const bigChat = new FakeChat();
    const otherChat = new FakeChat();
    const big = new ChatHub("big", bigChat, { cwd: "/p" }, { coalesceMs: 0 });
    const other = new ChatHub("other", otherChat, { cwd: "/p" }, { coalesceMs: 0 });
    hubs.push(big, other);
    const bigSeen: Array<{ at: number; event: PanelEvent }> = [];
    const otherSeen: number[] = [];
    big.subscribe(undefined, (_seq, event) => bigSeen.push({ at: performance.now(), event }));
    other.subscribe(undefined, () => otherSeen.push(performance.now()));

    const markdown = bigReply(100);
    let i = 0;
    const ticker = setInterval(() => otherChat.push({ type: "message_delta", turnId: "t1", messageId: "o1", index: 0, kind: "text", text: `tick ${i++} ` }), 10);
    const sentAt = performance.now();
    bigChat.push(final(markdown), turnResult);
    // The message is not rendered in the pushing call: nothing of it has been published yet.
    expect(bigSeen.map((s) => s.event.type)).toEqual([]);
    const deadline = Date.now() + 120_000;
    while (!bigSeen.some((s) => s.event.type === "turn_result") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    clearInterval(ticker);

    expect(bigSeen.map((s) => s.event.type)).toEqual(["message_final", "turn_result"]);
    const doneAt = bigSeen[0]!.at;
    // The other chat kept going while the big message rendered: several events, no long gap.
    const during = otherSeen.filter((t) => t > sentAt && t < doneAt);
    expect(during.length).toBeGreaterThanOrEqual(3);
    const gaps = during.slice(1).map((t, k) => t - during[k]!);
    expect(Math.max(...gaps)).toBeLessThan(1000);

    // The same event as a hub rendering inline publishes (html, Unity blocks, and the size bound after them).
    const inlineChat = new FakeChat();
    const inlineHub = new ChatHub("inline", inlineChat, { cwd: "/p" }, { coalesceMs: 0, render: renderBlocks });
    hubs.push(inlineHub);
    const inlineSeen: PanelEvent[] = [];
    inlineHub.subscribe(undefined, (_s, e) => inlineSeen.push(e));
    inlineChat.push(final(markdown));
    const block = (bigSeen[0]!.event as Extract<PanelEvent, { type: "message_final" }>).blocks[0] as { html?: string; unity?: unknown };
    expect(block.html).toBeDefined();
    expect(block.unity).toBeDefined();
    expect(bigSeen[0]!.event).toEqual(inlineSeen[0]);
  }, 180_000);

  it("renders a small message inline, at once", () => {
    const chat = new FakeChat();
    const hub = new ChatHub("small", chat, { cwd: "/p" }, { coalesceMs: 0 });
    hubs.push(hub);
    const seen: PanelEvent[] = [];
    hub.subscribe(undefined, (_s, e) => seen.push(e));
    chat.push(final("Hello **there**"), turnResult);
    expect(seen.map((e) => e.type)).toEqual(["message_final", "turn_result"]);
    expect((seen[0] as Extract<PanelEvent, { type: "message_final" }>).blocks[0]).toMatchObject({ html: renderBlocks("Hello **there**").html });
  });

  it("sends deep nesting off the event loop even when the message is small", async () => {
    let nested = "";
    for (let d = 0; d < 40; d++) nested += `${"  ".repeat(d)}- level ${d}\n`;
    expect(nested.length).toBeLessThan(4096);
    expect(expensiveToRender(nested)).toBe(true);
    expect(expensiveToRender("> ".repeat(8) + "deep quote")).toBe(true);
    expect(expensiveToRender("- a\n  - b\n    - c\n\n```\ncode\n```\n")).toBe(false);
    const chat = new FakeChat();
    const hub = new ChatHub("nested", chat, { cwd: "/p" }, { coalesceMs: 0 });
    hubs.push(hub);
    const seen: PanelEvent[] = [];
    hub.subscribe(undefined, (_s, e) => seen.push(e));
    chat.push(final(nested), turnResult);
    expect(seen).toEqual([]);
    await hub.close();
    expect(seen.map((e) => e.type).slice(0, 2)).toEqual(["message_final", "turn_result"]);
    expect((seen[0] as Extract<PanelEvent, { type: "message_final" }>).blocks[0]).toMatchObject({ html: renderBlocks(nested).html });
  }, 120_000);

  it("keeps the markdown when the off-thread render fails, and still publishes in order", async () => {
    const chat = new FakeChat();
    const hub = new ChatHub("failing", chat, { cwd: "/p" }, { coalesceMs: 0, render: renderBlocks, renderAsync: () => Promise.reject(new Error("worker gone")) });
    hubs.push(hub);
    const seen: PanelEvent[] = [];
    hub.subscribe(undefined, (_s, e) => seen.push(e));
    const markdown = bigReply(8);
    chat.push(final(markdown), turnResult);
    await hub.close();
    expect(seen.map((e) => e.type).slice(0, 2)).toEqual(["message_final", "turn_result"]);
    const block = (seen[0] as Extract<PanelEvent, { type: "message_final" }>).blocks[0] as { text: string; html?: string; unity?: unknown };
    expect(block.text).toBe(markdown);
    expect(block.html).toBeUndefined();
    expect(block.unity).toBeUndefined();
  });
});
