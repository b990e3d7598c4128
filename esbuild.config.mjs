// Bundles the sidecar into a self-contained ESM entry (dist/agent-panel.mjs) plus the chunks it
// imports on demand (dist/chunks/), all dependencies inlined; it runs with a plain `node`.
// Splitting lets each subcommand load only what it needs (`--version` parses 2 KB, not 5 MB).
// `node esbuild.config.mjs` (npm run build).
import { build } from "esbuild";
import { existsSync, readFileSync, readdirSync, chmodSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { builtinModules } from "node:module";
import { buildWebAssets, embedWebAssetsPlugin } from "./sidecar/src/web/build-web.mjs";
import { mcpTypeGuardsPlugin, zodFailureResultPlugin } from "./scripts/bundle-patches.mjs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

// The browser panel (sidecar/src/web/app) is built first and embedded: the plugin replaces the
// module sidecar/src/web/assets.ts with one returning the prebuilt strings, so the single-file
// bundle serves the panel from memory and never loads esbuild (see build-web.mjs).
const web = await buildWebAssets({ minify: true });
// Chunk names carry a content hash: drop the previous build's so none is left behind, and the
// CommonJS files beside the entry, so one an older build wrote does not reach Sidecar~.
rmSync("dist/chunks", { recursive: true, force: true });
if (existsSync("dist")) for (const f of readdirSync("dist")) if (f.endsWith(".cjs")) rmSync(join("dist", f), { force: true });

await build({
  entryPoints: { "agent-panel": "sidecar/src/bin.ts" },
  outdir: "dist",
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  // Paths as the checkout sees them: a node_modules reached through a symlink (a git worktree) must
  // give the same chunk names as a real one, or the committed Sidecar~ copy would look stale.
  preserveSymlinks: true,
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
    __AGENT_PANEL_BUNDLED__: "true",
  },
  // An optional jsdom dependency, loaded inside try/catch and never installed.
  external: ["canvas"],
  // Some dependencies are CommonJS and call require(); give the ESM bundle a real one.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __apCreateRequire } from 'node:module';\nconst require = __apCreateRequire(import.meta.url);",
  },
  plugins: [embedWebAssetsPlugin(web), zodEnglishOnlyPlugin(), zodFailureResultPlugin(), mcpTypeGuardsPlugin(), builtinsByRequirePlugin()],
  logLevel: "warning",
});
chmodSync("dist/agent-panel.mjs", 0o755);
// `sessions` answered from its kept output (sidecar/src/commands/sessions-fast.ts): one CommonJS
// file the entry requires, since loading it costs a fraction of the ESM chunks the full command needs.
await build({
  entryPoints: ["sidecar/src/commands/sessions-fast.ts"],
  outfile: "dist/sessions-fast.cjs",
  bundle: true,
  preserveSymlinks: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: "none",
  define: { __AGENT_PANEL_VERSION__: JSON.stringify(pkg.version) },
  logLevel: "warning",
});
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

/**
 * Node builtins reached through `require` instead of ESM `import`. An ESM import of a builtin
 * builds its whole export namespace, which runs every lazy getter: `import … from "node:fs"` alone
 * loads fs/promises, the stream stack, readline and the watchers (some 30 internal modules) in every
 * process, `--version` included. A file that imports only names gets a small module exporting just
 * those names, each read from `require(builtin)` (on Node 24, merely listing node:util's property
 * descriptors loads the stream and worker stacks, so the names are never enumerated); a default or
 * namespace import gets `module.exports = require(builtin)`. Every output file has a real `require`
 * (the banner), so the builtin itself stays external.
 */
function builtinsByRequirePlugin() {
  const builtin = new Set(builtinModules);
  const isBuiltin = (p) => p.startsWith("node:") || builtin.has(p);
  return {
    name: "builtins-by-require",
    setup(b) {
      b.onResolve({ filter: /^[a-z0-9_:/]+$/ }, (args) => {
        if (!isBuiltin(args.path)) return undefined;
        if (args.kind === "require-call" && args.namespace.startsWith("builtin-")) return { path: args.path, external: true };
        if (args.kind !== "import-statement" && args.kind !== "dynamic-import") return undefined;
        const names = args.kind === "import-statement" ? namedImportsOnly(args.importer, args.path) : undefined;
        return names ? { path: `${args.path}?${names.join(",")}`, namespace: "builtin-names" } : { path: args.path, namespace: "builtin-whole" };
      });
      b.onLoad({ filter: /.*/, namespace: "builtin-whole" }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});\n`, loader: "js" }));
      b.onLoad({ filter: /.*/, namespace: "builtin-names" }, (args) => {
        const [id, list] = args.path.split("?");
        const lines = [`const m = require(${JSON.stringify(id)});`];
        for (const name of list.split(",").filter(Boolean)) lines.push(`export const ${name} = m.${name};`);
        return { contents: lines.join("\n") + "\n", loader: "js" };
      });
    },
  };
}

/**
 * The names `importer` imports from `spec`, when every import of it there is a plain named import
 * (`import { a, b as c } from "spec"`); undefined when any is a default or namespace import, a
 * re-export, or the file cannot be read.
 */
function namedImportsOnly(importer, spec) {
  let source;
  try {
    source = readFileSync(importer, "utf8");
  } catch {
    return undefined;
  }
  const quoted = `["']${spec.replace(/[/]/g, "\\/")}["']`;
  const all = [...source.matchAll(new RegExp(`(?:import|export)\\s*([^;"']*?)\\s*from\\s*${quoted}`, "g"))];
  if (all.length === 0) return undefined;
  const names = new Set();
  for (const [, clause] of all) {
    const m = /^(?:import\s*)?\{([^}]*)\}$/.exec(clause.trim());
    if (!m || /^export/.test(clause)) return undefined;
    for (const part of m[1].split(",").map((x) => x.trim()).filter(Boolean)) {
      if (part.startsWith("type ")) continue;
      const name = part.split(/\s+as\s+/)[0].trim();
      if (!/^[A-Za-z_$][\w$]*$/.test(name) || name === "default") return undefined;
      names.add(name);
    }
  }
  return names.size > 0 ? [...names].sort() : undefined;
}
