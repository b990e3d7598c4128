import * as fs from "node:fs";
import type { ReadRange } from "./fsio.js";

// Reads for a listing that waits on the disk (a cold page cache, as after a reboot), bypassing the
// page cache with O_DIRECT on Linux: the disk then reads exactly the windows the scan needs, not
// the kernel's read-ahead around them (several times the bytes where read-ahead is set large, as on
// virtual disks), and the kernel spends about half the CPU per read. O_DIRECT wants the file
// offset, the length and the memory address aligned to the device's block: each range is read
// whole blocks at a time into a page-aligned staging buffer (WebAssembly memory is page-aligned)
// and copied out. Where O_DIRECT is missing or refused (other systems, tmpfs, some network file
// systems) the ordinary buffered read answers, and the first refusal turns direct reads off.

/** Alignment of offsets, lengths and buffers (covers 512-byte and 4 KiB block devices). */
const ALIGN = 4096;
/** Largest range a listing reads (a whole 128 KiB transcript) plus the alignment slack on both ends. */
const SLOT = 128 * 1024 + 2 * ALIGN;
/** Staging buffers made at a time (one WebAssembly memory each group). */
const GROUP = 16;

const O_DIRECT = process.platform === "linux" ? fs.constants.O_DIRECT : undefined;
let enabled = O_DIRECT !== undefined && O_DIRECT > 0;
const free: Buffer[] = [];

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
    fd = fs.openSync(path, fs.constants.O_RDONLY | O_DIRECT!);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EINVAL") enabled = false; // the file system has no direct I/O
    return fallback(path, ranges);
  }
  try {
    return await Promise.all(ranges.map((r) => readOne(fd, r)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EINVAL") throw err;
    enabled = false; // alignment refused (an unusual block size): buffered from now on
    return fallback(path, ranges);
  } finally {
    fs.closeSync(fd);
  }
}

/** One range through a staging buffer: whole blocks around it, then the wanted bytes copied out. */
async function readOne(fd: number, r: ReadRange): Promise<number> {
  if (r.length <= 0) return 0;
  const start = r.position - (r.position % ALIGN);
  const skip = r.position - start;
  const span = Math.ceil((skip + r.length) / ALIGN) * ALIGN;
  const slot = take();
  try {
    const n = await new Promise<number>((resolve, reject) => fs.read(fd, slot, 0, span, start, (e, got) => (e ? reject(e) : resolve(got))));
    const got = Math.max(0, Math.min(r.length, n - skip));
    slot.copy(r.into, 0, skip, skip + got);
    return got;
  } finally {
    free.push(slot);
  }
}

/** A free page-aligned staging buffer, making a group of them when none is left. */
function take(): Buffer {
  const slot = free.pop();
  if (slot) return slot;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((GROUP * SLOT) / 65536) });
  for (let i = 1; i < GROUP; i++) free.push(Buffer.from(memory.buffer, i * SLOT, SLOT));
  return Buffer.from(memory.buffer, 0, SLOT);
}
