import { describe, expect, it } from "vitest";
import { INLINE_CODE_CLOSE as C1, INLINE_CODE_OPEN as C0 } from "../../src/render/rich-text.js";
import { UnityBlockSchema, type UnityBlock } from "../../src/protocol/panel/unity-blocks-schema.js";
import { renderUnityBlocks } from "../../src/render/unity-blocks.js";
import { visibleText } from "./unity-tag-model.js";

const one = (md: string): UnityBlock => {
  const blocks = renderUnityBlocks(md);
  expect(blocks).toHaveLength(1);
  return blocks[0] as UnityBlock;
};
const para = (md: string): string => {
  const block = one(md);
  if (block.type !== "paragraph") throw new Error(`expected a paragraph, got ${block.type}`);
  return block.text;
};

describe("renderUnityBlocks — block structure", () => {
  it("maps headings, paragraphs, rules and quotes", () => {
    const blocks = renderUnityBlocks("# Title\n\nSetext\n---\n\nText\n\n***\n\n> quoted\n> > deeper");
    expect(blocks).toEqual([
      { type: "heading", level: 1, text: "Title" },
      { type: "heading", level: 2, text: "Setext" },
      { type: "paragraph", text: "Text" },
      { type: "rule" },
      {
        type: "quote",
        blocks: [
          { type: "paragraph", text: "quoted" },
          { type: "quote", blocks: [{ type: "paragraph", text: "deeper" }] },
        ],
      },
    ]);
  });

  it("keeps code raw (not escaped), with the first word of the info string as language", () => {
    expect(one('```cs title="x"\nif (a<b && c>d) Debug.Log("<b>");\n```')).toEqual({
      type: "code",
      language: "cs",
      text: 'if (a<b && c>d) Debug.Log("<b>");',
    });
    expect(one("    indented <code>")).toEqual({ type: "code", language: "", text: "indented <code>" });
  });

  it("renders nested lists, ordered starts and task items", () => {
    const list = one("3. first\n4. second\n   - [x] done\n   - [ ] todo\n     ```js\n     x\n     ```");
    expect(list).toEqual({
      type: "list",
      ordered: true,
      start: 3,
      items: [
        { text: "first" },
        {
          text: "second",
          blocks: [
            {
              type: "list",
              ordered: false,
              items: [
                { text: "done", task: true },
                { text: "todo", task: false, blocks: [{ type: "code", language: "js", text: "x" }] },
              ],
            },
          ],
        },
      ],
    });
  });

  it("puts the first paragraph of a loose item in text and later paragraphs in blocks", () => {
    expect(one("- [x] first\n\n  second\n- other")).toEqual({
      type: "list",
      ordered: false,
      items: [{ text: "first", task: true, blocks: [{ type: "paragraph", text: "second" }] }, { text: "other" }],
    });
  });

  it("renders tables with alignment and rich-text cells", () => {
    expect(one("| a | **b** | c |\n|:-|:-:|-|\n| `1` | x<y | |")).toEqual({
      type: "table",
      align: ["left", "center", null],
      header: ["a", "<b>b</b>", "c"],
      rows: [[`${C0}1${C1}`, "x<\u200By", ""]],
    });
  });

  it("shows raw HTML blocks as the literal text that was written", () => {
    const block = one('<div onclick="x">\n<script>alert(1)</script>\n</div>');
    expect(block.type).toBe("paragraph");
    expect(visibleText((block as { text: string }).text)).toBe('<div onclick="x">\n<script>alert(1)</script>\n</div>');
  });

  it("returns an empty list for empty or whitespace-only input", () => {
    expect(renderUnityBlocks("")).toEqual([]);
    expect(renderUnityBlocks("  \n\n ")).toEqual([]);
  });

  it("produces output the protocol schema accepts", () => {
    const md = "# H\n\n- [x] a\n  1. b\n\n> q\n\n| x |\n|-|\n| y |\n\n```\nz\n```\n\n---";
    expect(() => UnityBlockSchema.array().parse(renderUnityBlocks(md))).not.toThrow();
  });
});

