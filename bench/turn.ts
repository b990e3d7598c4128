import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import WebSocket from "ws";
import { say, startFakeApi } from "../fixtures/fake-api/index.js";
import { claudeBinary, makeSandbox, spawnClaude, textDelta } from "../sidecar/test/e2e/harness.js";
import { quick, spawnTracked } from "./options.js";
import type { Figure } from "./report.js";

// Turn overhead: time from sending a prompt to the first text delta, through the sidecar (a panel
// client over the WebSocket → chat engine → claude → hub → client) against the same prompt written
// straight to a claude process, with the same real claude binary and the same fake model. Both
// processes are started and warmed up first; the runs alternate so load hits both alike.

const root = join(import.meta.dirname, "..");
const bundle = join(root, "dist", "agent-panel.mjs");

/** Run the turn-overhead benchmark (the bundle must be built). */
export async function benchTurn(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const runs = quick ? 2 : 9;
  const sandbox = makeSandbox();
  const api = await startFakeApi([{ match: "bench", answers: [say("Here is a short answer for the benchmark.", { chunkSize: 8 })] }]);
  const env = sandbox.env(api.url);
  const direct = spawnClaude(claudeBinary(), { cwd: sandbox.project, env });
  const sidecar = spawnTracked(process.execPath, [bundle, "serve", "--project", sandbox.project, "--claude", claudeBinary()], { env: { ...env, XDG_DATA_HOME: join(sandbox.home, ".local", "share") }, stdio: "ignore" });
  try {
    const panel = await PanelClient.start(join(sandbox.home, ".local", "share", "AgentPanel"));
    const viaDirect = async (i: number) => {
      const t0 = performance.now();
      direct.user(`bench ${i}`);
      await direct.next((m) => textDelta(m) !== undefined, 30_000, "first text delta");
      const t = performance.now() - t0;
      await direct.next((m) => m.type === "result", 30_000, "result");
      return t;
    };
    const viaSidecar = (i: number) => panel.turn(`bench ${i}`);
    await viaDirect(-1); // warm-up: the first turn of each process pays for loading
    await viaSidecar(-1);
    const d: number[] = [];
    const s: number[] = [];
    for (let i = 0; i < runs; i++) {
      d.push(await viaDirect(i));
      s.push(await viaSidecar(i));
    }
    panel.close();
    return {
      turn_first_delta_direct_ms: { value: median(d), unit: `ms (prompt written to claude → first text delta, median of ${runs})` },
      turn_first_delta_sidecar_ms: { value: median(s), unit: `ms (chat.send → first message_delta at a panel client, median of ${runs})`, baseline: median(d) },
      turn_overhead_ratio: { value: Number((median(s) / median(d)).toFixed(3)), unit: "x of claude alone", target: "<= 1.05" },
    };
  } finally {
    await direct.end(5_000).catch(() => undefined);
    sidecar.kill("SIGTERM");
    await new Promise((r) => (sidecar.exitCode !== null ? r(undefined) : sidecar.once("exit", r)));
    await api.close();
    sandbox.cleanup();
  }
}

/** A minimal panel client: one chat, subscribed, timing chat.send → first text delta. */
class PanelClient {
  private next = 0;
  private readonly waiting = new Map<string, (r: { chatId?: string }) => void>();
  private onEvent: (e: { type: string; kind?: string; state?: string }) => void = () => undefined;
  private chatId = "";
  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const f = JSON.parse(data.toString());
      if ((f.kind === "ack" || f.kind === "welcome") && this.waiting.has(f.id)) this.waiting.get(f.id)!(f.result ?? f);
      if (f.kind === "event") this.onEvent(f.event);
    });
  }

  /** Connect with the descriptor the sidecar writes in `dir`, open a chat and wait until it is ready. */
  static async start(dir: string): Promise<PanelClient> {
    const t0 = performance.now();
    let descriptor: { port: number; token: string } | undefined;
    while (!descriptor) {
      const file = existsSync(dir) ? readdirSync(dir).find((f) => /^[0-9a-f]{16}\.json$/.test(f)) : undefined;
      if (file) descriptor = JSON.parse(readFileSync(join(dir, file), "utf8"));
      else if (performance.now() - t0 > 20_000) throw new Error("the sidecar did not write its descriptor");
      else await new Promise((r) => setTimeout(r, 20));
    }
    const ws = new WebSocket(`ws://127.0.0.1:${descriptor.port}/ws`, { headers: { Authorization: `Bearer ${descriptor.token}` } });
    await new Promise((r, j) => { ws.once("open", r); ws.once("error", j); });
    const c = new PanelClient(ws);
    await c.command({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    c.chatId = (await c.command({ cmd: "chat.open" })).chatId!;
    const ready = c.until((e) => e.type === "state" && e.state === "ready");
    await c.command({ cmd: "subscribe", chatId: c.chatId, afterSeq: 0 });
    await ready;
    return c;
  }

  async turn(text: string): Promise<number> {
    const first = this.until((e) => e.type === "message_delta" && e.kind === "text");
    const done = this.until((e) => e.type === "turn_result");
    const t0 = performance.now();
    this.ws.send(JSON.stringify({ id: `t${++this.next}`, cmd: "chat.send", chatId: this.chatId, text }));
    await first;
    const t = performance.now() - t0;
    await done;
    return t;
  }

  close(): void {
    this.ws.close();
  }

  private command(frame: object): Promise<{ chatId?: string }> {
    const id = `c${++this.next}`;
    return new Promise((resolve) => { this.waiting.set(id, resolve); this.ws.send(JSON.stringify({ ...frame, id })); });
  }

  private until(pred: (e: { type: string; kind?: string; state?: string }) => boolean): Promise<void> {
    const previous = this.onEvent;
    return new Promise((resolve) => {
      const mine = (e: { type: string; kind?: string; state?: string }) => {
        previous(e);
        if (pred(e)) resolve();
      };
      this.onEvent = mine;
    });
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.floor(s.length / 2)]!.toFixed(1));
}
