import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { hasCode } from "../../src/shared/errors.js";
import { createSanitizer, sanitizeHtml } from "../../src/render/html-sanitize.js";
import { renderHtml } from "../../src/render/html.js";

// Classic XSS payloads, as markdown through renderHtml (first wall: everything escaped) and as
// raw HTML straight into the sanitizer (second wall: DOMPurify allowlist). The output is parsed
// with jsdom and checked structurally, not by string search alone.

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<form action="https://evil.example"><input name="p"><button>go</button></form>',
  "<style>body{display:none}</style>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<<script>script>alert(1)<</script>/script>",
  '<img """><script>alert(1)</script>">',
  "<details open ontoggle=alert(1)>",
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:/">',
  "<scr<script>ipt>alert(1)</script>",
  '<a href="&#x6A;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a><a href="java\tscript:alert(1)">y</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

const MARKDOWN_PAYLOADS = [
  ...PAYLOADS,
  "[x](javascript:alert(1))",
  "[x](JAVASCRIPT:alert(1))",
  "[x](&#x6A;avascript:alert(1))",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "<javascript:alert(1)>",
  '[x](https://e.com "\\"><img src=x onerror=alert(1)>")',
  '![x" onerror="alert(1)](https://e.com/i.png)',
  "![x](javascript:alert(1))",
  "[r][bad]\n\n[bad]: javascript:alert(1)",
  "`</code><script>alert(1)</script>`",
  "```\n</code></pre><script>alert(1)</script>\n```",
  '```"><script>alert(1)</script>\nx\n```',
  "| <img src=x onerror=alert(1)> |\n|-|\n| <script>alert(1)</script> |",
  "- [x] <svg onload=alert(1)>",
  'Assets/"><script>alert(1)</script>.cs and `Assets/a" onmouseover="alert(1).cs`',
];

const ALLOWED = new Set([
  "A",
  "P",
  "BR",
  "HR",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "STRONG",
  "EM",
  "DEL",
  "S",
  "CODE",
  "PRE",
  "BLOCKQUOTE",
  "UL",
  "OL",
  "LI",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TH",
  "TD",
  "SPAN",
]);
const ALLOWED_ATTRS = new Set(["href", "title", "class", "align", "start", "data-asset", "target", "rel"]);
const dom = new JSDOM("");

function assertInert(html: string, source: string): void {
  const template = dom.window.document.createElement("template");
  template.innerHTML = html;
  for (const el of template.content.querySelectorAll("*")) {
    expect(ALLOWED.has(el.tagName), `<${el.tagName}> from ${source}`).toBe(true);
    for (const attr of el.attributes) {
      expect(ALLOWED_ATTRS.has(attr.name), `${attr.name}= on <${el.tagName}> from ${source}`).toBe(true);
      if (attr.name === "href") expect(attr.value, `href from ${source}`).toMatch(/^(?:https?:\/\/|mailto:)/i);
    }
    if (el.tagName === "A" && el.hasAttribute("href")) {
      expect(el.getAttribute("rel")).toBe("noopener noreferrer");
      expect(el.getAttribute("target")).toBe("_blank");
    }
  }
  expect(html).not.toMatch(/<script/i); // payload words may appear as escaped, visible text only
}

describe("XSS payloads", () => {
  it.each(MARKDOWN_PAYLOADS)("markdown %j renders inert", (payload) => {
    assertInert(renderHtml(payload), payload);
  });

  it.each(PAYLOADS)("raw HTML %j is sanitized inert", (payload) => {
    assertInert(sanitizeHtml(payload), payload);
  });

  it("keeps what the renderer builds: asset anchors, classes, alignment, safe links", () => {
    expect(sanitizeHtml('<a class="asset-link" data-asset="Assets/A.cs" onclick="x">a</a><td align="left">1</td>')).toBe('<a class="asset-link" data-asset="Assets/A.cs">a</a>1');
    expect(sanitizeHtml('<a href="https://e.com" target="_self" rel="opener">e</a>')).toBe('<a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)" target="_blank">x</a>')).toBe("<a>x</a>");
  });
});

describe("sanitizer start-up", () => {
  it("reports a typed error when no DOM window can be created", () => {
    const broken = (): never => {
      throw new Error("jsdom missing");
    };
    let caught: unknown;
    try {
      createSanitizer(broken);
    } catch (err) {
      caught = err;
    }
    expect(hasCode(caught, "render_html_unavailable")).toBe(true);
    expect((caught as Error).cause).toBeInstanceOf(Error);
  });
});
