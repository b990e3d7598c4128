import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeProjectDir } from "../sidecar/src/history/paths.js";
import { generateCorpus } from "./history-corpus.js";
import { quick } from "./options.js";
import { agentSdkLister, pythonSdkLister, type PeerLister } from "./peer-sdk.js";
import { dropPageCache, type DropResult } from "./page-cache.js";
import type { Figure } from "./report.js";

// Whole-process start-up of the bundled command, as a user or Unity runs it: `--version` beside a
// bare `node -e 0` on the same machine (interleaved, median), and `sessions` on a project with a
// warm index cache, and with none and the transcripts evicted from the page cache (page-cache.ts), the
// cold one also on the pinned Node LTS (scripts/node-pinned.sh). (`serve` to descriptor and idle memory are in the bridge group.)

const root = join(import.meta.dirname, "..");
const bundle = join(root, "dist", "agent-panel.mjs");

/** Run the start-up benchmarks (the bundle must be built). */
export async function benchStartup(): Promise<Record<string, Figure>> {
  if (!existsSync(bundle)) throw new Error("Build first: node esbuild.config.mjs");
  const runs = quick ? 3 : 9;
  const bare: number[] = [];
  const version: number[] = [];
  // Every process gets the same minimal environment: the caller's can change node's own start-up
  // (NODE_EXTRA_CA_CERTS alone adds some 45 ms on a machine with a big CA bundle).
  const env = { PATH: process.env.PATH ?? "" };
  for (let i = 0; i < runs; i++) {
    bare.push(timed(process.execPath, ["-e", "0"], env));
    version.push(timed(process.execPath, [bundle, "--version"], env));
  }
  const sessions = await sessionsWholeProcess(quick ? 40 : 2000, runs);
  const bareMs = median(bare);
  if (!sessions.drop.dropped) console.log(`  cold-cache listing: ${sessions.drop.how}; the figure below read the files from memory`);
  const [first, ...others] = sessions.peers;
  return {
    node_bare_start_ms: { value: bareMs, unit: "ms (node -e 0, median)" },
    version_whole_process_ms: { value: median(version), unit: "ms (agent-panel --version, median)", vs: { what: "bare node (node -e 0)", value: bareMs } },
    sessions_warm_whole_process_ms: {
      value: sessions.ms,
      unit: `ms (agent-panel sessions --json, ${sessions.count} sessions, index cache written, files in the page cache; median)`,
      ...(first ? { vs: { what: first.what, value: first.warmMs } } : { vs: { what: "the warm floor", value: sessions.floorMs } }),
    },
    sessions_no_index_warm_page_cache_ms: {
      value: sessions.noIndexMs,
      unit: "ms (the same with no index cache, files in the page cache)",
      ...(first ? { vs: { what: first.what, value: first.warmMs } } : {}),
    },
    sessions_cold_whole_process_ms: {
      value: sessions.coldMs,
      unit: `ms (the same with no index cache, ${sessions.drop.dropped ? "page cache dropped" : "page cache NOT dropped"} (${sessions.drop.how}${sessions.drop.residentPct !== undefined ? `, ${sessions.drop.residentPct} % still resident` : ""}), median of ${sessions.coldRuns})`,
      ...(first ? { vs: { what: first.what, value: first.coldMs } } : { vs: { what: "the cold read floor", value: sessions.readFloorMs } }),
    },
    ...(sessions.coldLts
      ? {
          sessions_cold_whole_process_lts_ms: {
            value: sessions.coldLts.ms,
            unit: `ms (the same cold listing on Node ${sessions.coldLts.version}, interleaved with the runs above: median of ${sessions.coldRuns})`,
            ...(first ? { vs: { what: first.what, value: first.coldMs } } : {}),
          },
        }
      : {}),
    sessions_cold_read_floor_ms: {
      value: sessions.readFloorMs,
      unit: `ms (a bare node process that only reads the windows a listing needs of the ${sessions.count} transcripts after the same eviction, nothing parsed: what the disk alone costs; median)`,
    },
    sessions_one_changed_whole_process_ms: {
      value: sessions.oneChangedMs,
      unit: "ms (warm, with one transcript appended to before each run, as while a session is in progress; median)",
      vs: { what: "the warm floor", value: sessions.floorMs },
    },
    sessions_warm_floor_ms: {
      value: sessions.floorMs,
      unit: `ms (a bare node process doing only what any checked listing must: read the ${sessions.count} names, stat each transcript, read the cache file; median)`,
    },
    ...Object.fromEntries(others.flatMap((p) => peerFigures(p, sessions))),
  };
}

