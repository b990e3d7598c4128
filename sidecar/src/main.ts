import { parseArgs } from "node:util";
import { formatHelp, formatOverview, HELP, type CommandHelp } from "./commands/help.js";
import { writeStdout } from "./commands/stdout.js";
import { VERSION } from "./shared/version.js";

// The `agent-panel` command line. Each subcommand parses its own flags; unknown input gets a
// usage message and exit code 2. Subcommands are imported when they run (dynamic import), so a
// command loads only what it needs: `--version` loads nothing, `sessions` no chat engine or renderer.

/** One subcommand: its help and how to run it. */
interface Command {
  help: CommandHelp;
  run: (args: string[]) => Promise<number>;
}

/** Every subcommand, in the order `--help` lists them. */
export const COMMANDS: Record<string, Command> = {
  serve: {
    help: HELP.serve!,
    run: async (args) => {
      // The chat engine is imported on first use, after the descriptor is written (serve-rest.ts).
      const { runServe } = await import("./commands/serve.js");
      let hooks: Promise<typeof import("./commands/serve-hooks.js")> | undefined;
      const loadHooks = () => (hooks ??= import("./commands/serve-hooks.js"));
      return runServe(args, { createHooks: async (ctx) => (await loadHooks()).chatServeHooks(ctx), preloadHooks: () => void loadHooks() });
    },
  },
  doctor: { help: HELP.doctor!, run: doctor },
  sessions: {
    help: HELP.sessions!,
    run: async (args) => (await import("./commands/sessions.js")).runSessions(args),
  },
  "mml-server": { help: HELP["mml-server"]!, run: async (args) => (await import("./commands/mml-server.js")).runMmlServer(args) },
  tools: { help: HELP.tools!, run: async (args) => (await import("./commands/tools.js")).runTools(args) },
  call: { help: HELP.call!, run: async (args) => (await import("./commands/tools.js")).runCall(args) },
  mcp: { help: HELP.mcp!, run: async (args) => (await import("./commands/mcp-stdio.js")).runMcpStdio(args) },
  "mcp-config": { help: HELP["mcp-config"]!, run: async (args) => (await import("./commands/mcp-config.js")).runMcpConfig(args) },
};

/** Entry point: dispatch a subcommand and return the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const overview = () => formatOverview(VERSION, Object.fromEntries(Object.entries(COMMANDS).map(([n, c]) => [n, c.help])));
  if (command === "--version" || command === "-v") {
    writeStdout(VERSION);
    return 0;
  }
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    const topic = command === "help" ? rest[0] : undefined;
    if (topic !== undefined && COMMANDS[topic]) console.log(formatHelp(topic, COMMANDS[topic].help));
    else console.log(overview());
    return command === undefined ? 2 : 0;
  }
  const cmd = COMMANDS[command];
  if (!cmd) {
    console.error(`Unknown command "${command}".\n\n${overview()}`);
    return 2;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(formatHelp(command, cmd.help));
    return 0;
  }
  return cmd.run(rest);
}

async function doctor(args: string[]): Promise<number> {
  let values: { project?: string; claude?: string; json?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { project: { type: "string" }, claude: { type: "string" }, json: { type: "boolean" } }, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${formatHelp("doctor", HELP.doctor!)}`);
    return 2;
  }
  const [{ formatDoctor, runDoctor }, { AgentPanelError }] = await Promise.all([import("./commands/doctor.js"), import("./shared/errors.js")]);
  try {
    const checks = await runDoctor({ project: values.project, claude: values.claude });
    console.log(values.json ? JSON.stringify({ version: VERSION, checks }, null, 2) : formatDoctor(checks));
    return checks.every((c) => c.ok || c.warnOnly) ? 0 : 1;
  } catch (err) {
    // The same failures as serve's (a project folder that does not exist): message and exit code 1.
    if (!(err instanceof AgentPanelError)) throw err;
    console.error(err.message);
    return 1;
  }
}
