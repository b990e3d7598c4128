import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { frameData } from "../sidecar/src/bridge/hubs/event-json.js";
import { PanelHistory } from "../sidecar/src/bridge/hubs/history-service.js";
import { ChatHub } from "../sidecar/src/bridge/hubs/hub.js";
import { preloadHtmlRenderer, renderBlocks } from "../sidecar/src/bridge/hubs/hub-render.js";
import type { ChatEvent } from "../sidecar/src/protocol/chat-events.js";
import { forClient } from "../sidecar/src/bridge/server/router-frames.js";
import { FakeChat } from "../sidecar/test/bridge/hub-fakes.js";
import { quick } from "./options.js";
import type { Figure } from "./report.js";

// Event-loop blocking while a chat's big final message is rendered (Unity blocks + sanitized
// HTML, as for a connected browser): the longest stall of the event loop from the moment the
// message reaches the hub until it is published and encoded for two clients (a browser wanting
// HTML and Unity blocks, a Unity panel wanting Unity blocks: the frame text and its UTF-8 bytes,
// as the router and the socket make them), through the hub as the sidecar runs it (big messages
// in the render worker) against the same hub rendering inline (the baseline); and while
// history.load restores a session whose last reply is that big.

/** Run the render benchmark: a 300 KB reply and a deeply nested list. */
export async function benchRender(): Promise<Record<string, Figure>> {
  await preloadHtmlRenderer();
  const reply = bigReply(quick ? 30 : 300);
  const nested = nestedList(quick ? 40 : 150);
  // Warm both paths (the worker's first request loads its renderers).
  await stall(final("warm **up**\n\n" + "x".repeat(5000)), false);
  await stall(final("warm"), true);
  // Off-thread first: an inline baseline leaves hundreds of MB of renderer garbage behind, and
  // the collection of it would land in whatever is measured next.
  const replyOff = await stall(final(reply), false);
  const nestedOff = await stall(final(nested), false);
  const history = await historyStall(reply);
  const replyInline = await stall(final(reply), true);
  const nestedInline = await stall(final(nested), true);
  const idleMs = Math.min(replyOff.totalMs, 10_000);
  const idle = await idleStall(idleMs);
  const kb = (s: string) => Math.round(s.length / 1024);
  return {
    render_idle_block_ms: { value: idle, unit: `ms longest event-loop stall over ${idleMs} ms with nothing rendering (the machine's noise floor)` },
    render_reply_inline_block_ms: { value: replyInline.maxBlockMs, unit: `ms longest event-loop stall, ${kb(reply)} KB reply rendered inline (published after ${replyInline.totalMs} ms)` },
    render_reply_offthread_block_ms: {
      value: replyOff.maxBlockMs,
      unit: `ms longest event-loop stall, ${kb(reply)} KB reply in the render worker (published after ${replyOff.totalMs} ms)`,
      vs: { what: "the same reply rendered inline", value: replyInline.maxBlockMs },
    },
    render_nested_inline_block_ms: {
      value: nestedInline.maxBlockMs,
      unit: `ms longest stall, list nested ${quick ? 40 : 150} deep (${kb(nested)} KB) rendered inline (published after ${nestedInline.totalMs} ms)`,
    },
    render_nested_offthread_block_ms: {
      value: nestedOff.maxBlockMs,
      unit: `ms longest stall, the same list in the render worker (published after ${nestedOff.totalMs} ms)`,
      vs: { what: "the same list rendered inline", value: nestedInline.maxBlockMs },
    },
    render_history_load_block_ms: {
      value: history.maxBlockMs,
      unit: `ms longest stall, history.load of a session whose last reply is the ${kb(reply)} KB one (loaded after ${history.totalMs} ms)`,
      vs: { what: "the idle noise floor", value: idle },
    },
  };
}

