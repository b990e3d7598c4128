// Bundles the sidecar into a self-contained ESM entry (dist/agent-panel.mjs), the render worker's
// entry (dist/render-worker.mjs) and the chunks they import on demand (dist/chunks/), all
// dependencies inlined as they are installed; it runs with a plain `node`. Splitting lets each
// subcommand load only what it needs (`--version` parses a few KB, not megabytes).
// `node esbuild.config.mjs` (npm run build).
import { build } from "esbuild";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildWebAssets, embedWebAssetsPlugin } from "./sidecar/src/web/build-web.mjs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The browser panel (sidecar/src/web/app) is built first and embedded: the plugin replaces the
// module sidecar/src/web/assets.ts with one returning the prebuilt strings, so the single-file
// bundle serves the panel from memory and never loads esbuild (see build-web.mjs).
const web = await buildWebAssets({ minify: true });
// Chunk names carry a content hash: start from an empty dist/ so no file of an older build is left
// behind to reach Sidecar~.
rmSync("dist", { recursive: true, force: true });

await build({
  entryPoints: { "agent-panel": "sidecar/src/bin.ts", "render-worker": "sidecar/src/render/render-worker-main.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  // Paths as the checkout sees them: a node_modules reached through a symlink (a git worktree) must
  // give the same chunk names as a real one, or the committed Sidecar~ copy would look stale.
  preserveSymlinks: true,
  platform: "node",
  target: "node22",
  format: "esm",
  sourcemap: false,
  // Whitespace and syntax only: identifiers stay readable in stack traces, and the smaller file
  // starts faster and keeps less source in memory.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  define: { __AGENT_PANEL_VERSION__: JSON.stringify(pkg.version) },
  // An optional jsdom dependency, loaded inside try/catch and never installed.
  external: ["canvas"],
  // Some dependencies are CommonJS and call require(); give the ESM bundle a real one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __apCreateRequire } from 'node:module';\nconst require = __apCreateRequire(import.meta.url);",
  },
  plugins: [embedWebAssetsPlugin(web), zodEnglishOnlyPlugin()],
  logLevel: "warning",
});
chmodSync("dist/agent-panel.mjs", 0o755);
// jsdom (which sanitizes HTML) resolves `./xhr-sync-worker.js` beside its own code when it loads,
// for synchronous XMLHttpRequest, which the sidecar never makes. The file is not part of the
// bundle, so a stand-in that refuses is put wherever the bundled jsdom code may sit.
const XHR_SYNC_STUB = 'throw new Error("Synchronous XMLHttpRequest is not supported by the Agent Panel sidecar.");\n';
for (const dir of ["dist", "dist/chunks"]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "xhr-sync-worker.js"), XHR_SYNC_STUB);
}
console.log(`built dist/agent-panel.mjs (browser panel embedded: ${web.js.length + web.css.length + web.html.length} bytes)`);

/**
 * zod re-exports its error messages in some 50 languages as `z.locales`, which makes every process
 * that validates anything parse 300 KB it never runs: the sidecar uses only the English messages
 * zod installs by default. `z.locales` keeps `en` and nothing else.
 */
function zodEnglishOnlyPlugin() {
  return {
    name: "zod-english-only",
    setup(b) {
      // A path without the checkout's location, so chunk names are the same in every clone.
      b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: "zod/locales/english-only", namespace: "zod-locales", pluginData: join(dirname(args.importer), "..", "locales") } : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({ contents: 'export { default as en } from "./en.js";\n', resolveDir: args.pluginData }));
    },
  };
}
