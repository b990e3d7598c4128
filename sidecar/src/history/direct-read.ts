import { closeSync, constants, openSync, read as readAt } from "node:fs";
import type { ReadRange } from "./fsio.js";

// Reads for a listing that waits on the disk (a cold page cache, as after a reboot), bypassing the
// page cache with O_DIRECT on Linux: the disk then reads exactly the windows the scan needs, not
// the kernel's read-ahead around them (several times the bytes where read-ahead is set large, as on
// virtual disks), and the kernel spends about half the CPU per read. O_DIRECT wants the file
// offset, the length and the memory address aligned to the device's block, so each range is read
// whole blocks at a time: in place when the caller's buffer is block-aligned with room around the
// range (the scan's buffers come from alignedBuffer(); the range's bytes then start at `at`), else
// into a staging buffer and copied out. WebAssembly memory is page-aligned, so buffers carved from
// it at multiples of ALIGN are too. Where O_DIRECT is missing or refused (other systems, tmpfs,
// some network file systems) the ordinary buffered read answers, and the first refusal turns
// direct reads off for the process.

/** Alignment of offsets, lengths and buffers (covers 512-byte and 4 KiB block devices). */
export const ALIGN = 4096;
/** Largest range a listing reads (a whole 128 KiB transcript) plus the alignment slack on both ends. */
const SLOT = 128 * 1024 + 2 * ALIGN;
/** Bytes of WebAssembly memory carved into aligned buffers at a time. */
const CHUNK = 2 * 1024 * 1024;

const O_DIRECT = process.platform === "linux" ? constants.O_DIRECT : undefined;
let enabled = O_DIRECT !== undefined && O_DIRECT > 0;
const free: Buffer[] = [];
let chunk: { memory: WebAssembly.Memory; used: number } | undefined;

/** Whether the next reads try O_DIRECT (false once the system refused it, or off Linux). */
export function directReadsEnabled(): boolean {
  return enabled;
}

/**
 * Read `ranges` of `path` as fsio's readRanges does (bytes read per range, short at end of file),
 * bypassing the page cache where the system allows it; `fallback` reads buffered otherwise.
 */
export async function readRangesDirect(path: string, ranges: ReadRange[], fallback: (path: string, ranges: ReadRange[]) => Promise<number[]>): Promise<number[]> {
  if (!enabled || ranges.some((r) => r.length > SLOT - 2 * ALIGN)) return fallback(path, ranges);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | O_DIRECT!);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EINVAL") enabled = false; // the file system has no direct I/O
    return fallback(path, ranges);
  }
  let failure: unknown;
  try {
    return await allReads(ranges.map((r) => readOne(fd, r)));
  } catch (err) {
    failure = err;
  } finally {
    closeSync(fd);
  }
  if ((failure as NodeJS.ErrnoException)?.code !== "EINVAL") throw failure;
  enabled = false; // alignment refused (an unusual block size): buffered from now on
  for (const r of ranges) delete r.at;
  return fallback(path, ranges);
}

/**
 * The bytes read per range once every read has ended, or the first failure then: a file's
 * descriptor must not be closed (its number reused by the next open) nor its buffers read into
 * again while one of its reads is still in flight.
 */
export async function allReads(reads: Array<Promise<number> | number>): Promise<number[]> {
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((x): x is PromiseRejectedResult => x.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((x) => (x as PromiseFulfilledResult<number>).value);
}

/** One range: whole blocks around it, read in place when `into` allows it, else staged and copied out. */
async function readOne(fd: number, r: ReadRange): Promise<number> {
  if (r.length <= 0) return 0;
  const start = r.position - (r.position % ALIGN);
  const skip = r.position - start;
  const span = Math.ceil((skip + r.length) / ALIGN) * ALIGN;
  const read = (into: Buffer): Promise<number> => new Promise((resolve, reject) => readAt(fd, into, 0, span, start, (e, n) => (e ? reject(e) : resolve(Math.max(0, Math.min(r.length, n - skip))))));
  if (r.aligned === true && span <= r.into.length) {
    const got = await read(r.into);
    r.at = skip;
    return got;
  }
  const slot = take();
  try {
    const got = await read(slot);
    slot.copy(r.into, 0, skip, skip + got);
    return got;
  } finally {
    free.push(slot);
  }
}

/**
 * A zero-filled buffer of at least `bytes` whose memory starts on an ALIGN boundary, for reads
 * past the page cache in place (see ReadRange.aligned). Carved from shared WebAssembly memory, so
 * many small ones cost one mapping.
 */
export function alignedBuffer(bytes: number): Buffer {
  const size = Math.ceil(bytes / ALIGN) * ALIGN;
  if (typeof WebAssembly === "undefined") {
    enabled = false; // node --jitless has no WebAssembly: no aligned memory, so buffered reads only
    return Buffer.alloc(size);
  }
  if (size > CHUNK) return Buffer.from(new WebAssembly.Memory({ initial: Math.ceil(size / 65536) }).buffer, 0, size);
  if (!chunk || chunk.used + size > CHUNK) chunk = { memory: new WebAssembly.Memory({ initial: CHUNK / 65536 }), used: 0 };
  const buf = Buffer.from(chunk.memory.buffer, chunk.used, size);
  chunk.used += size;
  return buf;
}

/** A free staging buffer. */
function take(): Buffer {
  return free.pop() ?? alignedBuffer(SLOT);
}
