import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { HistoryFs, ReadRange } from "../../src/history/fsio.js";
import { drainScans, SLOW_READ_MS, type ScanJob, type ScanOutcome } from "../../src/history/scan-queue.js";
import { copyOfGameDir, countingFs } from "./helpers.js";

// The scan loop's choice between synchronous reads (page cache) and parallel ones (disk): only
// the reads' own time counts, three slow scans in four mean the disk, and disk reads go past the
// page cache when the file system offers it.

/**
 * The transcripts of `dir` as jobs, written an hour ago (as after a reboot) unless `mtimeMs` says
 * otherwise. Their bytes are kept in memory: fsWith's synchronous reads copy from there, so a
 * "fast" read stays fast on a busy machine and only the delays a test adds are slow.
 */
function jobsOf(dir: string, mtimeMs = Date.now() - 3_600_000): ScanJob[] {
  const names = readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  for (const n of names) inMemory.set(join(dir, n), readFileSync(join(dir, n)));
  return names.map((n) => ({ path: join(dir, n), size: statSync(join(dir, n)).size, mtimeMs }));
}

const inMemory = new Map<string, Buffer>();

/** A synchronous read of ranges from the bytes jobsOf kept, as readRangesSync reports it (short at the end). */
function readKept(bytes: Buffer, ranges: ReadRange[]): number[] {
  return ranges.map((r) => (r.length > 0 ? bytes.copy(r.into, 0, Math.min(r.position, bytes.length), Math.min(r.position + r.length, bytes.length)) : 0));
}

/** The test's clock: reads and scans take the time the tests say, whatever the machine's load. */
let clock = 0;
function spin(ms: number): void {
  clock += ms;
}

/** A file system whose synchronous reads take `slow(i)` extra milliseconds, counting each kind of read. */
function fsWith(slow: (i: number) => number): HistoryFs & { sync: number; parallel: number; most: number } {
  const base = countingFs();
  let inFlight = 0;
  const out = {
    ...base,
    sync: 0,
    parallel: 0,
    most: 0,
    readRangesSync: (path: string, ranges: ReadRange[]) => {
      spin(slow(out.sync++));
      const kept = inMemory.get(path);
      return kept ? readKept(kept, ranges) : base.readRangesSync(path, ranges);
    },
    readRanges: async (path: string, ranges: ReadRange[]) => {
      out.parallel++;
      out.most = Math.max(out.most, ++inFlight);
      await new Promise((r) => setTimeout(r, 2));
      try {
        return await base.readRanges(path, ranges);
      } finally {
        inFlight--;
      }
    },
  };
  return out;
}

async function drain(fs: HistoryFs, jobs: ScanJob[], opts: { parallel?: number; between?: () => void } = {}): Promise<Map<number, ScanOutcome>> {
  const got = new Map<number, ScanOutcome>();
  await drainScans(fs, jobs, (i, o) => (opts.between?.(), got.set(i, o)), { sliceMs: 8, parallel: opts.parallel ?? 4, spare: [], keep: 0, now: () => clock });
  return got;
}

describe("drainScans", () => {
  it("stays synchronous when the scans are slow but their reads are fast (a fresh process, a busy CPU)", async () => {
    const jobs = jobsOf(copyOfGameDir());
    const fs = fsWith(() => 0);
    const got = await drain(fs, jobs, { between: () => spin(4 * SLOW_READ_MS) });
    expect(got.size).toBe(jobs.length);
    expect(fs.sync).toBe(jobs.length);
    expect(fs.parallel).toBe(0);
  });

  it("stays synchronous when one read in four is slow (the thread was preempted now and then)", async () => {
    const jobs = jobsOf(copyOfGameDir());
    const fs = fsWith((i) => (i % 4 === 1 ? 2 * SLOW_READ_MS : 0));
    await drain(fs, jobs);
    expect(fs.parallel).toBe(0);
  });

  it("switches to parallel reads, bounded, after three slow reads in four, with the same outcomes", async () => {
    const jobs = jobsOf(copyOfGameDir());
    const plain = fsWith(() => 2 * SLOW_READ_MS);
    const a = await drain(plain, jobs, { parallel: 4 });
    expect(plain.sync).toBe(3);
    expect(plain.parallel).toBe(jobs.length - 3);
    expect(plain.most).toBeGreaterThan(1);
    expect(plain.most).toBeLessThanOrEqual(4);
    const fast = fsWith(() => 0);
    const b = await drain(fast, jobs, { parallel: 4 });
    expect([...b.entries()].sort((x, y) => x[0] - y[0])).toEqual([...a.entries()].sort((x, y) => x[0] - y[0]));
    expect([...a.values()].every((o) => o.scan !== undefined)).toBe(true);
  });

  it("reports a file that cannot be read as an outcome and goes on", async () => {
    const dir = copyOfGameDir();
    const jobs = [{ path: join(dir, "gone.jsonl"), size: 10, mtimeMs: 0 }, ...jobsOf(dir)];
    const got = await drain(
      fsWith(() => 0),
      jobs,
    );
    expect(got.get(0)?.error).toMatch(/ENOENT/);
    expect(got.size).toBe(jobs.length);
    expect([...got.values()].filter((o) => o.error !== undefined)).toHaveLength(1);
  });
});
