// How the claude CLI is launched: the exact flags for resident bidirectional stream-json, and the
// environment it inherits (minus variables that would make it think it runs inside another agent).

/** What a chat asks of the claude process it launches. */
export interface LaunchOptions {
  claudePath: string;
  /** The Unity project root; the CLI's cwd and the key of its transcript directory. */
  cwd: string;
  resume?: string;
  forkSession?: boolean;
  model?: string;
  permissionMode?: string;
  /** Opt-in that lets the chat later switch to bypassPermissions. */
  allowBypassPermissions?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  /** JSON text or a file path, passed through to --mcp-config. */
  mcpConfig?: string;
  /** Base environment (defaults to process.env). */
  env?: NodeJS.ProcessEnv;
  /** Use only the user's Claude subscription login: drop ANTHROPIC_API_KEY from the environment. */
  subscriptionOnly?: boolean;
}

/** Flags every chat process gets: stream-json both ways, partial messages, replays, stdio permissions. */
export const baseArgs: readonly string[] = [
  "-p",
  "--input-format",
  "stream-json",
  "--output-format",
  "stream-json",
  "--verbose",
  "--include-partial-messages",
  "--replay-user-messages",
  "--permission-prompt-tool",
  "stdio",
];

/** Variables removed so a chat started from inside Claude Code or a Node debugger behaves normally. */
export const scrubbedEnv: readonly string[] = ["CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT", "CLAUDE_CODE_SESSION_ID", "NODE_OPTIONS"];

/** The argument vector for one chat process (no shell ever sees it). */
export function buildArgs(opts: LaunchOptions): string[] {
  const args = [...baseArgs];
  if (opts.resume) args.push("--resume", opts.resume);
  if (opts.resume && opts.forkSession) args.push("--fork-session");
  if (opts.model) args.push("--model", opts.model);
  if (opts.permissionMode) args.push("--permission-mode", opts.permissionMode);
  if (opts.allowBypassPermissions) args.push("--allow-dangerously-skip-permissions");
  if (opts.allowedTools?.length) args.push("--allowedTools", opts.allowedTools.join(","));
  if (opts.disallowedTools?.length) args.push("--disallowedTools", opts.disallowedTools.join(","));
  if (opts.mcpConfig) args.push("--mcp-config", opts.mcpConfig);
  return args;
}

/** The environment for one chat process. */
export function buildEnv(opts: Pick<LaunchOptions, "env" | "subscriptionOnly">): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(opts.env ?? process.env)) {
    if (value === undefined) continue;
    if (scrubbedEnv.includes(key)) continue;
    if (opts.subscriptionOnly && key === "ANTHROPIC_API_KEY") continue;
    env[key] = value;
  }
  return env;
}
