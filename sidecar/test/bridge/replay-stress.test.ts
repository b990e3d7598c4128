import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { reduceEvents } from "../../src/bridge/hubs/chat-store.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import type { HubOptions } from "../../src/bridge/hubs/hub.js";
import { attachClient } from "../../src/bridge/server/router.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import type { PanelEvent } from "../../src/protocol/panel/index.js";
import { FAKE_CLAUDE, scenario } from "../chat/fake-chat.js";

// A client that keeps losing its socket during streaming turns must end with exactly what a client
// that never disconnected saw: replay after its last seq, or a snapshot when the buffer moved on.

const TOKEN = "stress-token-0123456789abcdef";
let server: RunningServer | undefined;
let registry: ChatRegistry | undefined;
let dir: string | undefined;
afterEach(async () => {
  await registry?.closeAll();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  server = registry = dir = undefined;
});

/** A fake-claude scenario with `turns` turns of `deltas` small text deltas, `waitMs` apart. */
function streamingScenario(turns: number, deltas: number, waitMs: number): object {
  const base = scenario("text");
  const sid = "{{session_id}}";
  const se = (event: object, msgId: string) => ({ emit: { type: "stream_event", event, session_id: sid, parent_tool_use_id: null, uuid: "{{uuid}}", api_message_id: msgId } });
  const turn = (t: number) => {
    const id = `msg_stress_${t}`;
    const steps: object[] = [{ emit: { type: "system", subtype: "init", session_id: sid, model: "m" } }, { replay: true }, se({ type: "message_start", message: { id, model: "m" } }, id)];
    let text = "";
    for (let i = 0; i < deltas; i++) {
      const piece = `t${t}w${i} `;
      text += piece;
      steps.push(se({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } }, id), { wait: waitMs });
    }
    steps.push(
      { emit: { type: "assistant", message: { id, role: "assistant", model: "m", content: [{ type: "text", text }] }, parent_tool_use_id: null, session_id: sid } },
      se({ type: "message_stop" }, id),
      { emit: { type: "result", subtype: "success", is_error: false, result: text, session_id: sid, terminal_reason: "completed" } },
    );
    return steps;
  };
  return { ...base, turns: Array.from({ length: turns }, (_, t) => turn(t)) };
}

async function setup(hub: HubOptions, deltas: number, waitMs: number): Promise<{ url: string; chatId: string }> {
  dir = mkdtempSync(join(tmpdir(), "ap-stress-"));
  const file = join(dir, "scenario.json");
  writeFileSync(file, JSON.stringify(streamingScenario(6, deltas, waitMs)));
  registry = new ChatRegistry({ chatDefaults: { claudePath: FAKE_CLAUDE, cwd: dir, env: { PATH: process.env.PATH ?? "", FAKE_CLAUDE_SCENARIO: file } }, hub });
  const reg = registry;
  server = await startServer({ port: 0, token: TOKEN, version: "test", onClient: (link) => attachClient(reg, link), health: () => ({}) });
  const hubOpened = reg.open({});
  await hubOpened.whenStarted();
  const chatId = hubOpened.chatId;
  return { url: `ws://127.0.0.1:${server.port}/ws`, chatId };
}

/** One connection: hello, subscribe after `afterSeq`, hand every frame to `onFrame`. */
function connect(url: string, chatId: string, afterSeq: number, onFrame: (f: any, ws: WebSocket) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    ws.on("open", () => {
      ws.send(JSON.stringify({ id: "h", cmd: "hello", protocol: 1, client: "cli", render: [] }));
      ws.send(JSON.stringify({ id: "s", cmd: "subscribe", chatId, afterSeq }));
      resolve(ws);
    });
    ws.on("message", (data) => onFrame(JSON.parse(data.toString()), ws));
    ws.on("error", reject);
  });
}

