#!/usr/bin/env node
// Copies the built sidecar (dist/agent-panel.mjs, the CommonJS files it requires and the chunks it
// loads on demand, dist/chunks/)
// into the Unity package (unity-panel/Sidecar~/), which Unity never imports (the folder ends with
// "~"), so the package is self-contained apart from node and claude. Run after `npm run build`;
// `--check` only reports whether the copy is current.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(pkg, "..", "dist");
const copy = join(pkg, "Sidecar~");

if (!existsSync(join(built, "agent-panel.mjs"))) {
  console.error("dist/agent-panel.mjs is missing; run `npm run build` first.");
  process.exit(1);
}
const wanted = files(built);
const present = files(copy);
const stale = [
  ...wanted.filter((f) => !present.includes(f) || !readFileSync(join(copy, f)).equals(readFileSync(join(built, f)))),
  ...present.filter((f) => !wanted.includes(f)),
];
if (process.argv.includes("--check")) {
  if (stale.length > 0) {
    console.error(`unity-panel/Sidecar~ is not the current build (${stale.join(", ")}); run \`node unity-panel/Tools~/sync-sidecar.mjs\`.`);
    process.exit(1);
  }
  console.log("Sidecar~ is current");
} else if (stale.length === 0) {
  console.log("Sidecar~ already current");
} else {
  for (const f of present.filter((f) => !wanted.includes(f))) rmSync(join(copy, f));
  for (const f of wanted) {
    mkdirSync(dirname(join(copy, f)), { recursive: true });
    copyFileSync(join(built, f), join(copy, f));
  }
  console.log(`copied dist/ to unity-panel/Sidecar~ (${wanted.length} files)`);
}

/** The bundle's files relative to `dir`: the entry, the CommonJS files beside it (sessions-fast.cjs) and every chunk. */
function files(dir) {
  if (!existsSync(dir)) return [];
  const chunks = existsSync(join(dir, "chunks")) ? readdirSync(join(dir, "chunks")).filter((f) => f.endsWith(".mjs")).map((f) => `chunks/${f}`) : [];
  const beside = readdirSync(dir).filter((f) => f.endsWith(".cjs")).sort();
  return [...(existsSync(join(dir, "agent-panel.mjs")) ? ["agent-panel.mjs"] : []), ...beside, ...chunks.sort()];
}
