import { createHash } from "node:crypto";
import { homedir } from "node:os";
import path from "node:path";

// Where a running sidecar announces itself so Unity (and a second `serve`) can find it: one small
// JSON descriptor per project, named after a hash of the project root.
//
// The hash rule, which the C# side must reproduce byte for byte:
//   1. Make the project root absolute and collapse "." / ".." segments (path.resolve; symbolic
//      links are NOT followed, and no Unicode normalization is applied).
//   2. Windows: separators become "\", a leading drive letter is lower-cased ("C:" → "c:"), the
//      rest keeps its case. Elsewhere: separators are "/".
//   3. Remove trailing separators, except for a filesystem root ("/", "c:\").
//   4. SHA-256 over the UTF-8 bytes of that string; <hash> = the first 16 lower-case hex digits.
// Test vectors live in sidecar/test/bridge/descriptor.test.ts.
//
// Files live in %LOCALAPPDATA%\AgentPanel\ on Windows and in $XDG_DATA_HOME/AgentPanel/ (default
// ~/.local/share/AgentPanel/) elsewhere: <hash>.json (descriptor), <hash>.token, <hash>.lock.

/** The platform facts the path rules depend on; injectable so tests cover Windows on Linux. */
export interface PlatformEnv {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** Working directory used to make a relative root absolute. */
  cwd?: string;
}

/** The files that belong to one project's sidecar. */
export interface DescriptorPaths {
  dir: string;
  hash: string;
  project: string;
  descriptor: string;
  token: string;
  lock: string;
}

/** Resolve every path the sidecar of `projectRoot` uses to announce itself. */
export function descriptorPaths(projectRoot: string, opts: PlatformEnv = {}): DescriptorPaths {
  const project = normalizeProjectRoot(projectRoot, opts);
  const hash = hashNormalizedRoot(project);
  const dir = descriptorDir(opts);
  const p = pathApi(opts.platform);
  return { dir, hash, project, descriptor: p.join(dir, `${hash}.json`), token: p.join(dir, `${hash}.token`), lock: p.join(dir, `${hash}.lock`) };
}

/** The canonical form of a project root (see the rule at the top of this file). */
export function normalizeProjectRoot(projectRoot: string, opts: PlatformEnv = {}): string {
  const platform = opts.platform ?? process.platform;
  const p = pathApi(platform);
  const cwd = opts.cwd ?? (platform === process.platform ? process.cwd() : p.sep);
  let out = p.resolve(cwd, projectRoot);
  if (platform === "win32") {
    out = out.replace(/\//g, "\\").replace(/^([A-Za-z]):/, (_m, d: string) => `${d.toLowerCase()}:`);
  }
  const root = p.parse(out).root;
  while (out.length > root.length && (out.endsWith("/") || (platform === "win32" && out.endsWith("\\")))) out = out.slice(0, -1);
  return out;
}

/** The 16-hex-digit key of a project root, used for the descriptor, token and lock file names. */
export function projectHash(projectRoot: string, opts: PlatformEnv = {}): string {
  return hashNormalizedRoot(normalizeProjectRoot(projectRoot, opts));
}

/** SHA-256 of an already-normalized root (exported for the port derivation and tests). */
export function rootDigest(normalizedRoot: string): Buffer {
  return createHash("sha256").update(normalizedRoot, "utf8").digest();
}

/** The directory holding descriptors on this platform. */
export function descriptorDir(opts: PlatformEnv = {}): string {
  const platform = opts.platform ?? process.platform;
  const env = opts.env ?? process.env;
  const home = opts.home ?? homedir();
  const p = pathApi(platform);
  if (platform === "win32") {
    const local = nonEmpty(env.LOCALAPPDATA) ?? p.join(home, "AppData", "Local");
    return p.join(local, "AgentPanel");
  }
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const xdg = nonEmpty(env.XDG_DATA_HOME);
  const base = xdg !== undefined && p.isAbsolute(xdg) ? xdg : p.join(home, ".local", "share");
  return p.join(base, "AgentPanel");
}

function hashNormalizedRoot(normalized: string): string {
  return rootDigest(normalized).toString("hex").slice(0, 16);
}

function pathApi(platform: NodeJS.Platform | undefined): path.PlatformPath {
  return (platform ?? process.platform) === "win32" ? path.win32 : path.posix;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value : undefined;
}
