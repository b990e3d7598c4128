import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UnityBlockSchema, type UnityBlock } from "../../src/protocol/panel/unity-blocks-schema.js";
import { renderUnityBlocks } from "../../src/render/unity-blocks.js";
import { findTags, isRendererTag } from "./unity-tag-model.js";

// Any markdown, however hostile, yields schema-valid blocks whose rich text contains only the
// tags the renderer emits, properly nested: model text never becomes a tag.

const FRAGMENTS = [
  "**",
  "*",
  "_",
  "~~",
  "`",
  "``",
  "<b>",
  "</b>",
  "<i>",
  "<color=red>",
  "</color>",
  "<#f00>",
  "<noparse>",
  "</noparse>",
  "</NOPARSE>",
  '<link="x">',
  "<mark=#fff>",
  '<style="H1">',
  "<br>",
  "<",
  ">",
  "&lt;",
  "&#60;",
  "&amp;",
  "[",
  "](",
  ")",
  "javascript:",
  "https://e.com",
  "<https://e.com>",
  "Assets/A.cs",
  "Assets/B C.cs",
  ":12",
  "\n",
  "\n\n",
  "- ",
  "1. ",
  "> ",
  "# ",
  "- [x] ",
  "| a | b |\n|-|-|\n| c | d |\n",
  "```",
  "    ",
  "x",
  " ",
  "\\",
  "![i](",
  "  \n",
  "\u0003",
  "\u200B",
];

const markdown = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(""));

describe("renderUnityBlocks on arbitrary markdown", () => {
  it("emits only renderer tags, balanced, in schema-valid blocks", () => {
    fc.assert(
      fc.property(markdown, (md) => {
        const blocks = renderUnityBlocks(md);
        expect(() => UnityBlockSchema.array().parse(blocks)).not.toThrow();
        for (const text of richTexts(blocks)) assertRendererMarkup(text, md);
      }),
      { numRuns: 400 },
    );
  });
});

function assertRendererMarkup(text: string, md: string): void {
  const open: string[] = [];
  for (const { body } of findTags(text)) {
    expect(isRendererTag(body), `foreign tag <${body}> from ${JSON.stringify(md)}`).toBe(true);
    const name = body.replace(/^\//, "").split("=", 1)[0] as string;
    if (body.startsWith("/")) expect(open.pop(), `unbalanced </${name}> from ${JSON.stringify(md)}`).toBe(name);
    else open.push(name);
  }
  expect(open, `unclosed tags from ${JSON.stringify(md)}`).toEqual([]);
}

function* richTexts(blocks: UnityBlock[]): Generator<string> {
  for (const block of blocks) {
    switch (block.type) {
      case "heading":
      case "paragraph":
        yield block.text;
        break;
      case "quote":
        yield* richTexts(block.blocks);
        break;
      case "list":
        for (const item of block.items) {
          yield item.text;
          yield* richTexts(item.blocks ?? []);
        }
        break;
      case "table":
        yield* block.header;
        for (const row of block.rows) yield* row;
        break;
      default:
        break;
    }
  }
}
