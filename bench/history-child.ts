import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { SessionIndex } from "../sidecar/src/history/list.js";
import { loadTranscript } from "../sidecar/src/history/transcript.js";

// One measured step of the history benchmark, run in its own process (bundled, plain node) so
// that its peak RSS is its own: `list <dir> <stateDir>` (the list from the persisted cache at once,
// `firstMs`; then the checked list, `ms`; then a second checked list in the same process, `againMs`),
// `open <file>` or `naive <dir>`. Prints one JSON line: times (from the step's start) and peak RSS.

const [mode, a, b] = process.argv.slice(2);
const t0 = performance.now();
let detail: Record<string, unknown> = {};
if (mode === "list") {
  const index = new SessionIndex(a!, { stateDir: b! });
  const early = index.cachedList(); // what the panel shows at once (undefined on a cold run)
  const firstMs = early ? performance.now() - t0 : undefined;
  const list = await index.list();
  const again = performance.now();
  await index.list(); // what the sidecar does on every refresh: cache in memory, files unchanged
  detail = { sessions: list.sessions.length, scanned: list.scanned, cached: list.cached, firstMs, firstSessions: early?.sessions.length, againMs: performance.now() - again };
} else if (mode === "open") {
  const page = await loadTranscript(a!);
  detail = { events: page.events.length, turns: page.turns, bytes: page.end - page.start };
} else if (mode === "naive") {
  // The baseline: what a simple implementation does, read and parse every line of every file.
  let lines = 0;
  for (const name of readdirSync(a!)) {
    if (!name.endsWith(".jsonl")) continue;
    for (const line of readFileSync(join(a!, name), "utf8").split("\n")) {
      if (line === "") continue;
      JSON.parse(line);
      lines++;
    }
  }
  detail = { lines };
} else {
  throw new Error(`unknown mode ${mode}`);
}
const ms = performance.now() - t0 - (typeof detail.againMs === "number" ? detail.againMs : 0);
console.log(JSON.stringify({ ms, rssMb: peakRssMb(), ...detail }));

/**
 * This process's peak RSS. On Linux getrusage's maxRSS starts from the parent's RSS when the child
 * was spawned (exec keeps the forked memory's high-water mark), so after a benchmark group that
 * grew the parent the figure was the parent's (155 MB instead of about 80 in full runs); the
 * kernel's VmHWM is the peak of this process's own memory. Elsewhere maxRSS is what there is.
 */
function peakRssMb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}
