import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { killTracked, spawnTracked } from "./options.js";
import { descriptor, pooledFetch } from "./tools.js";
import { BENCH_ECHO } from "./ws-tool-provider.js";

// Where the tools round trip's time goes (a diagnostic beside `bench/run.ts tools`, same setup:
// the SDK client here → the bundled sidecar's /mcp → the provider process over the WebSocket).
// bench/trace-tap.mjs is preloaded into all three processes; every call is followed through nine
// stages on the machine's shared monotonic clock, and the slowest 1% are set against each
// process's GC pauses and an idle probe process (a 1 ms timer loop) that shows how late the
// machine wakes a process that has nothing to do.
//   npx tsx bench/tools-trace.ts [--calls 5000] [--sidecar-flags "--max-semi-space-size=32"] [--bundle other/agent-panel.mjs]
//     [--sidecar-log file] (the sidecar's stdout, e.g. for --sidecar-flags "--trace-gc --trace-gc-nvp")

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const calls = Number(arg("--calls") ?? 5000);
const sidecarFlags = (arg("--sidecar-flags") ?? "").split(" ").filter(Boolean);
const bundle = arg("--bundle") ?? join(import.meta.dirname, "..", "dist", "agent-panel.mjs");
const tap = pathToFileURL(join(import.meta.dirname, "trace-tap.mjs")).href;
type Event = [number, string, number, string];

// The idle probe: a 1 ms timer loop that records each wake-up more than 0.3 ms late ([when, µs late]).
const PROBE = `
const events = []; const now = () => Number(process.hrtime.bigint() / 1000n); let last = now();
const tick = () => { const t = now(); if (t - last > 1300) events.push([last, t - last - 1000]); last = t; setTimeout(tick, 1); };
setTimeout(tick, 1);
process.on("SIGTERM", () => { require("fs").writeFileSync(process.env.AP_TRACE_OUT, JSON.stringify(events)); process.exit(0); });`;

