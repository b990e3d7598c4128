import { describe, expect, it } from "vitest";
import { decodeEntities } from "../../src/render/entities.js";

describe("decodeEntities", () => {
  it.each([
    ["&lt;b&gt;", "<b>"],
    ["&amp;lt;", "&lt;"], // decoded once only
    ["&#60;&#x3C;&#X3c;", "<<<"],
    ["&copy; &hellip; &nbsp;", "© … \u00A0"],
    ["&#x1F600;", "😀"],
    ["&#0; &#55296; &#x110000;", "\uFFFD \uFFFD \uFFFD"],
    ["&unknownname; &copy &amp", "&unknownname; &copy &amp"],
    ["&toString; &constructor;", "&toString; &constructor;"],
    ["no refs", "no refs"],
  ])("%j → %j", (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });

  it("is linear on adversarial input", () => {
    const big = "&#1234567890&aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".repeat(20_000);
    const started = performance.now();
    decodeEntities(big);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
