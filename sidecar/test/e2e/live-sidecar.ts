import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { attachClient } from "../../src/bridge/server/router.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import { Chat } from "../../src/chat/chat.js";
import { FAKE_CLAUDE } from "../chat/fake-chat.js";

// The sidecar's own pieces wired as `serve` wires them (server, router, registry of real chats),
// in this process, with every chat running the fake claude. The scenario a chat plays is chosen
// by the `model` it is opened with, so one test can run a hostile chat beside a calm one. Clients
// are real WebSockets.

/** A running sidecar for one test. */
export interface LiveSidecar {
  server: RunningServer;
  registry: ChatRegistry;
  token: string;
  dir: string;
  connect(): Promise<LiveClient>;
  close(): Promise<void>;
}

/** A connected, hello'd client. */
export interface LiveClient {
  ws: WebSocket;
  frames: any[];
  /** Send a command and wait for its ack or error. */
  cmd(body: Record<string, unknown>, timeoutMs?: number): Promise<any>;
  /** Send a raw text frame. */
  raw(text: string | Buffer, binary?: boolean): void;
  /** Wait for a frame matching pred (already received ones count). */
  waitFor(pred: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Events of one chat, in order. */
  events(chatId: string): any[];
  /** Open a chat playing `scenario` (a key of the sidecar's scenarios) and subscribe to it. */
  openChat(scenario: string): Promise<string>;
}

/** Start a sidecar whose chats play `scenarios[model]`. */
export async function startLiveSidecar(scenarios: Record<string, object>, opts: { log?: (line: string) => void } = {}): Promise<LiveSidecar> {
  const dir = mkdtempSync(join(tmpdir(), "ap-live-"));
  const files: Record<string, string> = {};
  for (const [name, s] of Object.entries(scenarios)) {
    files[name] = join(dir, `${name}.json`);
    writeFileSync(files[name], JSON.stringify(s));
  }
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: FAKE_CLAUDE, cwd: dir, env: { PATH: process.env.PATH ?? "" }, process: { graceMs: 300, killWaitMs: 300 } },
    createChat: (o) => new Chat({ ...o, env: { ...o.env, FAKE_CLAUDE_SCENARIO: files[o.model ?? ""] ?? "" } }),
    changeDelayMs: 10,
  });
  const token = "live".repeat(8);
  const server = await startServer({
    port: 0,
    token,
    version: "test",
    health: () => ({ chats: registry.size }),
    onClient: (link) => attachClient(registry, link, { project: dir }),
    log: opts.log,
  });
  const clients: WebSocket[] = [];
  return {
    server,
    registry,
    token,
    dir,
    async connect() {
      const c = await connectClient(server.port, token);
      clients.push(c.ws);
      return c;
    },
    async close() {
      for (const ws of clients) ws.terminate();
      await registry.closeAll();
      await server.close(500);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Connect with the Bearer header and say hello. */
export async function connectClient(port: number, token: string): Promise<LiveClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ["agent-panel.v1"], { headers: { Authorization: `Bearer ${token}` } });
  const frames: any[] = [];
  const waiters = new Set<() => void>();
  ws.on("message", (d) => {
    frames.push(JSON.parse(String(d)));
    for (const w of [...waiters]) w();
  });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let n = 0;
  const waitFor = (pred: (f: any) => boolean, timeoutMs = 10_000): Promise<any> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = frames.find(pred);
        if (hit === undefined) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out; last frames: ${JSON.stringify(frames.slice(-5)).slice(0, 1500)}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  const cmd = async (body: Record<string, unknown>, timeoutMs = 10_000): Promise<any> => {
    const id = `q${++n}`;
    ws.send(JSON.stringify({ id, ...body }));
    return waitFor((f) => f.id === id && (f.kind === "ack" || f.kind === "error" || f.kind === "welcome"), timeoutMs);
  };
  const client: LiveClient = {
    ws,
    frames,
    cmd,
    raw: (text, binary = false) => ws.send(text, { binary }),
    waitFor,
    events: (chatId) => frames.filter((f) => f.kind === "event" && f.chatId === chatId).map((f) => f.event),
    async openChat(scenario) {
      const ack = await cmd({ cmd: "chat.open", model: scenario });
      if (ack.kind !== "ack") throw new Error(`chat.open failed: ${JSON.stringify(ack)}`);
      const chatId = ack.result.chatId as string;
      await cmd({ cmd: "subscribe", chatId });
      await waitFor((f) => f.kind === "event" && f.chatId === chatId && f.event.type === "state" && f.event.state === "ready");
      return chatId;
    },
  };
  await cmd({ cmd: "hello", protocol: 1, client: "browser", render: ["html"] });
  return client;
}

/** A scenario line builder: one stdout line written verbatim. */
export const raw = (text: string): { emitRaw: string } => ({ emitRaw: text.endsWith("\n") ? text : `${text}\n` });

/** JSON text of `inner` wrapped in `depth` objects: {"a":{"a":…}}. Built as text: stringify would overflow. */
export function deepJson(depth: number, inner = "1", key = "a"): string {
  return `{"${key}":`.repeat(depth) + inner + "}".repeat(depth);
}
