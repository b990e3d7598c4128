import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { webAssets } from "../../src/web/assets.js";
import { embedWebAssetsPlugin } from "../../src/web/build-web.mjs";
import { webFiles } from "../../src/web/files.js";

// The panel's files: a page whose CSP allows only same-origin scripts (no inline code), the
// script and stylesheet it references, and the embedding used by the single-file bundle.

describe("web assets", () => {
  it("serve a page that loads /app.js and /app.css under a strict CSP, with no inline script", () => {
    const { html, js, css } = webAssets();
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(html).toContain('<script src="/app.js" defer></script>');
    expect(html).toContain('<link rel="stylesheet" href="/app.css">');
    expect(html.match(/<script\b[^>]*>([\s\S]*?)<\/script>/g)).toEqual(['<script src="/app.js" defer></script>']);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(js).toContain("agent-panel.v1");
    expect(js).not.toMatch(/^\s*import\s/m); // one self-contained script
    expect(css).toContain("prefers-color-scheme: dark");
  });

  it("map URL paths to typed files", () => {
    const files = webFiles();
    expect([...files.keys()].sort()).toEqual(["/", "/app.css", "/app.js", "/index.html"]);
    expect(files.get("/app.js")?.contentType).toBe("text/javascript; charset=utf-8");
    expect(files.get("/")?.body).toBe(webAssets().html);
  });

  it("are embedded by the bundle plugin, so the bundle needs neither app files nor esbuild", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ap-web-bundle-"));
    try {
      const fake = { html: "<p>embedded</p>", js: "/*js*/", css: "/*css*/" };
      const entry = join(dir, "entry.ts");
      writeFileSync(entry, `export { webFiles } from ${JSON.stringify(join(import.meta.dirname, "../../src/web/files.ts"))};\n`);
      const out = join(dir, "out.mjs");
      await build({ entryPoints: [entry], outfile: out, bundle: true, platform: "node", format: "esm", plugins: [embedWebAssetsPlugin(fake)], logLevel: "silent" });
      const text = readFileSync(out, "utf8");
      expect(text).not.toContain("esbuild");
      const mod = (await import(pathToFileURL(out).href)) as { webFiles: typeof webFiles };
      expect(mod.webFiles().get("/")?.body).toBe("<p>embedded</p>");
      expect(mod.webFiles().get("/app.js")?.body).toBe("/*js*/");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("put HTML into the page in exactly one place: a final block's sanitized html", () => {
    const root = join(import.meta.dirname, "../../src/web/app");
    const sources = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const sinks = sources.flatMap((f) =>
      readFileSync(join(root, f), "utf8")
        .split("\n")
        .filter((line) => /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|createContextualFragment|\beval\(|new Function\(/.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(sinks).toEqual([expect.stringMatching(/^view[\\/]items\.ts: el\.innerHTML = block\.html;/)]);
  });
});
