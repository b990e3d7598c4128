// Bundles the sidecar into one self-contained ESM file (dist/agent-panel.mjs) that runs with a
// plain `node`, all dependencies inlined. `node esbuild.config.mjs` (npm run build).
import { build } from "esbuild";
import { readFileSync, chmodSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

await build({
  entryPoints: ["sidecar/src/bin.ts"],
  outfile: "dist/agent-panel.mjs",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: false,
  legalComments: "none",
  define: { __AGENT_PANEL_VERSION__: JSON.stringify(pkg.version) },
  // Some dependencies are CommonJS and call require(); give the ESM bundle a real one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __apCreateRequire } from 'node:module';\nconst require = __apCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
chmodSync("dist/agent-panel.mjs", 0o755);
console.log("built dist/agent-panel.mjs");
