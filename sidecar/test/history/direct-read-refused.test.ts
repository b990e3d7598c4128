import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { directReadsEnabled, readRangesDirect } from "../../src/history/direct-read.js";
import { nodeFs, type ReadRange } from "../../src/history/fsio.js";
import { tempDir } from "./helpers.js";

// Its own file: a refused direct read turns direct reads off for the module, which the other tests
// must not inherit. The refusal is a real one (on Linux): memory that is not block-aligned, offered
// as aligned; where the file system has no direct I/O at all, the open is what falls back.
describe("a direct read the kernel refuses", () => {
  it("falls back to the buffered read with the same bytes, and reads buffered from then on", async () => {
    const dir = tempDir();
    const file = join(dir, "t.jsonl");
    const bytes = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i & 0xff));
    writeFileSync(file, bytes);
    const misaligned = Buffer.alloc(3 * 4096 + 1).subarray(1); // never on a block boundary
    const r: ReadRange[] = [{ position: 5000, length: 4000, into: misaligned, aligned: true }];
    let fellBack = 0;
    const n = await readRangesDirect(file, r, (p, rr) => (fellBack++, nodeFs.readRanges(p, rr)));
    expect(n).toEqual([4000]);
    expect(r[0]!.at).toBeUndefined();
    expect(misaligned.subarray(0, 4000).equals(bytes.subarray(5000, 9000))).toBe(true);
    expect(fellBack).toBe(1);
    expect(directReadsEnabled()).toBe(false);
  });
});
