// Bundles the sidecar into one self-contained ESM file (dist/agent-panel.mjs) that runs with a
// plain `node`, all dependencies inlined. `node esbuild.config.mjs` (npm run build).
import { build } from "esbuild";
import { readFileSync, chmodSync } from "node:fs";
import { buildWebAssets, embedWebAssetsPlugin } from "./sidecar/src/web/build-web.mjs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The browser panel (sidecar/src/web/app) is built first and embedded: the plugin replaces the
// module sidecar/src/web/assets.ts with one returning the prebuilt strings, so the single-file
// bundle serves the panel from memory and never loads esbuild (see build-web.mjs).
const web = await buildWebAssets({ minify: true });

await build({
  entryPoints: ["sidecar/src/bin.ts"],
  outfile: "dist/agent-panel.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: false,
  // Whitespace and syntax only: identifiers stay readable in stack traces, and the smaller file
  // starts faster and keeps less source in memory.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  define: {
    __AGENT_PANEL_VERSION__: JSON.stringify(pkg.version),
    // jsdom (used to sanitize HTML) resolves a worker file next to itself for synchronous XHR,
    // which the sidecar never uses and which does not exist beside the bundle.
    "require.resolve": "undefined",
  },
  // An optional jsdom dependency, loaded inside try/catch and never installed.
  external: ["canvas"],
  // Some dependencies are CommonJS and call require(); give the ESM bundle a real one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __apCreateRequire } from 'node:module';\nconst require = __apCreateRequire(import.meta.url);",
  },
  plugins: [embedWebAssetsPlugin(web)],
  logLevel: "warning",
});
chmodSync("dist/agent-panel.mjs", 0o755);
console.log(`built dist/agent-panel.mjs (browser panel embedded: ${web.js.length + web.css.length + web.html.length} bytes)`);
