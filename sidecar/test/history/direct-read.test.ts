import { closeSync, constants, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALIGN, alignedBuffer, directReadsEnabled, readRangesDirect } from "../../src/history/direct-read.js";
import { nodeFs, type ReadRange } from "../../src/history/fsio.js";
import { tempDir } from "./helpers.js";

// Reads past the page cache give the same bytes as buffered reads, at any offset and length, and
// fall back to buffered reads where the file system has no direct I/O.

/** Whether this file system takes O_DIRECT opens (the test's own probe, independent of the module). */
function fileSystemTakesDirect(path: string): boolean {
  if (process.platform !== "linux") return false;
  try {
    closeSync(openSync(path, constants.O_RDONLY | constants.O_DIRECT));
    return true;
  } catch {
    return false;
  }
}

const ranges = (...spans: Array<[number, number]>): ReadRange[] => spans.map(([position, length]) => ({ position, length, into: Buffer.alloc(length + 16, 0xee) }));

const size = 300_001; // not a multiple of any block size
const bytes = Buffer.alloc(size);
for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 9)) & 0xff;

/** A fresh copy of `bytes` in a temporary folder (removed after each test). */
function sample(): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, "t.jsonl");
  writeFileSync(file, bytes);
  return { dir, file };
}

describe("readRangesDirect", () => {
  it("reads what buffered reads read, at unaligned offsets, short at the end of the file", async () => {
    const { file } = sample();
    const direct = directReadsEnabled() && fileSystemTakesDirect(file);
    let fellBack = 0;
    const fallback = (p: string, r: ReadRange[]) => (fellBack++, nodeFs.readRanges(p, r));
    const spans: Array<[number, number]> = [[0, 16 * 1024], [size - 65_536, 65_536], [4097, 1], [123_457, 70_000], [size - 10, 4096], [size + 5, 100], [7, 0]];
    const got = ranges(...spans);
    const want = ranges(...spans);
    const n = await readRangesDirect(file, got, fallback);
    expect(n).toEqual(await nodeFs.readRanges(file, want));
    expect(n).toEqual(spans.map(([p, l]) => Math.max(0, Math.min(l, size - p))));
    got.forEach((r, i) => expect(r.into.equals(want[i]!.into)).toBe(true)); // bytes past what was read are left alone too
    got.forEach((r, i) => expect(r.into.subarray(0, n[i]).equals(bytes.subarray(r.position, r.position + n[i]!))).toBe(true));
    // Where the file system offers direct I/O it was used, not the buffered fallback.
    expect(fellBack).toBe(direct ? 0 : 1);
  });

  it("reads in place into an aligned buffer with room, the bytes starting at `at`", async () => {
    const { file } = sample();
    const direct = directReadsEnabled() && fileSystemTakesDirect(file);
    const spans: Array<[number, number]> = [[size - 65_536, 65_536], [0, 16 * 1024], [size - 100, 100]];
    const rs: ReadRange[] = spans.map(([position, length]) => ({ position, length, into: alignedBuffer(length + 2 * ALIGN), aligned: true }));
    const n = await readRangesDirect(file, rs, nodeFs.readRanges);
    expect(n).toEqual([65_536, 16 * 1024, 100]);
    rs.forEach((r, i) => {
      const at = r.at ?? 0;
      expect(r.into.subarray(at, at + n[i]!).equals(bytes.subarray(r.position, r.position + n[i]!))).toBe(true);
    });
    // In place, each range starts at its offset within its first block; buffered reads leave `at` unset.
    expect(rs.map((r) => r.at)).toEqual(direct ? spans.map(([p]) => p % ALIGN) : [undefined, undefined, undefined]);
  });

  it("leaves a range larger than its staging buffers to the buffered read", async () => {
    const { file } = sample();
    let fellBack = 0;
    const r = ranges([0, 200_000]);
    const n = await readRangesDirect(file, r, (p, rr) => (fellBack++, nodeFs.readRanges(p, rr)));
    expect(fellBack).toBe(1);
    expect(n).toEqual([200_000]);
  });

  it("fails for a missing file as the buffered read does", async () => {
    const { dir } = sample();
    await expect(readRangesDirect(join(dir, "missing.jsonl"), ranges([0, 10]), nodeFs.readRanges)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("is what the real file system's uncached reads use", async () => {
    const { file } = sample();
    const r = ranges([size - 65_536, 65_536]);
    expect(await nodeFs.readRangesUncached!(file, r)).toEqual([65_536]);
    expect(r[0]!.into.subarray(0, 65_536).equals(bytes.subarray(size - 65_536))).toBe(true);
  });
});
