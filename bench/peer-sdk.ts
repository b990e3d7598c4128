import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The peer the history figures stand beside: the Claude Agent SDK's own session listing
// (`listSessions`, the TypeScript twin of the Python SDK's `list_sessions`), run in a fresh node
// process over the same transcripts, as a user's script would. Installed on first use into
// .tmp/tools/agent-sdk from the npm registry (without its optional native claude binary, which a
// listing does not need), so the project itself does not depend on it.

/** The Agent SDK release the figures were taken with. */
export const AGENT_SDK_VERSION = "0.3.336";

const root = join(import.meta.dirname, "..");
const dir = join(root, ".tmp", "tools", "agent-sdk");

/** A script that lists a project's sessions with the Agent SDK (argv: the project folder), or undefined (with the reason printed) where it cannot be installed. */
export function agentSdkLister(): string | undefined {
  const entry = join(dir, "node_modules", "@anthropic-ai", "claude-agent-sdk", "package.json");
  try {
    if (!existsSync(entry)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.json"), '{ "private": true }\n');
      execFileSync("npm", ["install", "--no-audit", "--no-fund", "--omit=optional", "--ignore-scripts", `@anthropic-ai/claude-agent-sdk@${AGENT_SDK_VERSION}`], { cwd: dir, stdio: "ignore" });
    }
  } catch (err) {
    console.log(`  the Agent SDK could not be installed for the comparison (${(err as Error).message.split("\n")[0]}): history figures stand beside their floors only`);
    return undefined;
  }
  const script = join(dir, "list-sessions.mjs");
  // Prints every session as JSON, like `agent-panel sessions --json` does, so both pay for their output.
  writeFileSync(script, 'import { listSessions } from "@anthropic-ai/claude-agent-sdk";\nprocess.stdout.write(JSON.stringify(await listSessions({ dir: process.argv[2] })) + "\\n");\n');
  return script;
}
