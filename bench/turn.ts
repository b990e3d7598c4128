import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { say, startFakeApi } from "../fixtures/fake-api/index.js";
import { chatMcpConfig } from "../sidecar/src/tools/chat-credentials.js";
import { claudeBinary, makeSandbox, spawnClaude, textDelta, type RawCli } from "../sidecar/test/e2e/harness.js";
import { quick, spawnTracked } from "./options.js";
import type { Figure } from "./report.js";

// Turn overhead: time from sending a prompt to the first text delta, through the sidecar (a panel
// client over the WebSocket → chat engine → claude → hub → client) against the same prompt written
// straight to a claude process, with the same real claude binary, the same flags and MCP config and
// the same fake model. The processes are started and warmed up first (claude's first few turns are
// slower while its own code warms up).
//
// Order matters more than it seems: a turn that comes right after the same process's previous turn
// runs 10-25 % faster than one after another process's turn (its code and data are still in the
// CPU caches), so "direct then sidecar, sidecar then direct" pairs split into two clusters and the
// median of the mixed ratios jumped between 1.0 and 1.4 from run to run. Every measured turn here
// therefore follows a turn of the third claude (no MCP config) and comes four turns after its own
// previous one — direct, bare, sidecar, bare, direct, … — so both paths start equally cold, as they
// do in use (a user reads and types between prompts). Each sidecar turn is compared with the mean of
// the direct turns just before and after it, which cancels a load trend; the ratio is the median of
// those per-turn ratios; single turns vary by ±30 % on a shared 2-core machine, so it takes 61 of
// them for the median to hold still within a few hundredths. The sidecar's CPU per turn (Linux) is
// printed beside it: load-independent.

const root = join(import.meta.dirname, "..");
const bundle = join(root, "dist", "agent-panel.mjs");

/** Run the turn-overhead benchmark (the bundle must be built). */
export async function benchTurn(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const runs = quick ? 2 : 61;
  const warmups = quick ? 1 : 3;
  const sandbox = makeSandbox();
  const api = await startFakeApi([{ match: "bench", answers: [say("Here is a short answer for the benchmark.", { chunkSize: 8 })] }]);
  const env = sandbox.env(api.url);
  const sidecar = spawnTracked(process.execPath, [bundle, "serve", "--project", sandbox.project, "--claude", claudeBinary()], {
    env: { ...env, XDG_DATA_HOME: join(sandbox.home, ".local", "share") },
    stdio: "ignore",
  });
  let direct: RawCli | undefined;
  let bare: RawCli | undefined;
  try {
    const panel = await PanelClient.start(join(sandbox.home, ".local", "share", "AgentPanel"));
    // Like with like: the sidecar's claude gets --mcp-config for the sidecar's /mcp (our tools), so
    // the direct claude gets the same config, pointing at the same sidecar. A third claude without
    // it shows what the MCP server costs claude itself (not counted as the sidecar's overhead).
    direct = spawnClaude(claudeBinary(), { cwd: sandbox.project, env, extraArgs: ["--mcp-config", chatMcpConfig(panel.port, panel.token)] });
    bare = spawnClaude(claudeBinary(), { cwd: sandbox.project, env });
    const straight = (cli: RawCli) => async (i: number) => {
      const t0 = performance.now();
      cli.user(`bench ${i}`);
      await cli.next((m) => textDelta(m) !== undefined, 30_000, "first text delta");
      const t = performance.now() - t0;
      await cli.next((m) => m.type === "result", 30_000, "result");
      return t;
    };
    // The sidecar initializes its claude (control request `initialize`, as the SDK does) before the
    // first prompt; so do the direct ones, or the CLI does that work inside their first turns.
    for (const cli of [direct, bare]) {
      cli.control("bench-init", { subtype: "initialize" });
      await cli.next((m) => m.type === "control_response", 60_000, "the initialize response");
    }
    const viaDirect = straight(direct);
    const viaBare = straight(bare);
    const viaSidecar = (i: number) => panel.turn(`bench ${i}`);
    // Warm-up: the first turns of each process pay for loading (and the MCP connection).
    for (let w = 1; w <= warmups; w++) {
      await viaDirect(-w);
      await viaBare(-w);
      await viaSidecar(-w);
      await viaBare(-w);
    }
    const d: number[] = [];
    const s: number[] = [];
    const b: number[] = [];
    let sidecarCpu = 0;
    // direct, bare, sidecar, bare, …, direct: runs sidecar turns, each between two direct turns.
    for (let i = 0; i <= runs; i++) {
      d.push(await viaDirect(i));
      b.push(await viaBare(i));
      if (i === runs) break;
      const before = cpuMs(sidecar.pid);
      s.push(await viaSidecar(i));
      sidecarCpu += cpuMs(sidecar.pid) - before;
      b.push(await viaBare(i));
    }
    const ratios = s.map((t, i) => t / ((d[i]! + d[i + 1]!) / 2));
    panel.close();
    return {
      turn_first_delta_direct_ms: { value: ms(median(d)), unit: `ms (prompt written to claude with the sidecar's --mcp-config → first text delta, median of ${runs + 1})` },
      turn_first_delta_direct_no_mcp_ms: { value: ms(median(b)), unit: "ms (the same without --mcp-config: what our MCP server costs claude, not the sidecar's overhead)" },
      turn_first_delta_sidecar_ms: {
        value: ms(median(s)),
        unit: `ms (chat.send → first message_delta at a panel client, median of ${runs})`,
        vs: { what: "claude alone (prompt on its stdin)", value: ms(median(d)) },
      },
      turn_overhead_ratio: {
        value: Number(median(ratios).toFixed(3)),
        unit: `x of claude alone (median of ${runs} ratios: a sidecar turn / the mean of the direct turns around it)`,
      },
      turn_overhead_ms: { value: ms(median(s) - median(d)), unit: "ms (sidecar median minus direct median)" },
      ...(Number.isNaN(sidecarCpu)
        ? {}
        : { turn_sidecar_cpu_ms: { value: Number((sidecarCpu / runs).toFixed(1)), unit: "ms CPU of the sidecar process per turn (whole turn, user + system, /proc)" } }),
      turn_load_average: { value: Number(loadavg()[0]!.toFixed(1)), unit: "runnable (1 min, at the end)" },
    };
  } finally {
    await direct?.end(5_000).catch(() => undefined);
    await bare?.end(5_000).catch(() => undefined);
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
  private constructor(
    private readonly ws: WebSocket,
    /** Where the sidecar listens, and its token (the direct claude's MCP config points there too). */
    readonly port: number,
    readonly token: string,
  ) {
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
    await new Promise((r, j) => {
      ws.once("open", r);
      ws.once("error", j);
    });
    const c = new PanelClient(ws, descriptor.port, descriptor.token);
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
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ ...frame, id }));
    });
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

/** CPU time (user + system) of a process in ms from /proc, NaN where there is none (not Linux). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms (USER_HZ)
  } catch {
    return Number.NaN;
  }
}

/** The median, unrounded: callers round for display (the ratio needs its third digit against 1.05). */
function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function ms(x: number): number {
  return Number(x.toFixed(1));
}
