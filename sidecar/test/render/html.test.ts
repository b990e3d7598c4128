import { describe, expect, it } from "vitest";
import { renderHtml } from "../../src/render/html.js";

const compact = (html: string): string => html.replace(/\n/g, "");

describe("renderHtml — markdown features", () => {
  it("renders headings, emphasis, code, quotes, rules", () => {
    expect(compact(renderHtml("# T\n\n**b** *i* ~~s~~ `c`\n\n> q\n\n---\n\n```cs x\na<b\n```"))).toBe(
      '<h1>T</h1><p><strong>b</strong> <em>i</em> <del>s</del> <code>c</code></p><blockquote><p>q</p></blockquote><hr><pre><code class="language-cs">a&lt;b</code></pre>',
    );
  });

  it("renders lists with start numbers, nesting and task boxes (no form inputs)", () => {
    const html = compact(renderHtml("3. a\n4. b\n   - [x] done\n   - [ ] todo"));
    expect(html).toBe('<ol start="3"><li>a</li><li>b<ul><li><span class="task-box task-checked">☑</span> done</li>' + '<li><span class="task-box">☐</span> todo</li></ul></li></ol>');
  });

  it("renders tables with column alignment", () => {
    expect(compact(renderHtml("| a | b |\n|:-|-:|\n| 1 | 2 |"))).toBe(
      '<table><thead><tr><th align="left">a</th><th align="right">b</th></tr></thead><tbody><tr><td align="left">1</td><td align="right">2</td></tr></tbody></table>',
    );
  });

  it("shows raw HTML and angle brackets as text, <br> as a line break", () => {
    expect(compact(renderHtml("List<int> <b>x</b> a<br>b"))).toBe("<p>List&lt;int&gt; &lt;b&gt;x&lt;/b&gt; a<br>b</p>");
  });

  it("shows the same characters as the Unity renderer for character references", () => {
    expect(compact(renderHtml("&lt;b&gt; &amp;lt; &copy; `&lt;`"))).toBe("<p>&lt;b&gt; &amp;lt; © <code>&amp;lt;</code></p>");
  });
});

describe("renderHtml — links", () => {
  it("opens web links in a new tab without opener or referrer", () => {
    expect(compact(renderHtml('[d](https://e.com/a?b=1&c=2 "T") <mailto:x@y.z>'))).toBe(
      '<p><a href="https://e.com/a?b=1&amp;c=2" title="T" target="_blank" rel="noopener noreferrer">d</a> ' + '<a href="mailto:x@y.z" target="_blank" rel="noopener noreferrer">mailto:x@y.z</a></p>',
    );
  });

  it("turns project paths into data-asset anchors without href", () => {
    expect(compact(renderHtml("Edit Assets/Scripts/Player.cs:42. `Assets/My Folder/I.png` [p](Assets/P.cs)"))).toBe(
      '<p>Edit <a class="asset-link" data-asset="Assets/Scripts/Player.cs:42">Assets/Scripts/Player.cs:42</a>. ' +
        '<code><a class="asset-link" data-asset="Assets/My Folder/I.png">Assets/My Folder/I.png</a></code> ' +
        '<a class="asset-link" data-asset="Assets/P.cs">p</a></p>',
    );
  });

  it("renders other link targets as their text", () => {
    expect(compact(renderHtml("[a](javascript:alert(1)) [b](&#106;avascript:alert(1)) [c](data:text/html,x) [d](rel/path)"))).toBe("<p>a b c d</p>");
  });

  it("renders images as links to the image, never as <img>", () => {
    expect(compact(renderHtml("![logo](https://e.com/l.png) ![x](javascript:alert(1))"))).toBe('<p><a href="https://e.com/l.png" target="_blank" rel="noopener noreferrer">logo</a> x</p>');
  });
});
