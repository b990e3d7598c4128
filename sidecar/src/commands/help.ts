// What each subcommand does and what each of its options means: printed by
// `agent-panel <command> --help` and, one line per command, by `agent-panel --help`.

/** The help of one subcommand: a synopsis, one sentence, and every option with its meaning. */
export interface CommandHelp {
  synopsis: string;
  summary: string;
  options: [flag: string, meaning: string][];
}

const PROJECT = "--project <dir>";

/** Help for the built-in subcommands, by name. */
export const HELP: Record<string, CommandHelp> = {
  serve: {
    synopsis: "agent-panel serve --project <dir> [--port N] [--parent-pid PID] [--claude PATH] [--sync-wait-ms N] [--idle-exit-ms N] [--test-tools]",
    summary: "Run the sidecar for a Unity project: the panel's WebSocket, the browser panel and the chats' claude processes. Prints the panel URL.",
    options: [
      [PROJECT, "the Unity project root (required); chats run claude in this folder"],
      ["--port N", "listen on this port instead of the one derived from the project path (127.0.0.1 only)"],
      ["--parent-pid PID", "exit, stopping every claude process, when this process (the Unity Editor) is gone"],
      ["--claude PATH", "the claude binary to run, instead of searching AGENT_PANEL_CLAUDE, the install locations and PATH"],
      ["--sync-wait-ms N", "a tool call still running after N ms (default 3000) answers a job id and keeps running"],
      ["--idle-exit-ms N", "exit once nothing has used the sidecar for N ms (no client, chat, MCP session or job); agent-panel mcp starts it so"],
      ["--test-tools", "also serve the sample test_* tools (for tests and MCP client checks, not for projects)"],
      ["-h, --help", "show this help"],
    ],
  },
  doctor: {
    synopsis: "agent-panel doctor [--project <dir>] [--claude PATH] [--json]",
    summary: "Check everything a chat needs on this machine (node, the project, claude, its login) and say how to fix what is missing. Exit code 1 when something required fails.",
    options: [
      [PROJECT, "the Unity project root to check (default: the current folder); it must exist"],
      ["--claude PATH", "check this claude binary instead of the one the search finds"],
      ["--json", "print the checks as JSON"],
      ["-h, --help", "show this help"],
    ],
  },
  sessions: {
    synopsis: "agent-panel sessions [--project <dir>] [--json] [--all]",
    summary: "List the project's Claude Code sessions, newest first (the ids resume with the panel's Resume).",
    options: [
      [PROJECT, "the Unity project root (default: the current folder)"],
      ["--json", "print the list as JSON, after checking every transcript"],
      ["--all", "include archived sessions"],
      ["-h, --help", "show this help"],
    ],
  },
  "mml-server": {
    synopsis: "agent-panel mml-server [--transport stdio|http|sse|streamable-http] [--port N] [--project <dir>]",
    summary: "Serve the compose_mml tool (MML chiptune to WAV) alone as an MCP server. HTTP transports listen on 127.0.0.1 only.",
    options: [
      ["--transport T", "stdio (default), http or streamable-http (POST /mcp), sse (the legacy HTTP+SSE transport: GET /sse, POST /messages)"],
      ["--port N", "the HTTP port (default 8080; 0 picks a free one, printed on stderr)"],
      [PROJECT, "a Unity project root: WAV files go to its Assets/Audio/Generated/ (default: the sidecar's state folder)"],
      ["-h, --help", "show this help"],
    ],
  },
  tools: {
    synopsis: "agent-panel tools [--project <dir>] [--json]",
    summary: "List the tools the project's running sidecar serves (Unity's, the native ones) with their flags. Exit code 3 when no sidecar runs.",
    options: [
      [PROJECT, "the Unity project root (default: the current folder)"],
      ["--json", "print the catalog with every input schema and annotation as JSON"],
      ["-h, --help", "show this help"],
    ],
  },
  call: {
    synopsis: "agent-panel call <tool> [--project <dir>] [--params '{json}'] [--<argument> <value> ...] [--json] [--no-wait]",
    summary: "Call one tool through the running sidecar and print its result. Exit codes: 0 success, 1 the tool failed, 2 usage or bad arguments, 3 no sidecar or no Unity.",
    options: [
      [PROJECT, "the Unity project root (default: the current folder)"],
      ["--params '{json}'", "the arguments as one JSON object"],
      ["--<argument> <value>", "one argument, typed by the tool's schema (numbers, true/false, JSON for objects and arrays); overrides --params"],
      ["--json", "print the whole result as JSON"],
      ["--no-wait", "when the call continues as a job, print its id instead of waiting for the result"],
      ["-h, --help", "show this help"],
    ],
  },
  mcp: {
    synopsis: "agent-panel mcp [--project <dir>] [--groups <g1,g2>]",
    summary:
      "Serve the project's tools as an MCP server on stdin/stdout for clients that only speak stdio (Claude Desktop), forwarding to the sidecar and starting it if none runs. Logs go to stderr.",
    options: [
      [PROJECT, "the Unity project root (default: the current folder)"],
      ["--groups <g1,g2>", "serve only the tools of these groups (scene, gameobject, component, assets, console, compile, tests, editor, diagnostics, audio, …); job_status is always served"],
      ["-h, --help", "show this help"],
    ],
  },
  "mcp-config": {
    synopsis: "agent-panel mcp-config --client claude-code|claude-desktop|cursor [--project <dir>] [--name N] [--json]",
    summary: "Print what to paste to register the project's tools in an MCP client: a claude mcp add command, or the JSON for Claude Desktop or Cursor. The stdio form keeps no token in any file.",
    options: [
      ["--client C", "claude-code (a shell command), claude-desktop or cursor (JSON; where it goes is printed on stderr)"],
      [PROJECT, "the Unity project root (default: the current folder)"],
      ["--name N", "the server's name in the client (default unity; tools appear as mcp__N__<tool>)"],
      ["--json", "print the stdio command, the HTTP URL and the token file as JSON"],
      ["-h, --help", "show this help"],
    ],
  },
};

/** The text `agent-panel <name> --help` prints. */
export function formatHelp(name: string, help: CommandHelp): string {
  const width = Math.max(...help.options.map(([flag]) => flag.length));
  return [`Usage: ${help.synopsis}`, "", help.summary, "", "Options:", ...help.options.map(([flag, meaning]) => `  ${flag.padEnd(width)}  ${meaning}`)].join("\n");
}

/** The text `agent-panel --help` prints: one line per command. */
export function formatOverview(version: string, commands: Record<string, CommandHelp>): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    `agent-panel ${version}: Claude Code for a Unity project (the Agent Panel sidecar)`,
    "",
    "Usage: agent-panel <command> [options]   (agent-panel <command> --help for its options)",
    "",
    "Commands:",
    ...Object.entries(commands).map(([name, h]) => `  ${name.padEnd(width)}  ${h.summary.split(". ")[0]!.replace(/\.$/, "")}`),
    "",
    "  --version   print the version",
  ].join("\n");
}
