#!/usr/bin/env node
// Quick-start launcher: installs dependencies on first use, rebuilds the bundle when sources are
// newer than it, then runs `dist/agent-panel.mjs` with the given arguments (`npm run doctor`).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { userEnv } from "./user-env.mjs";

const root = new URL("..", import.meta.url).pathname;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const bundle = join(root, "dist", "agent-panel.mjs");

if (!existsSync(join(root, "node_modules", "zod"))) {
  execFileSync(npm, ["ci", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
}
if (!existsSync(bundle) || newestSource(join(root, "sidecar", "src")) > statSync(bundle).mtimeMs) {
  execFileSync(process.execPath, ["esbuild.config.mjs"], { cwd: root, stdio: "inherit" });
}
// The user's claude, not the repository's test copy npm puts on PATH (see user-env.mjs).
const run = spawnSync(process.execPath, [bundle, ...process.argv.slice(2)], { stdio: "inherit", env: userEnv() });
process.exit(run.status ?? 1);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}