describe("renderUnityBlocks — inline rich text", () => {
  it("maps emphasis to <b>, <i>, <s> and inline code to the code highlight", () => {
    expect(para("**b** *i* ~~s~~ `c` ***bi***")).toBe(`<b>b</b> <i>i</i> <s>s</s> ${C0}c${C1} <i><b>bi</b></i>`);
  });

  it("shows angle brackets in prose literally and never as tags", () => {
    const text = para("List<int> and <color=red>red</color> and </b> and <b>unclosed");
    expect(text).toBe("List<\u200Bint> and <\u200Bcolor=red>red<\u200B/color> and <\u200B/b> and <\u200Bb>unclosed");
  });

  it("decodes character references in prose like a browser, but not in code", () => {
    expect(visibleText(para("&lt;b&gt; &amp;lt; &#60; &copy; \\&lt;"))).toBe("<b> &lt; < © &lt;");
    expect(visibleText(para("`&lt;b&gt;`"))).toBe("&lt;b&gt;");
  });

  it("turns soft line breaks into spaces and hard breaks (two spaces, backslash, <br>) into newlines", () => {
    expect(para("one\ntwo  \nthree\\\nfour<br>five <br/> six")).toBe("one two\nthree\nfour\nfive \n six");
  });

  it("links http(s) and mailto, including autolinks", () => {
    expect(para("[docs](https://example.com/a?b=1&c=2)")).toBe('<link="https://example.com/a?b=1&c=2"><u>docs</u></link>');
    expect(para("<https://x.y/z> www.foo.com me@x.org")).toBe(
      '<link="https://x.y/z"><u>https://x.y/z</u></link> <link="http://www.foo.com"><u>www.foo.com</u></link> ' + '<link="mailto:me@x.org"><u>me@x.org</u></link>',
    );
  });

  it("percent-encodes quotes and angle brackets in link ids so the tag cannot break", () => {
    expect(para('[q](https://e.com/a"b>c<d)')).toBe('<link="https://e.com/a%22b%3Ec%3Cd"><u>q</u></link>');
    expect(para("[r](<https://e.com/a b>)")).toBe('<link="https://e.com/a%20b"><u>r</u></link>');
  });

  it("renders other schemes and relative links as their text only", () => {
    for (const md of [
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](&#106;avascript:alert(1))",
      "[x](data:text/html,hi)",
      "[x](file:///etc/passwd)",
      "[x](docs/readme.md)",
      "[x](#top)",
    ]) {
      expect(para(md), md).toBe("x");
    }
  });

  it("turns project paths in prose, code spans and link targets into asset links", () => {
    expect(para("Edit Assets/Scripts/Player.cs:42.")).toBe('Edit <link="asset:Assets/Scripts/Player.cs:42"><u>Assets/Scripts/Player.cs:42</u></link>.');
    expect(para("`Packages/com.foo/bar.asset`")).toBe(`${C0}<link="asset:Packages/com.foo/bar.asset"><u>Packages/com.foo/bar.asset</u></link>${C1}`);
    expect(para("`Assets/My Folder/Icon.png`")).toContain('<link="asset:Assets/My Folder/Icon.png">');
    expect(para("[the player](Assets/My%20Scripts/Player.cs)")).toBe('<link="asset:Assets/My Scripts/Player.cs"><u>the player</u></link>');
    expect(para("Assets/My\\_File.cs")).toBe('<link="asset:Assets/My_File.cs"><u>Assets/My_File.cs</u></link>');
  });

  it("does not nest links: paths inside link text stay plain", () => {
    expect(para("[see Assets/A.cs](https://e.com)")).toBe('<link="https://e.com"><u>see Assets/A.cs</u></link>');
  });

  it("shows images as a link to the image (alt text, or the URL when there is none)", () => {
    expect(para("![logo](https://e.com/l.png)")).toBe('<link="https://e.com/l.png"><u>logo</u></link>');
    expect(para("![](https://e.com/l.png)")).toBe('<link="https://e.com/l.png"><u>https://e.com/l.png</u></link>');
    expect(para("![x](javascript:alert(1))")).toBe("x");
  });

  it("degrades a URL too long for a link tag to 'text (url)'", () => {
    const url = `https://example.com/${"a".repeat(300)}`;
    expect(para(`[long](${url})`)).toBe(`long (${url})`);
  });
});

describe("renderUnityBlocks — size", () => {
  it("renders a 1 MB code block quickly and verbatim", () => {
    const line = "var ok = a<b && c > d; // <color=red> &lt; Assets/X.cs\n";
    const body = line.repeat(Math.ceil(1_000_000 / line.length));
    const started = performance.now();
    const blocks = renderUnityBlocks("```cs\n" + body + "```\n");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(blocks).toEqual([{ type: "code", language: "cs", text: body.slice(0, -1) }]);
  });
});
