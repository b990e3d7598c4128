#!/usr/bin/env node
// Copies the built sidecar (dist/agent-panel.mjs) into the Unity package (unity-panel/Sidecar~/),
// which Unity never imports (the folder ends with "~"), so the package is self-contained apart from
// node and claude. Run after `npm run build`; `--check` only reports whether the copy is current.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(pkg, "..", "dist", "agent-panel.mjs");
const copy = join(pkg, "Sidecar~", "agent-panel.mjs");

if (!existsSync(built)) {
  console.error("dist/agent-panel.mjs is missing; run `npm run build` first.");
  process.exit(1);
}
const same = existsSync(copy) && readFileSync(copy).equals(readFileSync(built));
if (process.argv.includes("--check")) {
  if (!same) {
    console.error("unity-panel/Sidecar~/agent-panel.mjs is not the current build; run `node unity-panel/Tools~/sync-sidecar.mjs`.");
    process.exit(1);
  }
  console.log("Sidecar~/agent-panel.mjs is current");
} else if (same) {
  console.log("Sidecar~/agent-panel.mjs already current");
} else {
  mkdirSync(dirname(copy), { recursive: true });
  copyFileSync(built, copy);
  console.log("copied dist/agent-panel.mjs to unity-panel/Sidecar~/agent-panel.mjs");
}
