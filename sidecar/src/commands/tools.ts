import { parseArgs } from "node:util";
import type { PlatformEnv } from "../shared/descriptor.js";
import { toolEffect } from "../tools/effect.js";
import type { ToolEntry, ToolResult } from "../tools/types.js";
import { argumentsFromFlags } from "./call-args.js";
import { findSidecar, sidecarRequest, type SidecarLink } from "./sidecar-link.js";

// `agent-panel tools [--json]` lists the project's tools; `agent-panel call <tool> --params '{…}'`
// or `--key value …` (typed by the tool's schema) calls one through the running sidecar's REST
// surface. Exit codes: 0 success, 1 the tool failed, 2 usage, 3 no sidecar or no Unity.

export const TOOLS_USAGE = "Usage: agent-panel tools [--project <unity project root>] [--json]";
export const CALL_USAGE = "Usage: agent-panel call <tool> [--project <unity project root>] [--params '{json}'] [--<argument> <value> …] [--json] [--no-wait]";

/** Error codes that mean "Unity is not there" (exit code 3). */
const NO_UNITY = new Set(["unity_unavailable"]);

/** Where output goes; tests pass their own. */
export interface ToolsDeps extends PlatformEnv {
  out?: (text: string) => void;
  err?: (text: string) => void;
  /** Poll interval while waiting for a job (default 500 ms). */
  pollMs?: number;
}

type ListedTool = ToolEntry & { providerId: string; cached: boolean };