/**
 * `sessions --json` in a fresh process on a generated project: with no index cache and the
 * transcripts evicted from the page cache (as after a reboot), with no index cache but the files in
 * memory, and with the index cache written (warm).
 */
async function sessionsWholeProcess(
  count: number,
  runs: number,
): Promise<{
  ms: number;
  coldMs: number;
  coldLts?: { ms: number; version: string };
  readFloorMs: number;
  noIndexMs: number;
  floorMs: number;
  oneChangedMs: number;
  coldRuns: number;
  count: number;
  drop: DropResult;
  peers: PeerTimes[];
}> {
  const home = mkdtempSync(join(tmpdir(), "ap-bench-start-"));
  try {
    const project = join(home, "Game");
    mkdirSync(join(project, "Assets"), { recursive: true });
    const dir = join(home, ".claude", "projects", encodeProjectDir(project));
    mkdirSync(dir, { recursive: true });
    generateCorpus(dir, count, 0);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(dir, f));
    // Written a day before, as transcripts are after a reboot (a listing reads files written in the
    // last 30 s through the page cache: their pages may not be on the disk yet).
    const dayAgo = new Date(Date.now() - 86_400_000);
    for (const f of files) utimesSync(f, dayAgo, dayAgo);
    const state = join(home, ".local", "share");
    const env = { PATH: process.env.PATH ?? "", HOME: home, XDG_DATA_HOME: state };
    const args = [bundle, "sessions", "--project", project, "--json"];
    // The disk's speed here changes within minutes: five interleaved runs, the median reported.
    const coldRuns = quick ? 1 : 5;
    const cold: number[] = [];
    const coldLts: number[] = [];
    const lts = ltsNode();
    let drop: DropResult = { dropped: false, how: "not tried" };
    const readFloor: number[] = [];
    const peers = [agentSdkLister(), pythonSdkLister()].filter((p) => p !== undefined).map((p) => ({ ...p, cold: [] as number[], warm: [] as number[] }));
    const runPeer = (p: PeerLister) => timed(p.cmd, [...p.args, project], { ...env, ...p.env });
    for (const p of peers) checkPeerLists(p, project, env, count);
    for (let i = 0; i < coldRuns; i++) {
      rmSync(state, { recursive: true, force: true });
      drop = dropPageCache(files);
      cold.push(timed(process.execPath, args, env));
      dropPageCache(files);
      readFloor.push(timed(process.execPath, ["-e", READ_FLOOR, dir + "/"], env));
      for (const p of peers) {
        dropPageCache(files);
        p.cold.push(runPeer(p));
      }
      if (!lts) continue;
      rmSync(state, { recursive: true, force: true });
      dropPageCache(files);
      coldLts.push(timed(lts.path, args, env));
    }
    // The cold listing read past the page cache, so nothing it read is cached: bring every
    // transcript into memory for the runs that say they read from it.
    for (const f of files) readFileSync(f);
    const noIndex: number[] = [];
    for (let i = 0; i < coldRuns; i++) {
      rmSync(state, { recursive: true, force: true });
      noIndex.push(timed(process.execPath, args, env));
      for (const p of peers) p.warm.push(runPeer(p));
    }
    const times: number[] = [];
    const floor: number[] = [];
    const cacheDir = join(state, "AgentPanel", "cache");
    for (let i = 0; i < runs; i++) {
      times.push(timed(process.execPath, args, env)); // the last no-index run wrote the cache
      floor.push(timed(process.execPath, ["-e", FLOOR, dir + "/", cacheDir], env));
    }
    // A session in progress: one transcript grows between runs (by a copy of its own last line).
    const oneChanged: number[] = [];
    const growing = files[0]!;
    const line = readFileSync(growing, "utf8").trimEnd().split("\n").at(-1)!;
    for (let i = 0; i < runs; i++) {
      appendFileSync(growing, line + "\n");
      oneChanged.push(timed(process.execPath, args, env));
    }
    return {
      ms: median(times),
      oneChangedMs: median(oneChanged),
      coldMs: median(cold),
      ...(lts ? { coldLts: { ms: median(coldLts), version: lts.version } } : {}),
      readFloorMs: median(readFloor),
      noIndexMs: median(noIndex),
      floorMs: median(floor),
      coldRuns,
      count,
      drop,
      peers: peers.map((p) => ({ key: p.key, what: p.what, coldMs: median(p.cold), warmMs: median(p.warm) })),
    };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** One peer's medians: with the page cache dropped, and with the files in it. */
interface PeerTimes {
  key: string;
  what: string;
  coldMs: number;
  warmMs: number;
}

/** Refuse to compare with a peer that did not list the same sessions (an SDK change could make it read nothing). */
function checkPeerLists(peer: PeerLister, project: string, env: NodeJS.ProcessEnv, count: number): void {
  const out = execFileSync(peer.cmd, [...peer.args, project], { env: { ...env, ...peer.env }, encoding: "utf8", maxBuffer: 256 << 20 });
  const listed = (JSON.parse(out) as unknown[]).length;
  if (listed !== count) throw new Error(`${peer.what} listed ${listed} of the ${count} sessions: the comparison would be meaningless.`);
}

/** The three listings again beside a further peer (the first peer's figures are the main ones). */
function peerFigures(p: PeerTimes, s: { ms: number; noIndexMs: number; coldMs: number }): Array<[string, Figure]> {
  const { key } = p;
  return [
    [`sessions_warm_vs_${key}_ms`, { value: s.ms, unit: "ms (the warm listing above)", vs: { what: p.what, value: p.warmMs } }],
    [`sessions_no_index_vs_${key}_ms`, { value: s.noIndexMs, unit: "ms (the listing with no index cache above)", vs: { what: p.what, value: p.warmMs } }],
    [`sessions_cold_vs_${key}_ms`, { value: s.coldMs, unit: "ms (the cold listing above)", vs: { what: `${p.what}, page cache dropped`, value: p.coldMs } }],
  ];
}

/** The disk's share of a cold listing (argv: transcript dir with a trailing slash): the windows read, 32 files at a time. */
const READ_FLOOR = `const fs = require("fs"); const dir = process.argv[1];
const names = fs.readdirSync(dir).filter((n) => n.endsWith(".jsonl")); let next = 0;
const read = (fd, len, pos) => new Promise((ok, no) => fs.read(fd, Buffer.allocUnsafe(len), 0, len, pos, (e, n) => (e ? no(e) : ok(n))));
const lane = async () => { while (next < names.length) { const p = dir + names[next++]; const size = fs.statSync(p).size; const fd = fs.openSync(p, "r");
  try { await Promise.all(size <= 131072 ? [read(fd, size, 0)] : [read(fd, 16384, 0), read(fd, 65536, size - 65536)]); } finally { fs.closeSync(fd); } } };
Promise.all(Array.from({ length: 32 }, lane));`;

/** The least a checked listing does (argv: transcript dir with a trailing slash, cache dir): no parsing, no output. */
const FLOOR = `const fs = require("fs"); const [dir, cache] = process.argv.slice(1);
for (const n of fs.readdirSync(dir)) if (n.endsWith(".jsonl")) fs.statSync(dir + n);
for (const n of fs.readdirSync(cache)) fs.readFileSync(cache + "/" + n);`;

/** The pinned Node LTS of scripts/node-pinned.sh (installed into .tmp/tools on first use), or undefined where it cannot be had. */
function ltsNode(): { path: string; version: string } | undefined {
  try {
    const path = join(root, execFileSync("bash", [join(root, "scripts", "node-pinned.sh"), "24"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { path, version: execFileSync(path, ["--version"], { encoding: "utf8" }).trim().replace(/^v/, "") };
  } catch {
    console.log("  the Node LTS could not be installed (scripts/node-pinned.sh): the cold listing is measured on this node only");
    return undefined;
  }
}

function timed(cmd: string, args: string[], env?: NodeJS.ProcessEnv): number {
  const t0 = performance.now();
  execFileSync(cmd, args, { env, stdio: "ignore", maxBuffer: 64 << 20 });
  return performance.now() - t0;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.floor(s.length / 2)]!);
}

function round(n: number, digits = 1): number {
  return Number(n.toFixed(digits));
}
