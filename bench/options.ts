import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { join } from "node:path";

// Options shared by every benchmark, and the one way benchmarks start child processes.
// `--quick` (or BENCH_QUICK=1): small sizes, figures printed (not comparable with a full run); CI
// runs it so a broken benchmark cannot land. Figures go to .tmp/, never into the repository. Children started through
// `spawnTracked` are killed when the benchmark process exits, however it exits.

/** True for the quick pass: small sizes, just proving every benchmark still runs. */
export const quick = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

/** Where a run's figures are merged: .tmp/bench-results.json, or .tmp/bench-quick.json for the quick pass. */
export const resultsFile = join(import.meta.dirname, "..", ".tmp", quick ? "bench-quick.json" : "bench-results.json");

const children = new Set<ChildProcess>();

/** Spawn a child that is killed (SIGKILL) if the benchmark exits before it does. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, options);
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Kill every child still running (sidecars, fake claudes); safe to call more than once. */
export function killTracked(): void {
  for (const child of children) {
    try {
      if (child.pid !== undefined) process.kill(child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
}

process.once("exit", killTracked);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    killTracked();
    process.exit(130);
  });
