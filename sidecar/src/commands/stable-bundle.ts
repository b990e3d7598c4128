import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { descriptorDir, type PlatformEnv } from "../shared/descriptor.js";

// A copy of the bundled sidecar at a path that does not change when the Unity package does: a
// Git-URL install lives in Library/PackageCache/<name>@<hash>/Sidecar~, and the hash changes with
// every update, which would break every MCP client configured with that path. `mcp-config` copies
// the bundle here (`<descriptor dir>/sidecar/`, e.g. ~/.local/share/AgentPanel/sidecar/) and prints
// this path; `serve` refreshes an existing copy when it runs from a different build.
// Files are copied over, never deleted: chunk names carry a content hash, so a process still
// running an older copy finds its chunks; the entry is replaced last, atomically.

/** The entry file every built bundle has. */
const ENTRY = "agent-panel.mjs";
/** Records which build the copy came from. */
const STAMP = "source.json";

/** The folder of the stable copy. */
export function stableBundleDir(env: PlatformEnv = {}): string {
  return path.join(descriptorDir(env), "sidecar");
}

/** The stable copy's entry file (what MCP client configurations run). */
export function stableBundleEntry(env: PlatformEnv = {}): string {
  return path.join(stableBundleDir(env), ENTRY);
}

/** The entry of the bundle this process runs from, or undefined when it does not run from a bundle. */
export function currentBundleEntry(script: string | undefined = process.argv[1]): string | undefined {
  if (script === undefined) return undefined;
  const entry = path.resolve(script);
  return path.basename(entry) === ENTRY && existsSync(path.join(path.dirname(entry), "chunks")) ? entry : undefined;
}

/** What identifies a build: its version and its entry's size and modification time. */
function stampOf(entry: string, version: string): string {
  const st = statSync(entry);
  return JSON.stringify({ version, size: st.size, mtimeMs: Math.round(st.mtimeMs), from: path.dirname(entry) });
}

/**
 * Copy the bundle whose entry is `source` to the stable folder unless that copy already comes from
 * the same build (or `source` is the stable copy itself). Returns the stable entry.
 */
export function installStableBundle(source: string, version: string, env: PlatformEnv = {}): string {
  const dest = stableBundleDir(env);
  const srcDir = path.dirname(path.resolve(source));
  if (path.resolve(dest) === srcDir) return path.join(dest, ENTRY);
  const stamp = stampOf(source, version);
  const stampFile = path.join(dest, STAMP);
  if (existsSync(path.join(dest, ENTRY)) && readText(stampFile) === stamp) return path.join(dest, ENTRY);
  mkdirSync(dest, { recursive: true, mode: 0o700 });
  copyTree(srcDir, dest, true);
  // The entry last, through a temporary name: a process starting now sees a whole entry whose chunks exist.
  const tmp = path.join(dest, `.${ENTRY}.${process.pid}.tmp`);
  copyFileSync(path.join(srcDir, ENTRY), tmp);
  renameSync(tmp, path.join(dest, ENTRY));
  writeFileSync(stampFile, stamp);
  return path.join(dest, ENTRY);
}

/** `installStableBundle` for `serve`: only when a copy exists already, and never fatal. */
export function refreshStableBundle(source: string | undefined, version: string, env: PlatformEnv = {}, log?: (line: string) => void): void {
  if (source === undefined || !existsSync(stableBundleEntry(env))) return;
  try {
    installStableBundle(source, version, env);
  } catch (err) {
    log?.(`could not refresh the sidecar copy in ${stableBundleDir(env)}: ${(err as Error).message}`);
  }
}

function copyTree(from: string, to: string, top: boolean): void {
  for (const name of readdirSync(from)) {
    if (top && (name === ENTRY || name === STAMP)) continue;
    const src = path.join(from, name);
    const dst = path.join(to, name);
    if (statSync(src).isDirectory()) {
      mkdirSync(dst, { recursive: true });
      copyTree(src, dst, false);
    } else copyFileSync(src, dst);
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
