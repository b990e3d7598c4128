import { afterEach, describe, expect, it } from "vitest";
import { PanelHistory } from "../../../src/bridge/hubs/history-service.js";
import { renderPage, SLICE_MS } from "../../../src/bridge/hubs/history-render.js";
import { preloadHtmlRenderer, renderBlocks, type Renderer } from "../../../src/bridge/hubs/hub-render.js";
import type { ChatEvent } from "../../../src/protocol/chat-events.js";
import type { PanelEvent } from "../../../src/protocol/panel/events.js";
import { jsonFormsOf } from "../../../src/render/json-forms.js";
import { copyOfGameDir, withLastReplyText } from "../../history/helpers.js";
import { stubRender } from "../hub-fakes.js";

// A restored page renders like live messages without stalling the event loop: big or deeply nested
// text goes to the render worker, small text renders inline in bounded slices, order is kept, and
// a failed render leaves the markdown.

type Final = Extract<PanelEvent, { type: "message_final" }>;
const final = (messageId: string, ...texts: string[]): ChatEvent => ({
  type: "message_final",
  turnId: "t1",
  messageId,
  parentToolUseId: null,
  blocks: texts.map((text, index) => ({ index, kind: "text", text })),
  aborted: false,
});
const notice: ChatEvent = { type: "notice", level: "info", code: "x", message: "between" };
const jsonOf = (v: unknown) => ({ json: new TextEncoder().encode(JSON.stringify(v)) });

let history: PanelHistory | undefined;
afterEach(() => history?.close());

describe("renderPage", () => {
  it("sends big and deeply nested text to the worker, renders the rest inline, in order", async () => {
    const big = "x".repeat(5000);
    const nested = Array.from({ length: 12 }, (_, d) => `${"  ".repeat(d)}- level ${d}`).join("\n");
    const offThread: string[] = [];
    const page = await renderPage([final("m1", "small", big), notice, final("m2", nested), final("m3", "fails ".repeat(1000))], stubRender, async (markdown) => {
      offThread.push(markdown);
      if (markdown.startsWith("fails")) throw new Error("worker gone");
      return { unity: jsonOf([{ type: "paragraph", text: "from worker" }]) };
    });
    expect(offThread).toEqual([big, nested, "fails ".repeat(1000)]);
    expect(page.map((e) => e.type)).toEqual(["message_final", "notice", "message_final", "message_final"]);
    const [m1, , m2, m3] = page as Final[];
    expect(m1!.blocks[0]).toEqual({ index: 0, kind: "text", text: "small", ...stubRender("small") });
    expect(jsonFormsOf(m1!.blocks[1]!)).toBeDefined();
    expect(m1!.blocks[1]).toEqual({ index: 1, kind: "text", text: big, unity: [{ type: "paragraph", text: "from worker" }] });
    expect(jsonFormsOf(m2!.blocks[0]!)).toBeDefined();
    expect(m3!.blocks[0]).toEqual({ index: 0, kind: "text", text: "fails ".repeat(1000) });
  });

  it("lets other work run between slices of inline rendering", async () => {
    const slow: Renderer = (markdown) => {
      const until = performance.now() + SLICE_MS / 2;
      while (performance.now() < until) {
        // a renderer that takes half a slice per block
      }
      return stubRender(markdown);
    };
    let ticks = 0;
    let rendering = true;
    const tick = (): void => {
      ticks++;
      if (rendering) setImmediate(tick);
    };
    setImmediate(tick);
    const page = await renderPage(
      Array.from({ length: 20 }, (_, i) => final(`m${i}`, `block ${i}`)),
      slow,
      undefined,
    );
    rendering = false;
    expect(page).toHaveLength(20);
    expect(ticks).toBeGreaterThanOrEqual(4); // 20 half-slices: at least one turn of other work every slice
  });
});

describe("history.load of a session with a big reply", () => {
  it("renders it in the render worker with the inline result, while the event loop keeps turning", async () => {
    const markdown = "Some **bold** text, `Assets/Scripts/Player.cs`, a [link](https://example.com).\n\n- item\n  - nested *em*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n".repeat(1200);
    const dir = copyOfGameDir();
    const sessionId = withLastReplyText(dir, markdown);
    history = new PanelHistory({ project: "/proj", transcriptDir: dir, stateDir: null, debounceMs: 20, pollMs: 100 });
    await preloadHtmlRenderer(); // loading jsdom stalls once, at start-up (the sidecar does it then)

    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    let block: { text: string; unity?: unknown; html?: string } | undefined;
    let cursor: string | undefined;
    try {
      for (let pages = 0; pages < 10 && !block; pages++) {
        const page = await history.load(sessionId, cursor, true);
        for (const e of page.events) if (e.type === "message_final") block ??= e.blocks.find((b) => b.text === markdown);
        if (page.cursor === null) break;
        cursor = page.cursor;
      }
    } finally {
      clearInterval(ticker);
    }
    expect(block).toBeDefined();
    expect(jsonFormsOf(block!)).toBeDefined(); // rendered by the worker
    expect(longest).toBeLessThan(1000); // inline, this render alone took seconds
    const inline = renderBlocks(markdown);
    expect(block!.html).toBe(inline.html);
    expect(block!.unity).toEqual(JSON.parse(JSON.stringify(inline.unity)));
  }, 180_000);
});
