import { describe, expect, it } from "vitest";
import { alignedBuffer, directReadsEnabled } from "../../src/history/direct-read.js";

// Its own file: the module's state (direct reads turned off) must not reach the other tests.
describe("alignedBuffer without WebAssembly (node --jitless)", () => {
  it("gives a plain zero-filled buffer and turns direct reads off instead of failing the listing", () => {
    const saved = globalThis.WebAssembly;
    try {
      Reflect.deleteProperty(globalThis, "WebAssembly");
      const buf = alignedBuffer(5000);
      expect(buf.length).toBe(8192);
      expect(buf.every((b) => b === 0)).toBe(true);
      expect(directReadsEnabled()).toBe(false);
    } finally {
      globalThis.WebAssembly = saved;
    }
  });
});
