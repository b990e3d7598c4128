import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type BuildOptions } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

// jsdom inside a single-file ESM bundle: these are the esbuild options esbuild.config.mjs needs.
// - banner: CJS code in the bundle calls require() for Node built-ins; ESM has no require.
// - a stand-in xhr-sync-worker.js beside the bundled jsdom code: jsdom's XMLHttpRequest-impl.js
//   calls `require.resolve("./xhr-sync-worker.js")` when it loads (for synchronous XHR, which the
//   renderer never uses), and the real file is not part of the bundle.
// - external canvas: jsdom's optional peer, required inside try/catch, never installed.
const BUNDLE_OPTIONS: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  external: ["canvas"],
  banner: { js: 'import { createRequire as __agentPanelCreateRequire } from "node:module"; const require = __agentPanelCreateRequire(import.meta.url);' },
  logLevel: "silent",
};

const run = promisify(execFile);
const htmlModule = fileURLToPath(new URL("../../src/render/html.ts", import.meta.url));
const poolModule = fileURLToPath(new URL("../../src/render/render-pool.ts", import.meta.url));
const workerModule = fileURLToPath(new URL("../../src/render/render-worker-main.ts", import.meta.url));

/** The stand-in esbuild.config.mjs writes beside the bundled jsdom code. */
async function writeXhrStub(dirs: string[]): Promise<void> {
  for (const d of dirs) await writeFile(join(d, "xhr-sync-worker.js"), 'throw new Error("no sync XHR");\n');
}
let dir: string | undefined;

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("renderHtml in a single-file bundle", () => {
  it("bundles with jsdom and runs under plain node", async () => {
    dir = await mkdtemp(join(tmpdir(), "render-bundle-"));
    const entry = join(dir, "entry.ts");
    const outfile = join(dir, "out.mjs");
    await writeFile(entry, `import { renderHtml } from ${JSON.stringify(htmlModule)};\nconsole.log(renderHtml("**hi** <img src=x onerror=alert(1)> [a](https://e.com)"));\n`);
    await build({ ...BUNDLE_OPTIONS, entryPoints: [entry], outfile });
    await writeXhrStub([dir]);
    const { stdout } = await run(process.execPath, [outfile], { cwd: dir, timeout: 30_000 });
    expect(stdout.trim()).toBe('<p><strong>hi</strong> &lt;img src=x onerror=alert(1)&gt; <a href="https://e.com" target="_blank" rel="noopener noreferrer">a</a></p>');
  }, 60_000);

  it("runs the render worker from a split bundle (the pool in a chunk, the worker its own entry beside the main one)", async () => {
    dir ??= await mkdtemp(join(tmpdir(), "render-bundle-"));
    const entry = join(dir, "pool-entry.ts");
    const outdir = join(dir, "split");
    await writeFile(
      entry,
      `const { RenderPool } = await import(${JSON.stringify(poolModule)}); const pool = new RenderPool(); const r = await pool.render("**hi** <img src=x onerror=alert(1)>", true); console.log(JSON.stringify(r)); await pool.close();\n`,
    );
    await build({ ...BUNDLE_OPTIONS, entryPoints: { entry, "render-worker": workerModule }, outdir, splitting: true, chunkNames: "chunks/[name]-[hash]", outExtension: { ".js": ".mjs" } });
    await writeXhrStub([outdir, join(outdir, "chunks")]);
    const { stdout } = await run(process.execPath, [join(outdir, "entry.mjs")], { cwd: dir, timeout: 60_000 });
    const forms = JSON.parse(stdout.trim()) as { html?: { json: Record<string, number> }; unity?: { json: Record<string, number> } };
    const decode = (bytes: Record<string, number> | undefined): unknown => (bytes === undefined ? undefined : JSON.parse(Buffer.from(Object.values(bytes)).toString("utf8")));
    const out = { html: decode(forms.html?.json) as string | undefined, unity: decode(forms.unity?.json) as unknown[] | undefined };
    expect(out.html?.trim()).toBe("<p><strong>hi</strong> &lt;img src=x onerror=alert(1)&gt;</p>");
    expect(out.unity?.length).toBe(1);
  }, 90_000);
});
