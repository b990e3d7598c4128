import type { ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { ChatHub, type HubChat } from "../sidecar/src/bridge/hubs/hub.js";
import { FakeChat } from "../sidecar/test/bridge/hub-fakes.js";
import { quick, spawnTracked } from "./options.js";
import type { Figure } from "./report.js";

// Sidecar figures, measured on the bundled file (dist/agent-panel.mjs) as Unity runs it: cold start
// to descriptor, idle memory, replay of 10,000 buffered events to a reconnecting client, and relay
// latency from a (fake) claude writing a line to the WebSocket frame arriving at a client.

const root = join(import.meta.dirname, "..");
const bundle = join(root, "dist", "agent-panel.mjs");
const fakeClaude = join(root, "fixtures", "fake-claude", "fake-claude.mjs");
/** Events a reconnecting client is behind in the replay figure. */
const REPLAY = quick ? 1000 : 10_000;

/** Run the bridge benchmarks (the bundle must be built). */
export async function benchBridge(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const starts: number[] = [];
  for (let i = 0; i < (quick ? 2 : 5); i++) starts.push(await coldStart());
  progress(`cold starts ${starts.join(", ")} ms`);
  const latency = await relayAndReplay();
  const replaySidecar = await replayInProcess();
  return {
    replay_10k_sidecar_ms: { value: replaySidecar, unit: "ms (hub replay + frame serialization, in-process, median of 5)" },
    sidecar_cold_start_ms: { value: median(starts), unit: "ms (spawn → descriptor written, median of 5)" },
    sidecar_idle_rss_mb: { value: latency.idleRssMb, unit: "MB" },
    replay_10k_events_e2e_ms: { value: latency.replayMs, unit: "ms (subscribe sent → 10,000th frame parsed by a client, same machine)" },
    ws_relay_latency_p50_ms: { value: latency.p50, unit: "ms" },
    ws_relay_latency_p99_ms: { value: latency.p99, unit: "ms (claude line → WebSocket frame at the client)" },
  };
}

interface Sidecar {
  child: ChildProcess;
  descriptor: { port: number; token: string; pid: number };
  home: string;
}

/** Start the bundled sidecar in a fresh HOME; resolve once its descriptor exists. */
async function startSidecar(env: Record<string, string> = {}): Promise<Sidecar & { ms: number }> {
  const home = mkdtempSync(join(tmpdir(), "ap-bench-"));
  const project = join(home, "Game");
  mkdirSync(join(project, "Assets"), { recursive: true });
  const dir = join(home, ".local", "share", "AgentPanel");
  const t0 = performance.now();
  const child = spawnTracked(process.execPath, [bundle, "serve", "--project", project, "--claude", fakeClaude], {
    env: { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: "", ...env },
    stdio: "ignore",
  });
  for (;;) {
    const file = existsSync(dir) ? readdirSync(dir).find((f) => /^[0-9a-f]{16}\.json$/.test(f)) : undefined;
    if (file) {
      const ms = performance.now() - t0;
      const descriptor = JSON.parse(readFileSync(join(dir, file), "utf8"));
      return { child, descriptor, home, ms };
    }
    if (performance.now() - t0 > 10_000) throw new Error("sidecar did not write its descriptor");
    await sleep(2);
  }
}

async function stopSidecar(s: Sidecar): Promise<void> {
  s.child.kill("SIGTERM");
  await new Promise((r) => s.child.once("exit", r));
  rmSync(s.home, { recursive: true, force: true });
}

async function coldStart(): Promise<number> {
  const s = await startSidecar();
  await stopSidecar(s);
  return round(s.ms);
}

/** One chat whose claude writes `lines` message_start lines stamped with their send time. */
async function relayAndReplay(): Promise<{ p50: number; p99: number; replayMs: number; idleRssMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), "ap-bench-scn-"));
  const scenarioFile = join(dir, "scenario.json");
  const se = (event: object) => ({ emit: { type: "stream_event", event, session_id: "{{session_id}}", parent_tool_use_id: null } });
  const timed = Array.from({ length: quick ? 200 : 2000 }, () => [se({ type: "message_start", message: { id: "lat_{{now_ms}}", model: "m" } }), { wait: 3 }]).flat();
  // Realistic bulk: short messages that start and stop (each gives message_start + message_final).
  const bulk = Array.from({ length: quick ? 600 : 5_300 }, (_, i) => [
    { emit: { type: "stream_event", event: { type: "message_start", message: { id: `bulk_${i}`, model: "m" } }, session_id: "{{session_id}}", parent_tool_use_id: null, api_message_id: `bulk_${i}` } },
    { emit: { type: "stream_event", event: { type: "message_stop" }, session_id: "{{session_id}}", parent_tool_use_id: null, api_message_id: `bulk_${i}` } },
  ]).flat();
  const result = { emit: { type: "result", subtype: "success", is_error: false, session_id: "{{session_id}}" } };
  writeFileSync(
    scenarioFile,
    JSON.stringify({
      init: { models: [], commands: [] },
      turns: [
        [{ replay: true }, ...timed, result],
        [{ replay: true }, ...bulk, result],
      ],
    }),
  );
  const s = await startSidecar({ FAKE_CLAUDE_SCENARIO: scenarioFile });
  await sleep(2500); // let start-up work (renderer preload) finish before reading idle memory
  const idleRssMb = round(rssMb(s.descriptor.pid));
  progress(`idle RSS ${idleRssMb} MB`);
  const client = await Client.connect(s.descriptor.port, s.descriptor.token);
  const chatId = (await client.command({ cmd: "chat.open" })).chatId as string;
  await client.command({ cmd: "subscribe", chatId, afterSeq: 0 });
  const samples: number[] = [];
  client.onEvent = (e) => {
    const id = (e as { messageId?: string }).messageId;
    if (e.type === "message_start" && id?.startsWith("lat_")) samples.push(performance.timeOrigin + performance.now() - Number(id.slice(4)));
  };
  await client.waitFor((e) => e.type === "state" && e.state === "ready");
  await client.command({ cmd: "chat.send", chatId, text: "latency" });
  await client.waitFor((e) => e.type === "turn_result");
  progress(`latency samples ${samples.length}`);
  let bulkEvents = 0;
  client.onEvent = () => void bulkEvents++;
  const ticker = setInterval(() => progress(`bulk events so far ${bulkEvents}, last seq ${client.lastSeq}`), 2000);
  await client.command({ cmd: "chat.send", chatId, text: "bulk" });
  await client.waitFor((e) => e.type === "turn_result");
  clearInterval(ticker);
  // A second client reconnects 10,000 events behind the chat's last event (the sidecar's own
  // count: events after turn_result, such as the state going back to ready, may still be on the
  // way to the first client, and the buffer holds exactly 10,000).
  const late = await Client.connect(s.descriptor.port, s.descriptor.token);
  const lastSeq = ((await late.command({ cmd: "chats.list" })).chats as { chatId: string; lastSeq: number }[]).find((c) => c.chatId === chatId)!.lastSeq;
  let received = 0;
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<number>((resolve, reject) => {
    late.onEvent = () => {
      if (++received === REPLAY) resolve(performance.now() - t0);
    };
    // Never wait forever: a replay that falls short is a failure to report, with what arrived.
    timer = setTimeout(() => reject(new Error(`the reconnecting client got ${received} of ${REPLAY} replayed events in 60 s (subscribe answered ${JSON.stringify(subscribed)})`)), 60_000);
  });
  let subscribed: unknown;
  void late.command({ cmd: "subscribe", chatId, afterSeq: lastSeq - REPLAY }).then((r) => (subscribed = r));
  const replayMs = await done.finally(() => clearTimeout(timer));
  client.close();
  late.close();
  await stopSidecar(s);
  rmSync(dir, { recursive: true, force: true });
  samples.sort((a, b) => a - b);
  const at = (q: number) => round(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN, 3);
  return { p50: at(0.5), p99: at(0.99), replayMs: round(replayMs), idleRssMb };
}