/** Drive the chat (4 turns) while a steady client and a flaky client watch it. */
async function run(hub: HubOptions, disconnects: number, deltas: number, waitMs: number) {
  const { url, chatId } = await setup(hub, deltas, waitMs);
  const steady: { seq: number; event: PanelEvent }[] = [];
  let results = 0;
  let resultSeen: () => void = () => undefined;
  let steadyBase: PanelEvent[] = [];
  await connect(url, chatId, 0, (f) => {
    if (f.kind === "snapshot" && f.chatId === chatId) steadyBase = f.events;
    if (f.kind === "event" && f.chatId === chatId) {
      steady.push({ seq: f.seq, event: f.event });
      if (f.event.type === "turn_result") {
        results++;
        resultSeen();
      }
    }
  });
  // The flaky client: its own view (snapshots reset it), its last seq, and a random cut-off.
  let lastSeq = 0;
  let view: PanelEvent[] = [];
  const seqs: number[] = [];
  let reconnects = 0;
  let snapshots = 0;
  const cutAfter = () => 1 + Math.floor(Math.random() * 3);
  const flaky = async (): Promise<void> => {
    let budget = cutAfter();
    const ws = await connect(url, chatId, lastSeq, (f, sock) => {
      if (f.chatId !== chatId || (f.kind !== "event" && f.kind !== "snapshot")) return;
      if (f.kind === "snapshot") {
        snapshots++;
        view = [...f.events];
        lastSeq = f.seq;
      } else {
        if (f.seq !== lastSeq + 1) throw new Error(`gap or duplicate: got ${f.seq} after ${lastSeq}`);
        view.push(f.event);
        seqs.push(f.seq);
        lastSeq = f.seq;
      }
      if (--budget <= 0 && reconnects < disconnects) sock.terminate();
    });
    // Between turns nothing may arrive: cut the connection after a short idle time as well.
    let idle = setTimeout(() => ws.terminate(), 40);
    ws.on("message", () => {
      clearTimeout(idle);
      idle = setTimeout(() => ws.terminate(), 40);
    });
    await new Promise((r) => ws.once("close", r));
    clearTimeout(idle);
  };
  // Turns are sent one after another for as long as the flaky client still has to disconnect,
  // so every disconnection happens while claude is streaming, however slow the machine is.
  let reconnectsDone = false;
  const sends = (async () => {
    for (let t = 0; !reconnectsDone || t < 2; t++) {
      const seen = new Promise<void>((r) => (resultSeen = r));
      await registry!.get(chatId)!.chat.send(`turn ${t}`);
      while (results <= t) await seen.then(() => undefined);
    }
  })();
  while (reconnects < disconnects) {
    await flaky();
    reconnects++;
  }
  reconnectsDone = true;
  await sends;
  // Final catch-up without further disconnects.
  const final = await connect(url, chatId, lastSeq, (f) => {
    if (f.chatId !== chatId) return;
    if (f.kind === "snapshot") {
      snapshots++;
      view = [...f.events];
      lastSeq = f.seq;
    }
    if (f.kind === "event") {
      view.push(f.event);
      seqs.push(f.seq);
      lastSeq = f.seq;
    }
  });
  await new Promise((r) => setTimeout(r, 200));
  final.close();
  return { steady, steadyBase, view, seqs, lastSeq, reconnects, snapshots };
}

describe("replay under 1,000 disconnections", () => {
  it("ends with exactly the full event sequence: no gap, no duplicate, no reordering", async () => {
    const r = await run({ coalesceMs: 0 }, 1000, 400, 2);
    expect(r.reconnects).toBeGreaterThanOrEqual(1000);
    expect(r.snapshots).toBeLessThanOrEqual(1); // only the very first subscribe may be a snapshot of an empty chat
    const fullSeqs = r.steady.map((e) => e.seq);
    expect(fullSeqs).toEqual(fullSeqs.map((_, i) => i + fullSeqs[0]!));
    expect(r.lastSeq).toBe(fullSeqs.at(-1));
    expect(r.seqs).toEqual(fullSeqs.slice(fullSeqs.length - r.seqs.length));
    expect(r.view).toEqual(r.steady.map((e) => e.event).slice(r.steady.length - r.view.length));
    expect(reduceEvents(r.view)).toEqual(reduceEvents([...r.steadyBase, ...r.steady.map((e) => e.event)]));
  }, 120_000);

  it("falls back to snapshots with a small buffer and still ends in the same state", async () => {
    const r = await run({ coalesceMs: 0, bufferEvents: 8 }, 300, 200, 1);
    expect(r.snapshots).toBeGreaterThan(0);
    expect(r.lastSeq).toBe(r.steady.at(-1)!.seq);
    expect(reduceEvents(r.view)).toEqual(reduceEvents([...r.steadyBase, ...r.steady.map((e) => e.event)]));
  }, 120_000);
});
