import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { Chat } from "../chat/chat.js";
import { projectTranscriptDir } from "../history/paths.js";
import { claudeVersion, locateClaude, type ClaudeSource } from "../claude/locate.js";
import { AgentPanelError } from "../shared/errors.js";

// `agent-panel doctor`: checks everything a chat needs on this machine and says how to fix what is
// missing. It starts claude once (no model call) to read the account from its initialize answer.

/** One line of the report. */
export interface DoctorCheck {
  name: string;
  ok: boolean;
  value: string;
  hint?: string;
  warnOnly?: boolean;
}

/** Options of the doctor command. */
export interface DoctorOptions {
  project?: string;
  claude?: string;
  env?: NodeJS.ProcessEnv;
  initTimeoutMs?: number;
}

/**
 * Run all checks; the caller prints them and exits non-zero if any required one failed. A project
 * folder that does not exist is an error (project_not_found), as it is for `serve`.
 */
export async function runDoctor(opts: DoctorOptions = {}): Promise<DoctorCheck[]> {
  const env = opts.env ?? process.env;
  const checks: DoctorCheck[] = [];
  const major = Number(process.versions.node.split(".")[0]);
  checks.push({ name: "node", ok: major >= 22, value: process.version, hint: major >= 22 ? undefined : "Install Node.js 22 or newer (Node 20 reached its end of life)." });

  const project = resolve(opts.project ?? process.cwd());
  if (!isDirectory(project)) throw new AgentPanelError("project_not_found", `Project folder ${project} does not exist; pass the Unity project root with --project.`);
  const isUnity = existsSync(join(project, "Assets")) && existsSync(join(project, "ProjectSettings"));
  checks.push({ name: "project", ok: isUnity, warnOnly: true, value: project, hint: isUnity ? undefined : "Not a Unity project root (no Assets/ and ProjectSettings/); chats still work here." });

  const transcripts = projectTranscriptDir(project, env);
  const sessions = existsSync(transcripts) ? readdirSync(transcripts).filter((f) => f.endsWith(".jsonl")).length : 0;
  checks.push({ name: "transcripts", ok: true, value: `${transcripts} (${sessions} session${sessions === 1 ? "" : "s"})` });

  let claudePath: string;
  try {
    const found = locateClaude({ explicitPath: opts.claude && resolve(opts.claude), explicitLabel: "--claude", env });
    claudePath = found.path;
    checks.push({ name: "claude", ok: true, value: `${found.path} (${SOURCE_WORDS[found.source]})` });
  } catch (err) {
    checks.push({ name: "claude", ok: false, value: "not found", hint: (err as Error).message });
    return checks;
  }
  try {
    checks.push({ name: "claude version", ok: true, value: await claudeVersion(claudePath) });
  } catch (err) {
    checks.push({ name: "claude version", ok: false, value: "unknown", hint: (err as Error).message });
    return checks;
  }
  checks.push(await accountCheck(claudePath, project, env, opts.initTimeoutMs ?? 30_000));
  return checks;
}

/** Render checks as aligned text lines. */
export function formatDoctor(checks: DoctorCheck[]): string {
  const width = Math.max(...checks.map((c) => c.name.length));
  return checks
    .map((c) => {
      const mark = c.ok ? "ok  " : c.warnOnly ? "warn" : "FAIL";
      const line = `${mark}  ${c.name.padEnd(width)}  ${c.value}`;
      return c.hint && !c.ok ? `${line}\n      ${" ".repeat(width)}  → ${c.hint}` : line;
    })
    .join("\n");
}

/** Why this claude binary was chosen, in a user's words. */
const SOURCE_WORDS: Record<ClaudeSource, string> = {
  explicit: "from --claude",
  env: "from the AGENT_PANEL_CLAUDE environment variable",
  "install-location": "Claude Code's install location",
  path: "found on PATH",
};

/** claude's names for where the model runs, as a user knows them. */
const PROVIDER_WORDS: Record<string, string> = {
  firstParty: "Anthropic API",
  bedrock: "Amazon Bedrock",
  vertex: "Google Vertex AI",
  foundry: "Microsoft Foundry",
};

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

async function accountCheck(claudePath: string, project: string, env: NodeJS.ProcessEnv, initTimeoutMs: number): Promise<DoctorCheck> {
  const chat = new Chat({ claudePath, cwd: existsSync(project) ? project : process.cwd(), env, initTimeoutMs });
  try {
    await chat.start();
    const account = chat.initInfo?.account ?? {};
    const source = account.apiKeySource ?? (account.tokenSource && account.tokenSource !== "none" ? account.tokenSource : undefined);
    const provider = account.apiProvider ? ` (${PROVIDER_WORDS[account.apiProvider] ?? account.apiProvider})` : "";
    if (source) return { name: "account", ok: true, value: `logged in: ${source === "ANTHROPIC_API_KEY" ? "API key from ANTHROPIC_API_KEY" : source}${provider}` };
    return { name: "account", ok: false, value: `not logged in${provider}`, hint: "Run `claude` in a terminal and use /login, or set ANTHROPIC_API_KEY." };
  } catch (err) {
    return { name: "account", ok: false, value: "claude did not start", hint: (err as Error).message };
  } finally {
    await chat.close();
  }
}
