import { parseArgs } from "node:util";
import { formatDoctor, runDoctor } from "./commands/doctor.js";
import { runServe } from "./commands/serve.js";
import { chatServeHooks } from "./commands/serve-hooks.js";
import { runSessions } from "./commands/sessions.js";
import { VERSION } from "./version.js";

// The `agent-panel` command line. Each subcommand parses its own flags; unknown input gets a
// usage message and exit code 2.

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
  if (command === "serve") return runServe(rest, { createHooks: chatServeHooks });
  if (command === "sessions") return runSessions(rest);
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
  const checks = await runDoctor({ project: values.project, claude: values.claude });
  console.log(values.json ? JSON.stringify({ version: VERSION, checks }, null, 2) : formatDoctor(checks));
  return checks.every((c) => c.ok || c.warnOnly) ? 0 : 1;
}
