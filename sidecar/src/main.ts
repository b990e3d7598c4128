import { parseArgs } from "node:util";
import { VERSION } from "./version.js";

// The `agent-panel` command line. Each subcommand parses its own flags; unknown input gets a
// usage message and exit code 2. Subcommands are imported when they run (dynamic import), so a
// command loads only what it needs: `--version` loads nothing, `sessions` no chat engine or renderer.

const USAGE = `agent-panel ${VERSION}
Usage:
  agent-panel serve --project <unity project root> [--port N] [--parent-pid PID] [--claude PATH]
  agent-panel doctor [--project <unity project root>] [--claude <path>] [--json]
  agent-panel sessions [--project <unity project root>] [--json] [--all]
  agent-panel --version`;

/** Entry point: dispatch a subcommand and return the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "--version" || command === "-v") {
    console.log(VERSION);
    return 0;
  }
  if (command === "doctor") return doctor(rest);
  if (command === "serve") {
    const [{ runServe }, { chatServeHooks }] = await Promise.all([import("./commands/serve.js"), import("./commands/serve-hooks.js")]);
    return runServe(rest, { createHooks: chatServeHooks });
  }
  if (command === "sessions") return (await import("./commands/sessions.js")).runSessions(rest);
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  console.error(`Unknown command "${command}".\n${USAGE}`);
  return 2;
}

async function doctor(args: string[]): Promise<number> {
  let values: { project?: string; claude?: string; json?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { project: { type: "string" }, claude: { type: "string" }, json: { type: "boolean" } }, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { formatDoctor, runDoctor } = await import("./commands/doctor.js");
  const checks = await runDoctor({ project: values.project, claude: values.claude });
  console.log(values.json ? JSON.stringify({ version: VERSION, checks }, null, 2) : formatDoctor(checks));
  return checks.every((c) => c.ok || c.warnOnly) ? 0 : 1;
}
