import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CACHE_VERSION, emptyCache, loadCache, MAX_CACHE_BYTES } from "../../src/history/cache.js";
import { nodeFs } from "../../src/history/fsio.js";

// Issue #29 item 8: a 60 MB history cache file was read and parsed on the event loop, holding every
// other request for seconds. A cache file over the limit is now ignored (rebuilt) without parsing it.

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe("history cache size", () => {
  it("ignores a 60 MB cache file without parsing it; a normal one is still parsed", () => {
    const root = mkdtempSync(join(tmpdir(), "ap-cachelim-"));
    roots.push(root);
    const dir = "/transcripts";
    const big = join(root, "big.json");
    const rows = Array.from({ length: 60_000 }, (_, i) => [`s${i}.jsonl`, 1, 1, 0, 1, true, null, null, null, "p".repeat(1000), null, null, null, null, null, null, null, null]);
    writeFileSync(big, JSON.stringify({ version: CACHE_VERSION, dir, keys: [], rows, sides: {} }));
    const small = join(root, "small.json");
    writeFileSync(small, JSON.stringify({ version: CACHE_VERSION, dir, keys: [], rows: [], sides: {} }));
    const parse = vi.spyOn(JSON, "parse");
    try {
      expect(loadCache(nodeFs, big, dir)).toEqual(emptyCache(dir));
      expect(parse).not.toHaveBeenCalled();
      loadCache(nodeFs, small, dir);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
    expect(MAX_CACHE_BYTES).toBeLessThan(60 * 1024 * 1024);
  });
});
