import { describe, expect, it } from "vitest";
import { clipStrings } from "../../src/protocol/json-bounds.js";
import { renderHtml } from "../../src/render/html.js";
import { RenderPool } from "../../src/render/render-pool.js";
import { renderUnityBlocks } from "../../src/render/unity-blocks.js";

// The render worker answers with each form as UTF-8 JSON (and its shortened JSON when cutting long
// strings changes it); requests that fail or time out end in typed errors and never stall the queue.

const text = (bytes: Uint8Array | undefined): unknown => (bytes === undefined ? undefined : JSON.parse(new TextDecoder().decode(bytes)));

describe("RenderPool", () => {
  it("answers with the inline renderers' forms as JSON, shortened JSON only where strings were cut", async () => {
    const pool = new RenderPool(60_000, 50);
    try {
      const markdown = `Some **bold** text\n\n\`\`\`cs\n${"var x = 1;\n".repeat(20)}\`\`\`\n`;
      const forms = await pool.render(markdown, true);
      expect(text(forms.unity?.json)).toEqual(JSON.parse(JSON.stringify(renderUnityBlocks(markdown))));
      expect(text(forms.html?.json)).toBe(renderHtml(markdown));
      expect(text(forms.unity?.clipped)).toEqual(clipStrings(JSON.parse(JSON.stringify(renderUnityBlocks(markdown))), 50));
      expect(text(forms.html?.clipped)).toBe(clipStrings(renderHtml(markdown), 50));
      const small = await pool.render("hi", false);
      expect(small.html).toBeUndefined();
      expect(small.unity?.clipped).toBeUndefined();
      expect(text(small.unity?.json)).toEqual(JSON.parse(JSON.stringify(renderUnityBlocks("hi"))));
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("fails each request over its budget with render_timeout, and the queue moves on", async () => {
    const pool = new RenderPool(1);
    try {
      const results = await Promise.allSettled([pool.render("a", false), pool.render("b", false)]);
      for (const r of results) expect(r).toMatchObject({ status: "rejected", reason: { code: "render_timeout" } });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("fails what is pending with render_closed on close, and refuses new work", async () => {
    const pool = new RenderPool();
    const pending = expect(pool.render("**x**", true)).rejects.toMatchObject({ code: "render_closed" });
    await pool.close();
    await pending;
    await expect(pool.render("y", false)).rejects.toMatchObject({ code: "render_closed" });
  });
});
