import { spawn } from "node:child_process";
import { request } from "node:http";
import { readDescriptor } from "../shared/descriptor-io.js";
import { descriptorPaths, type PlatformEnv } from "../shared/descriptor.js";
import { probeHealth } from "../bridge/lifetime/http-health.js";
import { processExists } from "../bridge/lifetime/lifetime.js";
import { AgentPanelError } from "../shared/errors.js";

// How our own commands (`tools`, `call`, `mcp`) reach the project's running sidecar: the
// descriptor names its port and token, and only a /health that proves the token (probed without
// sending it) and names the same PID counts.
// `mcp` may start one (detached, like Unity does) when none runs.

/** A running sidecar: where it listens and the token to send. */
export interface SidecarLink {
  url: string;
  port: number;
  token: string;
  project: string;
}

/** The project's running sidecar, or undefined when none answers. */
export async function findSidecar(project: string, env: PlatformEnv = {}): Promise<SidecarLink | undefined> {
  const paths = descriptorPaths(project, env);
  const d = readDescriptor(paths.descriptor);
  if (!d || !processExists(d.pid) || !(await probeHealth(d.port, d.token, d.pid))) return undefined;
  return { url: `http://127.0.0.1:${d.port}/`, port: d.port, token: d.token, project: paths.project };
}

/** The running sidecar, starting `agent-panel serve --project P` (detached) if none runs. */
export async function ensureSidecar(project: string, log: (line: string) => void, env: PlatformEnv = {}, timeoutMs = 20_000): Promise<SidecarLink> {
  const found = await findSidecar(project, env);
  if (found) return found;
  const script = process.argv[1];
  if (script === undefined) throw new AgentPanelError("no_sidecar", "Cannot start the sidecar: this process does not know its own script path; run `agent-panel serve --project <P>` first.");
  log(`no sidecar runs for ${project}; starting one`);
  // Nobody watches a sidecar started here (Unity passes --parent-pid, a person stops `serve`): it
  // exits once unused for a while (AGENT_PANEL_IDLE_EXIT_MS, default 10 minutes).
  const idle = String(idleExitMs(process.env.AGENT_PANEL_IDLE_EXIT_MS));
  const child = spawn(process.execPath, [...process.execArgv, script, "serve", "--project", project, "--idle-exit-ms", idle], { detached: true, stdio: "ignore", env: process.env, windowsHide: true });
  child.unref();
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 200));
    const up = await findSidecar(project, env);
    if (up) return up;
  }
  throw new AgentPanelError("no_sidecar", `The sidecar for ${project} did not come up within ${Math.round(timeoutMs / 1000)} s; run \`agent-panel serve --project ${project}\` to see why.`);
}

/** How long a sidecar started by `agent-panel mcp` waits unused before it exits (ms). */
export function idleExitMs(setting: string | undefined): number {
  const n = setting === undefined ? NaN : Number(setting);
  return Number.isInteger(n) && n > 0 ? n : 10 * 60_000;
}

/** One authenticated JSON request to the sidecar. */
export function sidecarRequest(link: SidecarLink, method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: "127.0.0.1",
        port: link.port,
        path,
        method,
        agent: false,
        headers: { Authorization: `Bearer ${link.token}`, "Content-Type": "application/json", ...(text ? { "Content-Length": String(Buffer.byteLength(text)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          try {
            resolve({ status: res.statusCode ?? 0, body: raw === "" ? {} : JSON.parse(raw) });
          } catch {
            reject(new AgentPanelError("bad_response", `The sidecar answered ${path} with something that is not JSON (status ${res.statusCode}); restart it.`));
          }
        });
      },
    );
    req.on("error", (err) => reject(new AgentPanelError("no_sidecar", `Lost the connection to the sidecar (${err.message}); check that it still runs (agent-panel doctor).`, { cause: err })));
    if (text) req.write(text);
    req.end();
  });
}