/** Push one final message into a fresh hub; the longest event-loop stall until it is published. */
async function stall(event: ChatEvent, inline: boolean): Promise<{ maxBlockMs: number; totalMs: number }> {
  const chat = new FakeChat();
  const hub = new ChatHub("bench", chat, { cwd: "/bench" }, inline ? { coalesceMs: 0, render: renderBlocks } : { coalesceMs: 0 });
  let published = false;
  hub.subscribe(undefined, (seq, e) => {
    for (const wanted of CLIENTS) {
      const data = frameData({ kind: "event", chatId: "bench", seq, event: forClient(e, wanted) });
      if (typeof data === "string") Buffer.from(data); // what the socket does with a string
    }
    if (e.type === "message_final") published = true;
  });
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await new Promise((r) => setTimeout(r, 30));
  const t0 = performance.now();
  chat.push(event);
  while (!published) await new Promise((r) => setTimeout(r, 5));
  const totalMs = Math.round(performance.now() - t0);
  await new Promise((r) => setTimeout(r, 30)); // let the histogram record the last interval
  h.disable();
  await hub.close();
  return { maxBlockMs: Math.round(h.max / 1e6), totalMs };
}

/** history.load (with HTML, as for a browser) of a fixture session whose last reply is `markdown`; the longest stall until its page is loaded. */
async function historyStall(markdown: string): Promise<{ maxBlockMs: number; totalMs: number }> {
  const config = join(import.meta.dirname, "..", "fixtures", "transcripts");
  const index = JSON.parse(readFileSync(join(config, "INDEX.json"), "utf8")) as Record<string, { sessionId: string; file: string }>;
  const entry = index.text!;
  const warm = index.thinking!;
  const lines = readFileSync(join(config, entry.file), "utf8")
    .split("\n")
    .filter((l) => l !== "");
  const reply = /"role":"assistant".*"type":"text"/;
  const i = lines.map((l) => reply.test(l)).lastIndexOf(true);
  const record = JSON.parse(lines[i]!) as { message: { content: Array<{ type: string; text?: string }> } };
  record.message.content.find((b) => b.type === "text")!.text = markdown;
  lines[i] = JSON.stringify(record);
  const dir = mkdtempSync(join(tmpdir(), "bench-render-history-"));
  writeFileSync(join(dir, `${entry.sessionId}.jsonl`), `${lines.join("\n")}\n`);
  writeFileSync(join(dir, `${warm.sessionId}.jsonl`), readFileSync(join(config, warm.file)));
  const history = new PanelHistory({ project: "/bench", transcriptDir: dir, stateDir: null });
  try {
    // Warm, as the live path is: a first history.load (of another, small session) builds its parsers.
    await history.load(warm.sessionId, undefined, true);
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    await new Promise((r) => setTimeout(r, 30));
    const t0 = performance.now();
    let found = false;
    let cursor: string | undefined;
    for (let pages = 0; pages < 20 && !found; pages++) {
      const page = await history.load(entry.sessionId, cursor, true);
      // (Over the 2 MB event bound, the page carries its text shortened.)
      found = page.events.some((e) => e.type === "message_final" && e.blocks.some((b) => b.text.startsWith(markdown.slice(0, 4096))));
      if (page.cursor === null) break;
      cursor = page.cursor;
    }
    if (!found) throw new Error("the big reply was not in the restored session");
    const totalMs = Math.round(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 30));
    h.disable();
    return { maxBlockMs: Math.round(h.max / 1e6), totalMs };
  } finally {
    await history.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The longest stall over `ms` with nothing to do: what the machine's load alone costs. */
async function idleStall(ms: number): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await new Promise((r) => setTimeout(r, ms));
  h.disable();
  return Math.round(h.max / 1e6);
}

const CLIENTS = [
  { unity: true, html: true },
  { unity: true, html: false },
];

function final(text: string): ChatEvent {
  return { type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [{ index: 0, kind: "text", text }], aborted: false };
}

function bigReply(kb: number): string {
  const part = "Some **bold** text, `Assets/Scripts/Player.cs`, a [link](https://example.com).\n\n- item one\n  - nested *em*\n\n```cs\nvar x = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n";
  let s = "";
  while (s.length < kb * 1024) s += part;
  return s;
}

function nestedList(depth: number): string {
  let s = "";
  for (let d = 0; d < depth; d++) s += `${"  ".repeat(d)}- level ${d} with **bold** text\n`;
  return s;
}
