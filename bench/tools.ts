import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { setMaxListeners } from "node:events";
import { Agent, request } from "node:http";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { quick, spawnTracked } from "./options.js";
import type { Figure } from "./report.js";
import { inProcessCallMs } from "./tools-floor.js";
import { BENCH_ECHO } from "./ws-tool-provider.js";

// MCP tools/call round trip as a real setup runs it: the official SDK client over Streamable HTTP
// → the bundled sidecar's /mcp (a separate process; token checked, arguments validated) → a tool
// provider on its own WebSocket speaking the tools.* frames as the Unity Editor does
// (ws-tool-provider.ts, in a process of its own like the Editor) → back. p50/p99 of sequential calls after a warm-up, then 1,000
// concurrent calls, each with a unique argument: every call must be answered exactly once, with
// its own argument, and reach the provider exactly once.

const bundle = join(import.meta.dirname, "..", "dist", "agent-panel.mjs");
const providerScript = join(import.meta.dirname, "ws-tool-provider.ts");

/** Run the tools benchmark against a fresh sidecar. */
export async function benchTools(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const home = mkdtempSync(join(tmpdir(), "ap-bench-tools-"));
  const project = join(home, "Game");
  mkdirSync(project);
  const child = spawnTracked(process.execPath, [bundle, "serve", "--project", project], { env: { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: "" }, stdio: "ignore" });
  const client = new Client({ name: "bench", version: "1" });
  let provider: ChildProcess | undefined;
  try {
    const d = await descriptor(join(home, ".local", "share", "AgentPanel"));
    provider = spawnTracked(process.execPath, ["--import", "tsx", providerScript], {
      env: { PATH: process.env.PATH ?? "", AP_BENCH_PORT: String(d.port), AP_BENCH_TOKEN: d.token },
      stdio: ["pipe", "pipe", "inherit"],
    });
    const replies = createInterface({ input: provider.stdout! })[Symbol.asyncIterator]();
    if ((await replies.next()).value !== "ready") throw new Error("the benchmark tool provider did not connect");
    // 32 sockets: the sidecar lets at most 32 connections wait for their first request with the
    // token (conn-guard.ts); a client opening more in one instant may have the oldest dropped.
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${d.port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${d.token}` } }, fetch: pooledFetch(32) }));
    const echo = async (text: string): Promise<string | undefined> => {
      const r = await client.callTool({ name: BENCH_ECHO.name, arguments: { text } });
      return (r.content as { text?: string }[])[0]?.text;
    };
    for (let i = 0; i < (quick ? 100 : 500); i++) await echo(`warm${i}`);
    const times: number[] = [];
    const load = loadavg()[0]!;
    const cpu0 = cpuMs(child.pid);
    for (let i = 0; i < (quick ? 200 : 5000); i++) {
      const t0 = performance.now();
      const answer = await echo(`s${i}`);
      times.push(performance.now() - t0);
      if (answer !== `s${i}`) throw new Error(`call ${i} answered ${JSON.stringify(answer)}`);
    }
    const cpu1 = cpuMs(child.pid);
    const floorMs = await inProcessCallMs(quick ? 200 : 5000, quick ? 100 : 500);
    times.sort((a, b) => a - b);
    const concurrent = 1000;
    const t0 = performance.now();
    const answers = await Promise.all(
      Array.from({ length: concurrent }, (_, i) =>
        echo(`c${i}`).then(
          (a) => a === `c${i}`,
          () => false,
        ),
      ),
    );
    const wallMs = performance.now() - t0;
    const ownAnswer = answers.filter(Boolean).length;
    provider.stdin!.write("seen c\n");
    const seen = JSON.parse(String((await replies.next()).value)) as Record<string, number>;
    let reachedOnce = 0;
    for (let i = 0; i < concurrent; i++) if (seen[`c${i}`] === 1) reachedOnce++;
    const exact = ownAnswer === concurrent && reachedOnce === concurrent;
    return {
      tools_call_p50_ms: {
        value: round(pct(times, 0.5)),
        unit: `ms (MCP client → sidecar /mcp → provider over the WebSocket → back, ${times.length} sequential calls)`,
        vs: { what: "an in-process SDK call (client and server in one process)", value: floorMs },
      },
      tools_call_p99_ms: { value: round(pct(times, 0.99)), unit: `ms (1-min load average ${load.toFixed(1)} on ${cpus().length} cores when measured)` },
      ...(cpu0 !== undefined && cpu1 !== undefined ? { tools_call_sidecar_cpu_ms: { value: round((cpu1 - cpu0) / times.length), unit: "ms of sidecar CPU per sequential call (user + system)" } } : {}),
      tools_concurrent_1000_answered: {
        value: Math.min(ownAnswer, reachedOnce),
        unit: `of ${concurrent} concurrent calls answered with their own argument and run exactly once (client pool of 32 connections)${exact ? "" : ` — LOST OR DUPLICATED: ${ownAnswer} answered, ${reachedOnce} reached the provider once`}`,
      },
      tools_concurrent_1000_wall_ms: { value: Math.round(wallMs), unit: "ms (all 1,000 answered)" },
    };
  } finally {
    await client.close().catch(() => {});
    provider?.stdin?.end();
    if (provider && provider.exitCode === null) await new Promise((r) => provider!.once("exit", r));
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}

/** fetch over node:http with at most `sockets` connections (the sidecar caps open connections at
 *  128; a client with 1,000 calls in flight queues them on its pool, as browsers and HTTP clients do). */
export function pooledFetch(sockets: number): typeof fetch {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const raised = new WeakSet<AbortSignal>();
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === "string" ? init.body : undefined;
    const signal = init?.signal ?? undefined;
    // The SDK transport passes one AbortSignal (its own, aborted on close) to every request, so
    // it legitimately has one listener per request in flight: 1,000 here. Node's fetch raises the
    // same limit on the signals it is given; each listener is removed when its request ends.
    if (signal && !raised.has(signal)) {
      raised.add(signal);
      setMaxListeners(2000, signal);
    }
    return new Promise<Response>((resolve, reject) => {
      const req = request(url, { method: init?.method ?? "GET", headers, agent }, (res) => {
        res.once("close", unlisten);
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        const status = res.statusCode ?? 500;
        const empty = status === 202 || status === 204;
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, headers: h }));
      });
      const onAbort = (): void => void req.destroy(new Error("aborted"));
      function unlisten(): void {
        signal?.removeEventListener("abort", onAbort);
      }
      req.on("error", (err) => {
        unlisten();
        reject(err);
      });
      signal?.addEventListener("abort", onAbort, { once: true });
      req.end(body);
    });
  }) as typeof fetch;
}

/** The descriptor (port, token) a sidecar started with HOME under `dir`'s home wrote, once it is there. */
export async function descriptor(dir: string): Promise<{ port: number; token: string }> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const file = existsSync(dir) ? readdirSync(dir).find((f) => /^[0-9a-f]{16}\.json$/.test(f)) : undefined;
    if (file) return JSON.parse(readFileSync(join(dir, file), "utf8"));
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the sidecar did not write its descriptor");
}

/** CPU time a process has used (Linux /proc, in clock ticks of 10 ms); undefined elsewhere. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
