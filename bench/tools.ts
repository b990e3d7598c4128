import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { Readable } from "node:stream";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { quick, spawnTracked } from "./options.js";
import type { Figure } from "./report.js";

// MCP tools/call round trip: the official SDK client → the bundled sidecar's /mcp (a separate
// process, token checked, arguments validated) → the test provider (--test-tools, in the sidecar's
// process) → back. p50/p99 of sequential calls, then 1,000 concurrent calls of a counter tool:
// every call must be answered exactly once (the answers are exactly the counts 1…1000).

const bundle = join(import.meta.dirname, "..", "dist", "agent-panel.mjs");

/** Run the tools benchmark against a fresh sidecar. */
export async function benchTools(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const home = mkdtempSync(join(tmpdir(), "ap-bench-tools-"));
  const project = join(home, "Game");
  mkdirSync(project);
  const child = spawnTracked(process.execPath, [bundle, "serve", "--project", project, "--test-tools"], { env: { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: "" }, stdio: "ignore" });
  const client = new Client({ name: "bench", version: "1" });
  try {
    const d = await descriptor(join(home, ".local", "share", "AgentPanel"));
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${d.port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${d.token}` } }, fetch: pooledFetch(64) }));
    for (let i = 0; i < 200; i++) await client.callTool({ name: "test_echo", arguments: { text: "warm" } });
    const times: number[] = [];
    for (let i = 0; i < (quick ? 200 : 2000); i++) {
      const t0 = performance.now();
      const r = await client.callTool({ name: "test_echo", arguments: { text: `n${i}` } });
      times.push(performance.now() - t0);
      if ((r.content as { text?: string }[])[0]?.text !== `n${i}`) throw new Error(`call ${i} answered ${JSON.stringify(r.content)}`);
    }
    times.sort((a, b) => a - b);
    const concurrent = 1000;
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: concurrent }, () => client.callTool({ name: "test_increment", arguments: {} }).then((r) => (r.structuredContent as { value: number }).value)));
    const wallMs = performance.now() - t0;
    const distinct = new Set(answers);
    const allOnce = answers.length === concurrent && distinct.size === concurrent && Math.min(...answers) === 1 && Math.max(...answers) === concurrent;
    return {
      tools_call_p50_ms: { value: round(pct(times, 0.5)), unit: "ms (MCP client → sidecar /mcp → test provider → back, sequential)" },
      tools_call_p99_ms: { value: round(pct(times, 0.99)), unit: "ms", target: "<= 5" },
      tools_concurrent_1000_answered: { value: distinct.size, unit: `of ${concurrent} concurrent calls (client pool of 64 connections) answered exactly once${allOnce ? "" : " — LOST OR DUPLICATED"}`, target: "= 1000" },
      tools_concurrent_1000_wall_ms: { value: Math.round(wallMs), unit: "ms (all 1,000 answered)" },
    };
  } finally {
    await client.close().catch(() => {});
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(home, { recursive: true, force: true });
  }
}

/** fetch over node:http with at most `sockets` connections (the sidecar caps open connections at
 *  128; a client with 1,000 calls in flight queues them on its pool, as browsers and HTTP clients do). */
function pooledFetch(sockets: number): typeof fetch {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === "string" ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = request(url, { method: init?.method ?? "GET", headers, agent }, (res) => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        const status = res.statusCode ?? 500;
        const empty = status === 202 || status === 204;
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream), { status, headers: h }));
      });
      req.on("error", reject);
      init?.signal?.addEventListener("abort", () => req.destroy(new Error("aborted")), { once: true });
      req.end(body);
    });
  }) as typeof fetch;
}

async function descriptor(dir: string): Promise<{ port: number; token: string }> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const file = existsSync(dir) ? readdirSync(dir).find((f) => /^[0-9a-f]{16}\.json$/.test(f)) : undefined;
    if (file) return JSON.parse(readFileSync(join(dir, file), "utf8"));
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the sidecar did not write its descriptor");
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
