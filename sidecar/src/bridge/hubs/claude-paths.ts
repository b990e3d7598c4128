import { readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { locateClaude } from "../../claude/locate.js";
import { AgentPanelError } from "../../shared/errors.js";

// Which claude executables a connection may ask a chat to start. A client that holds the token
// must still not be able to run an arbitrary program through `chat.open {claudePath}`: the path
// must be one the user set on this machine — the one the sidecar was started with (--claude, from
// Unity's settings) or found, or one listed in `claude-paths.json` beside the descriptor, a file
// only the user can write.

/** Name of the allow-list file in the descriptor directory: a JSON array of absolute paths. */
export const CLAUDE_PATHS_FILE = "claude-paths.json";

/** The paths a client may name: `configured` plus the allow-list file's entries (if the file is the user's alone). */
export function trustedClaudePaths(configured: Array<string | undefined>, descriptorDir: string | undefined): string[] {
  const out = configured.filter((p): p is string => p !== undefined && p !== "");
  if (descriptorDir === undefined) return out;
  const file = join(descriptorDir, CLAUDE_PATHS_FILE);
  try {
    const st = statSync(file);
    // Written by someone else, or writable by others: not the user's choice, ignore it.
    if (process.platform !== "win32" && (st.uid !== process.getuid?.() || (st.mode & 0o022) !== 0)) return out;
    const list = JSON.parse(readFileSync(file, "utf8")) as unknown;
    if (Array.isArray(list)) for (const p of list) if (typeof p === "string" && p !== "") out.push(p);
  } catch {
    // No file (the usual case) or unreadable: only the configured paths.
  }
  return out;
}

/** The located executable for a client's `claudePath`, or `claude_path_not_allowed` when the user did not set it. */
export function allowedClaudePath(requested: string, trusted: string[]): string {
  const wanted = canonical(resolve(requested));
  if (!trusted.some((t) => canonical(resolve(t)) === wanted)) {
    throw new AgentPanelError(
      "claude_path_not_allowed",
      `${requested} is not a claude executable set for this sidecar. Choose it in Agent Panel's Settings and restart the sidecar, or start it with --claude <path> (or list it in ${CLAUDE_PATHS_FILE} beside the descriptor).`,
    );
  }
  // A path from the panel's settings must exist (no fallback search): a wrong one fails here, with what to do.
  return locateClaude({ explicitPath: resolve(requested) }).path;
}

function canonical(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
