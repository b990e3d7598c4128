// Finding the claude CLI binary and asking it for its version. The search is pure (platform,
// env, home directory and file access are injected) so the Windows rules are testable on Linux.
import { readFileSync, statSync } from "node:fs";
import { homedir as osHomedir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import { AgentPanelError } from "../shared/errors.js";

/** Where a located binary came from, shown by `doctor` so users know which one runs. */
export type ClaudeSource = "explicit" | "env" | "install-location" | "path";

/** The result of a successful search. */
export interface LocatedClaude {
  path: string;
  source: ClaudeSource;
}

/** The file access the search needs; injected so tests can fake a Windows disk. */
export interface LocateFs {
  isFile(p: string): boolean;
  readText(p: string): string | undefined;
}

/** Inputs of locateClaude; everything defaults to the current process. */
export interface LocateOptions {
  /** A path the user configured; when given it must exist (no fallback). */
  explicitPath?: string | undefined;
  /** Where the explicit path came from, for messages (default "the panel settings"). */
  explicitLabel?: string;
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  homedir?: string;
  fs?: LocateFs;
  /** npm's global prefix; default: NPM_CONFIG_PREFIX, else %APPDATA%\npm / node's install prefix. */
  npmPrefix?: string | undefined;
}

/** Env var that points the sidecar at a specific claude binary. */
export const CLAUDE_ENV_VAR = "AGENT_PANEL_CLAUDE";

/** Raised when no usable claude binary is found; `searched` lists every place looked at. */
export class ClaudeNotFoundError extends AgentPanelError {
  constructor(
    message: string,
    readonly searched: string[],
    options?: { cause?: unknown },
  ) {
    super("claude_not_found", message, { cause: options?.cause, details: { searched } });
  }
}

/** Raised when `claude --version` cannot be run or prints something unexpected. */
export class ClaudeVersionError extends AgentPanelError {
  constructor(code: "claude_not_runnable" | "claude_version_timeout" | "claude_version_unparsable", message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

const INSTALL_HINT = "Install Claude Code (npm install -g @anthropic-ai/claude-code), or set the claude path " + `in the panel settings or the ${CLAUDE_ENV_VAR} environment variable.`;

/** Finds claude: explicit option, then AGENT_PANEL_CLAUDE, then install locations, then PATH. */
export function locateClaude(opts: LocateOptions = {}): LocatedClaude {
  const platform = opts.platform ?? process.platform;
  const win = platform === "win32";
  const p = win ? path.win32 : path.posix;
  const env = opts.env ?? process.env;
  const fs = opts.fs ?? nodeFs;
  const home = opts.homedir ?? osHomedir();
  const searched: string[] = [];
  // A .cmd/.bat shim cannot be spawned without a shell: resolve it to the .exe it launches.
  const usable = (file: string): string | undefined => {
    if (!searched.includes(file)) searched.push(file);
    if (!fs.isFile(file)) return undefined;
    return win && /\.(cmd|bat)$/i.test(file) ? resolveCmdShim(file, fs) : file;
  };

  for (const [given, source, what] of [
    [opts.explicitPath, "explicit", opts.explicitLabel === undefined ? "The claude path set in the panel settings" : `The claude path given by ${opts.explicitLabel}`],
    [getEnv(env, CLAUDE_ENV_VAR, win), "env", `The ${CLAUDE_ENV_VAR} environment variable`],
  ] as const) {
    if (given === undefined || given.trim() === "") continue;
    const found = usable(given.trim());
    if (found !== undefined) return { path: found, source };
    throw new ClaudeNotFoundError(`${what} points to "${given}", which is not a usable claude binary. ` + "Fix or clear that setting to let the panel search the usual install locations.", [
      ...searched,
    ]);
  }

  for (const candidate of installLocations(platform, env, home, opts.npmPrefix)) {
    const found = usable(candidate);
    if (found !== undefined) return { path: found, source: "install-location" };
  }

  const pathDirs = (getEnv(env, "PATH", win) ?? "")
    .split(p.delimiter)
    .map((d) => d.trim().replace(/^"(.*)"$/, "$1"))
    .filter((d) => d !== "");
  const exts = win ? windowsPathExts(env) : [""];
  for (const dir of pathDirs) {
    for (const ext of exts) {
      const found = usable(p.join(dir, `claude${ext}`));
      if (found !== undefined) return { path: found, source: "path" };
    }
  }

  throw new ClaudeNotFoundError(`Claude Code (the claude binary) was not found. ${INSTALL_HINT} ` + `Searched: ${searched.join(", ")}`, searched);
}

/** Runs `<path> --version` (no shell, 10 s timeout) and returns the version, e.g. "2.1.332". */
export async function claudeVersion(binary: string, timeoutMs = 10_000): Promise<string> {
  const run = await execa(binary, ["--version"], {
    timeout: timeoutMs,
    reject: false,
    stdin: "ignore",
    env: { DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" },
  });
  if (run.timedOut) {
    throw new ClaudeVersionError(
      "claude_version_timeout",
      `"${binary} --version" did not answer within ${timeoutMs / 1000} s. ` + "Check that the binary is not blocked (antivirus, permissions) and try again.",
    );
  }
  const version = /\b(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?)/.exec(String(run.stdout))?.[1];
  if (run.failed && (run.exitCode === undefined || version === undefined)) {
    throw new ClaudeVersionError(
      "claude_not_runnable",
      `Could not run "${binary} --version": ${run.shortMessage}. ` + `Check that the file is the Claude Code binary and is executable. ${INSTALL_HINT}`,
      { cause: run.cause },
    );
  }
  if (version === undefined) {
    throw new ClaudeVersionError(
      "claude_version_unparsable",
      `"${binary} --version" printed no version (${JSON.stringify(String(run.stdout).slice(0, 200))}). ` + "Make sure the path points to the Claude Code CLI.",
    );
  }
  return version;
}

/** Install locations of each platform, in the order they are tried. */
function installLocations(platform: NodeJS.Platform, env: Record<string, string | undefined>, home: string, npmPrefix: string | undefined): string[] {
  if (platform === "win32") {
    const p = path.win32;
    const appData = getEnv(env, "APPDATA", true);
    const prefix = npmPrefix ?? getEnv(env, "NPM_CONFIG_PREFIX", true) ?? (appData === undefined ? undefined : p.join(appData, "npm"));
    const profile = getEnv(env, "USERPROFILE", true) ?? home;
    const list: string[] = [];
    if (prefix !== undefined) {
      list.push(p.join(prefix, "node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe"));
    }
    list.push(p.join(profile, ".local", "bin", "claude.exe"));
    return list;
  }
  const p = path.posix;
  const prefix = npmPrefix ?? env.NPM_CONFIG_PREFIX ?? env.npm_config_prefix ?? p.dirname(p.dirname(process.execPath));
  const list = [p.join(home, ".local", "bin", "claude"), "/usr/local/bin/claude", "/opt/homebrew/bin/claude"];
  list.push(p.join(prefix, "bin", "claude"));
  return [...new Set(list)];
}

/** Reads the .exe an npm cmd-shim launches ("%dp0%\...\claude.exe" %*); undefined if none. */
export function resolveCmdShim(shimPath: string, fs: LocateFs): string | undefined {
  const text = fs.readText(shimPath);
  if (text === undefined) return undefined;
  const dir = path.win32.dirname(shimPath);
  const candidates: string[] = [];
  for (const m of text.matchAll(/"(%~dp0|%dp0%)\\?([^"]+?\.exe)"/gi)) {
    candidates.push(path.win32.join(dir, m[2]!));
  }
  for (const m of text.matchAll(/"([A-Za-z]:\\[^"]+?\.exe)"/g)) candidates.push(path.win32.normalize(m[1]!));
  return candidates.find((c) => !/(^|\\)node\.exe$/i.test(c) && fs.isFile(c));
}

/** PATHEXT extensions, lower-cased, with the Windows default when unset. */
function windowsPathExts(env: Record<string, string | undefined>): string[] {
  const raw = getEnv(env, "PATHEXT", true) ?? ".COM;.EXE;.BAT;.CMD";
  return raw
    .split(";")
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e.startsWith("."));
}

/** Reads an env var; on Windows names are case-insensitive ("Path" vs "PATH"). */
function getEnv(env: Record<string, string | undefined>, name: string, win: boolean): string | undefined {
  const direct = env[name];
  if (direct !== undefined || !win) return direct;
  const key = Object.keys(env).find((k) => k.toUpperCase() === name.toUpperCase());
  return key === undefined ? undefined : env[key];
}

const nodeFs: LocateFs = {
  isFile(p) {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  },
  readText(p) {
    try {
      return readFileSync(p, "utf8");
    } catch {
      return undefined;
    }
  },
};