/**
 * The sidecar's own share of a replay: a hub holding 10,000 events hands them to a subscriber that
 * serializes each frame, as the router does before writing to the socket.
 */
async function replayInProcess(): Promise<number> {
  const chat = new FakeChat();
  const hub = new ChatHub("c1", chat as unknown as HubChat, { cwd: "/p" }, { coalesceMs: 0 });
  await hub.start();
  for (let i = 0; i < 10_010; i++) {
    chat.push({ type: "message_delta", turnId: "t1", messageId: `m${i >> 6}`, index: 0, kind: "text", text: `word ${i} ` });
  }
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const frames: string[] = [];
    const t0 = performance.now();
    const sub = hub.subscribe(hub.lastSeq - 10_000, () => undefined);
    for (const d of sub.initial)
      frames.push(JSON.stringify(d.kind === "event" ? { kind: "event", chatId: "c1", seq: d.seq, event: d.event } : { kind: "snapshot", chatId: "c1", seq: d.seq, events: d.events }));
    runs.push(performance.now() - t0);
    if (sub.mode !== "replay" || frames.length < 10_000) throw new Error(`expected a replay of 10,000 events, got ${sub.mode} with ${frames.length} frames`);
    sub.unsubscribe();
  }
  return median(runs);
}

/** A minimal protocol client for the benchmark. */
class Client {
  onEvent: (e: { type: string; state?: string }) => void = () => undefined;
  lastSeq = 0;
  private next = 0;
  private readonly acks = new Map<string, (r: any) => void>();
  private readonly waits: { pred: (e: any) => boolean; count: number; resolve: () => void }[] = [];
  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const f = JSON.parse(data.toString());
      if ((f.kind === "ack" || f.kind === "welcome") && this.acks.has(f.id)) this.acks.get(f.id)!(f.result ?? f);
      if (f.kind !== "event") return;
      this.lastSeq = f.seq;
      this.onEvent(f.event);
      for (const w of [...this.waits])
        if (w.pred(f.event) && --w.count === 0) {
          this.waits.splice(this.waits.indexOf(w), 1);
          w.resolve();
        }
    });
  }
  static async connect(port: number, token: string): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Authorization: `Bearer ${token}` } });
    await new Promise((r, j) => {
      ws.once("open", r);
      ws.once("error", j);
    });
    const c = new Client(ws);
    await c.command({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    return c;
  }
  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }
  command(frame: object): Promise<any> {
    const id = `b${++this.next}`;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.send({ ...frame, id });
    });
  }
  waitFor(pred: (e: any) => boolean, count = 1): Promise<void> {
    return new Promise((resolve) => this.waits.push({ pred, count, resolve }));
  }
  close(): void {
    this.ws.close();
  }
}

function progress(line: string): void {
  process.stderr.write(`  … ${line}\n`);
  if (process.env.BENCH_LOG) appendFileSync(process.env.BENCH_LOG, `${new Date().toISOString()} ${line}\n`);
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
  return kb / 1024;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.floor(s.length / 2)]!);
}

function round(n: number, digits = 1): number {
  return Number(n.toFixed(digits));
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
