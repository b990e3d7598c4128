import { realpathSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

// Where Claude Code keeps a project's transcripts: ~/.claude/projects/<encoded cwd>/, or under
// CLAUDE_CONFIG_DIR when set. The encoding must match the CLI's exactly, or history goes missing.

/** Longest directory name the CLI writes before cutting it and adding a hash. */
export const MAX_DIR_NAME = 200;

/** The CLI's directory name for a project path (counts UTF-16 code units, like the CLI). */
export function encodeProjectDir(projectPath: string): string {
  const encoded = projectPath.replace(/[^a-zA-Z0-9]/g, "-");
  if (encoded.length <= MAX_DIR_NAME) return encoded;
  return `${encoded.slice(0, MAX_DIR_NAME)}-${Math.abs(javaHash(projectPath)).toString(36)}`;
}

/** Claude Code's configuration directory for an environment. */
export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return env.CLAUDE_CONFIG_DIR && env.CLAUDE_CONFIG_DIR.trim() !== "" ? env.CLAUDE_CONFIG_DIR : join(home, ".claude");
}

/** The transcript directory of one project. */
export function projectTranscriptDir(projectPath: string, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(claudeConfigDir(env, home), "projects", encodeProjectDir(projectPath));
}

/** The transcript directory the CLI uses for a project root (symlinks resolved, like the CLI's cwd). */
export function transcriptDirFor(projectRoot: string, env?: NodeJS.ProcessEnv, home?: string): string {
  let root = resolve(projectRoot);
  if (process.platform !== "win32") {
    try {
      root = realpathSync.native(root);
    } catch {
      // not there (yet): use the path as given
    }
  }
  return projectTranscriptDir(root, env, home);
}

/** Java's String.hashCode over UTF-16 code units, as a signed 32-bit integer. */
export function javaHash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return h;
}
