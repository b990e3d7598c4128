import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import { readDescriptor } from "../shared/descriptor-io.js";
import { descriptorPaths, type PlatformEnv } from "../shared/descriptor.js";
import { processExists } from "../bridge/lifetime/lifetime.js";
import { derivePort } from "../shared/port.js";
import { VERSION } from "../shared/version.js";
import { currentBundleEntry, installStableBundle } from "./stable-bundle.js";

// `agent-panel mcp-config --client claude-code|claude-desktop|cursor [--project P]`: what to paste
// to register the project's tools in an MCP client. The main form is stdio (`agent-panel mcp`): it
// needs no token in any file, survives a port change and starts the sidecar when none runs. It runs
// the stable copy of the bundle (stable-bundle.ts), not the Unity package's own folder. For Claude
// Code stdout is a shell snippet (comments + commands); for the JSON clients stdout is the JSON
// alone and where it goes is said on stderr. `--json` gives everything for programs (the Unity window).

export const MCP_CONFIG_USAGE = "Usage: agent-panel mcp-config --client claude-code|claude-desktop|cursor [--project <unity project root>] [--name N] [--json]";

/** The MCP clients we know how to configure. */
export const MCP_CLIENTS = ["claude-code", "claude-desktop", "cursor"] as const;
/** One of MCP_CLIENTS. */
export type McpClient = (typeof MCP_CLIENTS)[number];

/** Where output goes and which bundle to point at; tests pass their own. */
export interface McpConfigDeps extends PlatformEnv {
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** The node binary the printed commands run (default: this process's). */
  node?: string;
  /** The bundle entry to copy to the stable folder (default: the one this process runs from). */
  bundle?: string;
}

/** Everything a client configuration needs, as `--json` prints it. */
export interface McpClientSetup {
  client: McpClient;
  name: string;
  project: string;
  /** The stdio server: no token in any file. */
  stdio: { command: string; args: string[] };
  /** The HTTP endpoint (the port is the running sidecar's, else the one derived from the project path). */
  http: { url: string; port: number; running: boolean; tokenFile: string };
  /** What to paste (a shell snippet for claude-code, JSON for the others). */
  text: string;
  /** Where it goes and what else to know. */
  notes: string[];
}

/** Run the command; returns the exit code (0, 1 the project folder is missing, 2 usage). */
export async function runMcpConfig(args: string[], deps: McpConfigDeps = {}): Promise<number> {
  const out = deps.out ?? ((t: string) => void process.stdout.write(`${t}\n`));
  const err = deps.err ?? ((t: string) => void process.stderr.write(`${t}\n`));
  let values: { client?: string; project?: string; name?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { client: { type: "string" }, project: { type: "string" }, name: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
  } catch (e) {
    err(`${(e as Error).message}\n${MCP_CONFIG_USAGE}`);
    return 2;
  }
  if (values.help) return (out(MCP_CONFIG_USAGE), 0);
  const client = values.client as McpClient | undefined;
  if (client === undefined || !MCP_CLIENTS.includes(client)) {
    err(`${client === undefined ? "--client is required" : `Unknown client "${client}"`}: choose one of ${MCP_CLIENTS.join(", ")}.\n${MCP_CONFIG_USAGE}`);
    return 2;
  }
  const name = values.name ?? "unity";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name)) return (err(`--name must be letters, digits, "_" or "-" (got "${name}").`), 2);
  const project = values.project ?? deps.cwd ?? process.cwd();
  if (!isDirectory(project)) {
    err(`Project folder ${project} does not exist; pass the Unity project root with --project.`);
    return 1;
  }
  const setup = mcpClientSetup(client, name, project, deps);
  if (values.json) return (out(JSON.stringify(setup, null, 2)), 0);
  out(setup.text);
  for (const n of setup.notes) err(n);
  return 0;
}

/** Build the configuration of one client (copies the bundle to its stable folder first). */
export function mcpClientSetup(client: McpClient, name: string, projectRoot: string, deps: McpConfigDeps = {}): McpClientSetup {
  const paths = descriptorPaths(projectRoot, deps);
  const d = readDescriptor(paths.descriptor);
  const running = d !== undefined && processExists(d.pid);
  const port = running ? d.port : derivePort(paths.project, deps);
  const source = deps.bundle ?? currentBundleEntry();
  const entry = source === undefined ? "<path to agent-panel.mjs>" : installStableBundle(source, VERSION, deps);
  const stdio = { command: deps.node ?? process.execPath, args: [entry, "mcp", "--project", paths.project] };
  const http = { url: `http://127.0.0.1:${port}/mcp`, port, running, tokenFile: paths.token };
  const win = (deps.platform ?? process.platform) === "win32";
  const portNote = running ? `the sidecar runs on port ${port}` : `port ${port} is the one derived from the project path; the sidecar may pick the next free one if it is taken`;
  const notes: string[] = [];
  let text: string;
  if (client === "claude-code") {
    const q = (s: string) => quoteArg(s, win);
    const token = win ? `<the text of ${paths.token}>` : `$(cat ${q(paths.token)})`;
    text = [
      `# Claude Code, stdio (no token in any file; starts the project's sidecar when none runs).`,
      `# Registered for claude runs in the project folder (local scope):`,
      `cd ${q(paths.project)} && claude mcp add ${name} -- ${[stdio.command, ...stdio.args].map(q).join(" ")}`,
      ``,
      `# Or over HTTP instead (${portNote}; the token is read from its file now and kept in Claude Code's config):`,
      `# cd ${q(paths.project)} && claude mcp add --transport http ${name} ${http.url} --header "Authorization: Bearer ${token}"`,
    ].join("\n");
  } else {
    text = JSON.stringify({ mcpServers: { [name]: { command: stdio.command, args: stdio.args } } }, null, 2);
    notes.push(
      client === "claude-desktop"
        ? `Put this in Claude Desktop's claude_desktop_config.json (${desktopConfigPath(win)}), merging "mcpServers" with any you have, then restart Claude Desktop.`
        : `Put this in the project's .cursor/mcp.json (or ~/.cursor/mcp.json for every project), merging "mcpServers" with any you have.`,
    );
    notes.push(`The server is \`agent-panel mcp\` over stdio: no token in the file, and it starts the sidecar when none runs.`);
    if (client === "cursor") notes.push(`Over HTTP instead: "url": "${http.url}" (${portNote}) with the header "Authorization: Bearer <the text of ${paths.token}>".`);
  }
  if (source === undefined) notes.push(`This agent-panel does not run from a built bundle; build it (npm run build) and run dist/agent-panel.mjs mcp-config for a path to paste.`);
  return { client, name, project: paths.project, stdio, http, text, notes };
}

/** Quote one argument for a POSIX shell (single quotes) or for cmd/PowerShell (double quotes). */
export function quoteArg(s: string, windows: boolean): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s;
  return windows ? `"${s.replace(/"/g, '\\"')}"` : `'${s.replace(/'/g, `'\\''`)}'`;
}

function desktopConfigPath(win: boolean): string {
  if (win) return "%APPDATA%\\Claude\\claude_desktop_config.json";
  return process.platform === "darwin" ? "~/Library/Application Support/Claude/claude_desktop_config.json" : "~/.config/Claude/claude_desktop_config.json";
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
