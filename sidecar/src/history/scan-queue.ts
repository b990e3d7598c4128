import type { HistoryFs } from "./fsio.js";
import { scanBuffers, scanTranscript, type ScanBuffers } from "./scan.js";
import type { ScanResult } from "./types.js";

// The loop that scans a listing's changed transcripts, in order. Files the page cache holds are read fastest synchronously, one after the other; when the reads of three of the last four scans were slower
// than SLOW_READ_MS the disk is what they wait for, and the rest are read several at a time. Only the reads are timed: a
// scan's own work is slow for a while in a fresh process (code not yet optimized, buffers' pages
// not yet touched), and a read now and then is slow when the thread was preempted.

/** One transcript to scan: where it is, and its size and modification time as stat saw them. */
export interface ScanJob {
  path: string;
  size: number;
  mtimeMs: number;
}

/** A scan's outcome: what the windows held, or why the file could not be read. */
export type ScanOutcome = { scan: ScanResult; error?: undefined } | { scan?: undefined; error: string };

/**
 * Three of the last four synchronous scans whose reads took longer than this were waiting for the
 * disk: switch to parallel reads. Reading a transcript's windows from the page cache takes some
 * 20-40 µs here, from a disk some 300 µs or more.
 */
export const SLOW_READ_MS = 0.2;

/** Whether four scans' slow bits (a 4-bit number) have three or more set: one thread preempted now and then is not a disk. */
const SLOW_OF_FOUR = Array.from({ length: 16 }, (_, bits) => (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1) + ((bits >> 3) & 1) >= 3);

/** How the queue is drained. */
export interface DrainOptions {
  /** Longest stretch of synchronous work before yielding to the event loop. */
  sliceMs: number;
  /** Transcripts read at once once the disk is what the scans wait for. */
  parallel: number;
  /** Read buffers to use and give back (one set per scan in flight); more are made when short. */
  spare: ScanBuffers[];
  /** Sets given back to `spare` at most (the rest of a big cold listing's are let go). */
  keep: number;
  /** The clock the reads are timed with (milliseconds, monotonic); tests pass their own. */
  now?: () => number;
}

/** Scan every job, reporting each outcome by its index through `done`. Never throws for a file: a read error is an outcome. */
export async function drainScans(fs: HistoryFs, jobs: readonly ScanJob[], done: (i: number, outcome: ScanOutcome) => void, opts: DrainOptions): Promise<void> {
  const now = opts.now ?? nowMs;
  let next = 0;
  const claim = (): number => (next < jobs.length ? next++ : -1);
  const scanOne = async (via: HistoryFs, i: number, bufs: ScanBuffers, sync: boolean): Promise<void> => {
    const job = jobs[i]!;
    let outcome: ScanOutcome;
    try {
      outcome = { scan: await scanTranscript(via, job.path, job.size, bufs, sync) };
    } catch (err) {
      outcome = { error: (err as Error).message };
    }
    done(i, outcome);
  };
  let readMs = 0;
  const timed: HistoryFs = {
    ...fs,
    readRangesSync: (path, ranges) => {
      const t0 = now();
      try {
        return fs.readRangesSync(path, ranges);
      } finally {
        readMs += now() - t0;
      }
    },
  };
  const first = opts.spare.pop() ?? scanBuffers();
  let pending = -1; // claimed by the synchronous phase but left for the parallel one
  try {
    let slice = nowMs();
    let recent = 0; // the last four scans, one bit each (1 = its reads were slow): one alone may be a busy CPU
    for (let i = claim(); i >= 0; i = claim()) {
      readMs = 0;
      await scanOne(timed, i, first, true);
      recent = ((recent << 1) | (readMs > SLOW_READ_MS ? 1 : 0)) & 0b1111;
      if (SLOW_OF_FOUR[recent]) {
        pending = claim();
        break;
      }
      if (nowMs() - slice > opts.sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = nowMs();
      }
    }
  } finally {
    opts.spare.push(first);
  }
  if (pending < 0) return;
  // The disk it is: several reads in flight keep the thread pool and the disk's queue busy.
  // Buffers are taken from the spare ones, so two lists running at once never share one.
  const bufs = Array.from({ length: Math.max(1, Math.min(opts.parallel, jobs.length - pending)) }, () => opts.spare.pop() ?? scanBuffers());
  const worker = async (b: ScanBuffers, start: number): Promise<void> => {
    for (let i = start; i >= 0; i = claim()) await scanOne(fs, i, b, false);
  };
  try {
    await Promise.all(bufs.map((b, k) => worker(b, k === 0 ? pending : claim())));
  } finally {
    opts.spare.push(...bufs.slice(0, Math.max(0, opts.keep - opts.spare.length)));
  }
}

/** Milliseconds from a monotonic clock, without touching the `performance` global (which loads perf_hooks: a cost for every short-lived `sessions` process). */
export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
