#!/usr/bin/env node
// Copies the built sidecar (every file of dist/: the entries, the chunks they load on demand in
// dist/chunks/, jsdom's stand-in file) into the Unity package (unity-panel/Sidecar~/), which Unity never imports (the folder ends with
// "~"), so the package is self-contained apart from node and claude. Run after `npm run build`;
// `--check` only reports whether the copy is current.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { relative, sep } from "node:path";
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

/** Every file under `dir`, as sorted paths relative to it with "/" (none when it does not exist). */
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}