/** `agent-panel tools`: the catalog as a table or JSON. */
export async function runTools(args: string[], deps: ToolsDeps = {}): Promise<number> {
  const { out, err } = io(deps);
  let values: { project?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { project: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (e) {
    err(`${(e as Error).message}\n${TOOLS_USAGE}`);
    return 2;
  }
  if (values.help) return (out(TOOLS_USAGE), 0);
  const link = await connect(values.project ?? deps.cwd ?? process.cwd(), deps, err);
  if (!link) return 3;
  // /tools first: it waits for a just-started sidecar's tool host, which /health does not.
  const { body } = await sidecarRequest(link, "GET", "/tools");
  const unity = await unityConnected(link);
  if (values.json) return (out(JSON.stringify(body, null, 2)), 0);
  const tools = body.tools as ListedTool[];
  for (const t of tools) {
    const effect = toolEffect({ annotations: t.annotations, provider: t.provider });
    const flags = [
      effect === "read" ? "read-only" : effect === "destructive" ? "destructive" : "writes",
      t.annotations.idempotency === "safe" ? "safe" : "",
      t.cached ? "unavailable until Unity connects" : "",
    ].filter(Boolean);
    out(`${t.name}${flags.length ? ` [${flags.join(", ")}]` : ""}  (${t.providerId})\n    ${t.description.split("\n")[0]}`);
  }
  if (!unity) {
    const cached = tools.filter((t) => t.cached).length;
    out(`\nUnity is not connected: Unity's tools appear here when the Editor connects (open the project in Unity; it starts or reuses this sidecar).`);
    if (cached > 0)
      out(
        `The ${cached} tool${cached === 1 ? "" : "s"} marked unavailable ${cached === 1 ? "is" : "are"} Unity's from its last connection; a call waits for the Editor to connect, then fails with unity_unavailable.`,
      );
  }
  for (const d of body.diagnostics?.duplicates ?? []) err(`note: ${d.name} is offered by ${[d.winner, ...d.shadowed].join(", ")}; ${d.winner} serves it`);
  return 0;
}

/** `agent-panel call`: one call; waits for a job unless --no-wait. */
export async function runCall(args: string[], deps: ToolsDeps = {}): Promise<number> {
  const { out, err } = io(deps);
  const [tool, ...rest] = args;
  if (tool === "--help" || tool === "-h") return (out(CALL_USAGE), 0);
  if (tool === undefined || tool.startsWith("-")) {
    // `call --project X` without a tool: say that, not "no tool named --project".
    const project = takeOwnFlags(args).project;
    err(
      `Name the tool to call first: agent-panel call <tool>${project === undefined ? "" : ` --project ${project}`} [--<argument> <value> …]. \`agent-panel tools${project === undefined ? "" : ` --project ${project}`}\` lists the tools.\n${CALL_USAGE}`,
    );
    return 2;
  }
  const own = takeOwnFlags(rest);
  const link = await connect(own.project ?? deps.cwd ?? process.cwd(), deps, err);
  if (!link) return 3;
  const listed = await sidecarRequest(link, "GET", "/tools");
  const unity = await unityConnected(link);
  const entry = (listed.body.tools as ListedTool[]).find((t) => t.name === tool);
  if (!entry && !unity) {
    // Unity's tools are known only once the Editor has published them: it may well be one of those.
    err(
      `unity_unavailable: no tool named "${tool}" is known yet and Unity is not connected; Unity's tools appear when the Editor connects. Open the project in Unity, then try again (\`agent-panel tools\` lists what is there now).`,
    );
    return 3;
  }
  if (!entry) {
    err(`No tool named "${tool}". \`agent-panel tools\` lists the ${listed.body.tools.length} tools of this project.`);
    return 2;
  }
  if (entry.cached && !unity) err(`Unity is not connected: ${tool} waits for the Editor to connect (open the project in Unity), then runs.`);
  const parsed = argumentsFromFlags(own.params, own.rest, entry.inputSchema);
  if ("usage" in parsed) {
    err(`${parsed.usage}\n${CALL_USAGE}`);
    return 2;
  }
  let { status, body } = await sidecarRequest(link, "POST", `/tools/${encodeURIComponent(tool)}`, parsed.args);
  if (status === 202 && !own.noWait) {
    const id = body.structured.job_id as string;
    err(`${tool} is still running as job ${id}; waiting (Ctrl-C stops waiting, not the job).`);
    for (;;) {
      await new Promise((r) => setTimeout(r, deps.pollMs ?? 500));
      const job = await sidecarRequest(link, "GET", `/jobs/${encodeURIComponent(id)}`);
      if (job.status !== 200) return (err(`Job ${id} is gone (${job.body.error?.message ?? job.status}).`), 1);
      if (job.body.result) {
        body = job.body.result;
        break;
      }
    }
  }
  const result = body as ToolResult;
  if (own.json) out(JSON.stringify(result, null, 2));
  else for (const c of result.content ?? []) out(c.type === "text" ? c.text : `[image ${c.mimeType}, ${Math.round((c.data.length * 3) / 4)} bytes]`);
  if (result.ok) return 0;
  if (!own.json && result.error && !(result.content ?? []).some((c) => c.type === "text" && c.text.includes(result.error!.message))) err(`${result.error.code}: ${result.error.message}`);
  if (result.error && NO_UNITY.has(result.error.code)) return 3;
  // A 400 for a script that does not compile is the tool failing, not a usage error.
  return status === 400 && result.error?.code === "invalid_params" ? 2 : 1;
}

/** Whether the Unity Editor is connected as the tool provider (the sidecar's /health says). */
async function unityConnected(link: SidecarLink): Promise<boolean> {
  const { body } = await sidecarRequest(link, "GET", "/health");
  return body.tools?.unityConnected === true;
}

async function connect(project: string, deps: ToolsDeps, err: (t: string) => void): Promise<SidecarLink | undefined> {
  const link = await findSidecar(project, deps);
  if (!link) err(`No Agent Panel sidecar is running for ${project}. Open the project in Unity (the Editor starts it), or run \`agent-panel serve --project ${project}\`, then try again.`);
  return link;
}

function takeOwnFlags(args: string[]): { project?: string; params?: string; json: boolean; noWait: boolean; rest: string[] } {
  const rest: string[] = [];
  const own: { project?: string; params?: string; json: boolean; noWait: boolean } = { json: false, noWait: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--project" || a === "--params") own[a === "--project" ? "project" : "params"] = args[++i];
    else if (a.startsWith("--project=")) own.project = a.slice(10);
    else if (a.startsWith("--params=")) own.params = a.slice(9);
    else if (a === "--json") own.json = true;
    else if (a === "--no-wait") own.noWait = true;
    else rest.push(a);
  }
  return { ...own, rest };
}

function io(deps: ToolsDeps) {
  return {
    out: deps.out ?? ((t: string) => void process.stdout.write(t + "\n")),
    err: deps.err ?? ((t: string) => void process.stderr.write(t + "\n")),
  };
}
