import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The peers the history figures stand beside: the Claude Agent SDK's own session listing, run in
// a fresh process over the same transcripts, as a user's script would. The TypeScript SDK's
// `listSessions` is installed on first use into .tmp/tools/agent-sdk from the npm registry (without
// its optional native claude binary, which a listing does not need), so the project itself does
// not depend on it. The Python SDK's `list_sessions` is used where it can be imported: installed
// for the `python3` on PATH, or in the folder BENCH_PY_AGENT_SDK names (put first on PYTHONPATH);
// the bench never installs Python packages itself.

/** The TypeScript Agent SDK release the figures were taken with. */
export const AGENT_SDK_VERSION = "0.3.336";

/** How to run one peer's listing: `cmd` with `args` then the project folder; `env` is added to the run's own. */
export interface PeerLister {
  /** Names its figures (`sessions_warm_vs_<key>_ms`). */
  key: string;
  what: string;
  cmd: string;
  args: string[];
  env: Record<string, string>;
}

const root = join(import.meta.dirname, "..");
const tools = join(root, ".tmp", "tools");

/** The TypeScript SDK's listing in a new node process, or undefined (with the reason printed) where it cannot be installed. */
export function agentSdkLister(): PeerLister | undefined {
  const dir = join(tools, "agent-sdk");
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
  return { key: "ts_sdk", what: `the Agent SDK's listSessions ${AGENT_SDK_VERSION} in a new node process`, cmd: process.execPath, args: [script], env: {} };
}

/** The same listing with the Python SDK, printed as JSON too. */
const PY_LISTER = `import dataclasses, json, sys
from claude_agent_sdk import list_sessions
sys.stdout.write(json.dumps([dataclasses.asdict(s) for s in list_sessions(directory=sys.argv[1])]) + "\\n")
`;

/** Asks python for its own executable (a version manager's shim would add its start-up to every run) and the SDK's version. */
const PY_PROBE = "import sys, claude_agent_sdk\nprint(sys.executable)\nprint(getattr(claude_agent_sdk, '__version__', 'unknown'))";

/** The Python SDK's listing in a new python process, or undefined (with the reason printed) where it cannot be imported. */
export function pythonSdkLister(): PeerLister | undefined {
  const extra = process.env.BENCH_PY_AGENT_SDK;
  const env: Record<string, string> = extra ? { PYTHONPATH: extra } : {};
  let probe: string[];
  try {
    probe = execFileSync("python3", ["-c", PY_PROBE], { env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 30_000 })
      .trim()
      .split("\n");
  } catch {
    console.log("  the Python Agent SDK is not importable here (pip install claude-agent-sdk, or set BENCH_PY_AGENT_SDK to a folder holding it): no Python peer");
    return undefined;
  }
  const [python, version] = probe;
  if (!python) return undefined;
  mkdirSync(tools, { recursive: true });
  const script = join(tools, "py-list-sessions.py");
  writeFileSync(script, PY_LISTER);
  return { key: "python_sdk", what: `the Python Agent SDK's list_sessions ${version} in a new python process`, cmd: python, args: [script], env };
}