if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
await import(tap);
const trace = (globalThis as unknown as { __apTrace: { mark(kind: string, m: string): void; events: Event[] } }).__apTrace;
const home = mkdtempSync(join(tmpdir(), "ap-tools-trace-"));
const out = (name: string): string => join(home, `${name}.json`);
const project = join(home, "Game");
mkdirSync(project);
const probe = spawnTracked(process.execPath, ["-e", PROBE], { env: { AP_TRACE_OUT: out("probe") }, stdio: "ignore" });
const sidecar = spawnTracked(process.execPath, [...sidecarFlags, "--import", tap, bundle, "serve", "--project", project], {
  env: { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: "", AP_TRACE_OUT: out("sidecar") },
  stdio: ["ignore", arg("--sidecar-log") ? openSync(arg("--sidecar-log")!, "w") : "ignore", "ignore"],
});
const client = new Client({ name: "bench-trace", version: "1" });
let provider: ChildProcess | undefined;
const load = loadavg()[0]!;
try {
  const d = await descriptor(join(home, ".local", "share", "AgentPanel"));
  provider = spawnTracked(process.execPath, ["--import", tap, "--import", "tsx", join(import.meta.dirname, "ws-tool-provider.ts")], {
    env: { PATH: process.env.PATH ?? "", AP_BENCH_PORT: String(d.port), AP_BENCH_TOKEN: d.token, AP_TRACE_OUT: out("provider") },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const replies = createInterface({ input: provider.stdout! })[Symbol.asyncIterator]();
  if ((await replies.next()).value !== "ready") throw new Error("the benchmark tool provider did not connect");
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${d.port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${d.token}` } }, fetch: pooledFetch(64) }));
  const echo = async (text: string): Promise<unknown> => (await client.callTool({ name: BENCH_ECHO.name, arguments: { text } })).content;
  for (let i = 0; i < 500; i++) await echo(`warm${i}`);
  for (let i = 0; i < calls; i++) {
    trace.mark("start", `s${i}`);
    await echo(`s${i}`);
    trace.mark("end", `s${i}`);
  }
} finally {
  await client.close().catch(() => {});
  provider?.stdin?.end();
  for (const child of [provider, sidecar, probe]) {
    if (!child || child.exitCode !== null) continue;
    if (child !== provider) child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  killTracked();
}
const read = (name: string): Event[] => JSON.parse(readFileSync(out(name), "utf8"));
report(trace.events, read("sidecar"), read("provider"), read("probe") as unknown as [number, number][]);
rmSync(home, { recursive: true, force: true });

/** Per-stage figures over all calls, and what the slowest 1% coincided with. */
function report(clientEvents: Event[], sidecarEvents: Event[], providerEvents: Event[], late: [number, number][]): void {
  const byCall = new Map<string, Record<string, number>>();
  const at = (m: string): Record<string, number> => byCall.get(m) ?? (byCall.set(m, {}), byCall.get(m)!);
  const first = (c: Record<string, number>, k: string, t: number): void => void (c[k] ??= t);
  for (const [t, kind, , m] of clientEvents) {
    if (!/^s\d+$/.test(m)) continue;
    first(at(m), { start: "start", end: "end", w: "clientOut", r: "clientIn" }[kind] ?? kind, t);
  }
  // The sidecar: the request start before the call's invoke frame, that frame, the next read on the
  // provider's socket (its result; masked, so found by order), the HTTP answer carrying the marker.
  let request = 0;
  let providerSocket = -1;
  let current: Record<string, number> | undefined;
  for (const [t, kind, socket, m] of sidecarEvents) {
    if (kind === "req" && m === "POST") request = t;
    else if (kind === "w" && /^s\d+$/.test(m)) {
      const c = at(m);
      if (c.invokeOut === undefined) [c.requestIn, c.invokeOut, providerSocket, current] = [request, t, socket, c];
      else if (socket !== providerSocket) first(c, "answerOut", t);
    } else if (kind === "r" && socket === providerSocket && current) first(current, "resultIn", t);
  }
  for (const [t, kind, , m] of providerEvents) {
    if (kind === "r" && /^s\d+$/.test(m)) first((current = at(m)), "providerIn", t);
    else if (kind === "w" && current) first(current, "providerOut", t);
  }
  const stages: [string, string, string][] = [
    ["start", "clientOut", "client: callTool → request written"],
    ["clientOut", "requestIn", "wake: → sidecar has the request"],
    ["requestIn", "invokeOut", "sidecar: request → tool.invoke written"],
    ["invokeOut", "providerIn", "wake: → provider has tool.invoke"],
    ["providerIn", "providerOut", "provider: → tool.result written"],
    ["providerOut", "resultIn", "wake: → sidecar has tool.result"],
    ["resultIn", "answerOut", "sidecar: → HTTP answer written"],
    ["answerOut", "clientIn", "wake: → client has the answer"],
    ["clientIn", "end", "client: → callTool resolved"],
  ];
  const list = [...byCall.values()].filter((c) => stages.every(([a, b]) => c[a] !== undefined && c[b] !== undefined));
  if (list.length === 0) throw new Error("no call could be followed through all stages");
  const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
  const total = list.map((c) => c.end! - c.start!).sort((a, b) => a - b);
  const ms = (us: number): string => (us / 1000).toFixed(2);
  console.log(`${list.length} sequential calls, 1-min load ${load.toFixed(1)}: p50 ${ms(pct(total, 0.5))} ms, p90 ${ms(pct(total, 0.9))}, p99 ${ms(pct(total, 0.99))}, max ${ms(total.at(-1)!)}`);
  console.log("stage                                          p50 ms   p99 ms");
  for (const [a, b, name] of stages) {
    const d = list.map((c) => c[b]! - c[a]!).sort((x, y) => x - y);
    console.log(`${name.padEnd(46)} ${ms(pct(d, 0.5)).padStart(6)}   ${ms(pct(d, 0.99)).padStart(6)}`);
  }
  const from = list[0]!.start!;
  const to = list.at(-1)!.end!;
  const gcs = (events: Event[]): [number, number][] => events.filter((e) => e[1] === "gc" && e[0] >= from && e[0] <= to).map((e) => [e[0], e[2]]);
  const pauses = { sidecar: gcs(sidecarEvents), client: gcs(clientEvents), provider: gcs(providerEvents) };
  const slow = list.filter((c) => c.end! - c.start! >= pct(total, 0.99));
  const hit = (spans: [number, number][], c: Record<string, number>): boolean => spans.some(([t, d]) => t < c.end! && t + d > c.start!);
  const probeSpans = late.map(([t, lag]): [number, number] => [t, lag + 1000]);
  const parts = Object.entries(pauses).map(([name, spans]) => `${name} GC ${slow.filter((c) => hit(spans, c)).length}`);
  console.log(`slowest 1% (${slow.length} calls) overlapping: ${parts.join(", ")}, a late wake-up of the idle probe ${slow.filter((c) => hit(probeSpans, c)).length}`);
  for (const [name, spans] of Object.entries(pauses)) {
    const sum = spans.reduce((s, [, d]) => s + d, 0);
    console.log(`${name} GC: ${spans.length} pauses, ${ms(sum)} ms in all, longest ${ms(Math.max(0, ...spans.map(([, d]) => d)))} ms`);
  }
  const lags = late
    .filter(([t]) => t >= from && t <= to)
    .map(([, lag]) => lag)
    .sort((a, b) => a - b);
  console.log(`idle probe (1 ms timer): ${lags.length} wake-ups over 0.3 ms late, p99 of those ${ms(lags.length ? pct(lags, 0.99) : 0)} ms, ${lags.filter((l) => l > 2000).length} over 2 ms`);
}
