import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRichText, isSafeLinkId, MAX_LINK_ID_LENGTH, richLink } from "../../src/render/rich-text.js";
import { findTags, visibleText } from "./unity-tag-model.js";

describe("escapeRichText — model text can never become a Unity rich-text tag", () => {
  it.each([
    ["List<int>", "List<\u200Bint>"],
    ["<color=red>x</color>", "<\u200Bcolor=red>x<\u200B/color>"],
    ["</b>", "<\u200B/b>"],
    ["<b>unclosed", "<\u200Bb>unclosed"],
    ["<#FF0000>red", "<\u200B#FF0000>red"],
    ["</noparse><noparse>", "<\u200B/noparse><\u200Bnoparse>"],
    ['<style="H1">', '<\u200Bstyle="H1">'],
    ["&lt;b&gt;", "&lt;b&gt;"],
    ["a > b", "a > b"],
  ])("escapes %j", (input, expected) => {
    const out = escapeRichText(input);
    expect(out).toBe(expected);
    expect(findTags(out)).toEqual([]);
    expect(visibleText(out)).toBe(input);
  });

  it("drops control characters that end or corrupt the text, keeps tab and newline", () => {
    expect(escapeRichText("a\u0000b\u0003c\u001Bd\te\nf")).toBe("abcd\te\nf");
  });

  it("never lets any string produce a tag and always shows the input (minus controls)", () => {
    const chars = fc.constantFrom("<", ">", "/", "=", "#", "b", "i", "color", "noparse", "link", " ", '"', "x", "\u200B", "B");
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 40 }).map((a) => a.join("")),
        (input) => {
          const out = escapeRichText(input);
          expect(findTags(out)).toEqual([]);
          expect(visibleText(out)).toBe(input);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("escapes 1 MB in linear time", () => {
    const big = "<b>List<int> &lt; ".repeat(60_000);
    const started = performance.now();
    const out = escapeRichText(big);
    expect(performance.now() - started).toBeLessThan(2000); // linear: catastrophic backtracking would take minutes
    expect(out.length).toBe(big.length + 2 * 60_000); // one zero-width space per "<"
  });
});

describe("link ids", () => {
  it("accepts URLs and asset refs that fit in the parser's tag buffer", () => {
    expect(isSafeLinkId("https://example.com/a?b=1&c=2")).toBe(true);
    expect(isSafeLinkId("asset:Assets/My Folder/Icon.png:12")).toBe(true);
    expect(isSafeLinkId("x".repeat(MAX_LINK_ID_LENGTH))).toBe(true);
  });

  it("rejects ids that would end the tag early or overflow it", () => {
    for (const id of ['a"b', "a<b", "a>b", "a\nb", "", "x".repeat(MAX_LINK_ID_LENGTH + 1)]) {
      expect(isSafeLinkId(id), id).toBe(false);
    }
  });

  it("wraps link text in <link> and <u>", () => {
    expect(richLink("https://e.com", "<b>t</b>")).toBe('<link="https://e.com"><u><b>t</b></u></link>');
  });
});
