import type { IncomingMessage, ServerResponse } from "node:http";
import type { ToolInvoker } from "./invoker.js";
import { BodyTooLarge, readBody, refuseBody } from "./body-limit.js";
import { jobView } from "./jobs.js";
import type { ToolRegistry } from "./registry.js";

// The REST surface for scripts and `agent-panel tools|call`: GET /tools (?refresh=1), POST
// /tools/<name> (body = the arguments), GET /jobs, GET /jobs/<id>, POST /jobs/<id>/cancel. Same
// invoker as MCP; the token and Host/Origin checks already passed.

const MAX_BODY = 4 * 1024 * 1024;
/** Failures the caller must fix in what it sent: arguments the schema refuses, a definition script that does not compile. */
const BAD_REQUEST_CODES = new Set(["invalid_params", "script_compile_error"]);

/** Answer a /tools or /jobs request; false when the path is not ours. */
export function handleRest(req: IncomingMessage, res: ServerResponse, pathname: string, registry: ToolRegistry, invoker: ToolInvoker): boolean {
  const method = req.method ?? "GET";
  if (pathname === "/tools") {
    if (method !== "GET") return done(res, 405, { error: { code: "method_not_allowed", message: "Use GET /tools to list, POST /tools/<name> to call." } });
    const refresh = new URL(req.url ?? "/", "http://x").searchParams.get("refresh");
    void (refresh === "1" || refresh === "true" ? registry.refresh() : Promise.resolve()).then(
      () => send(res, 200, listing(registry, invoker)),
      (err: unknown) =>
        send(res, 502, { error: { code: "refresh_failed", message: `A provider could not rebuild its catalog: ${(err as Error).message}. The cached catalog is still served; try again.` } }),
    );
    return true;
  }
  const tool = /^\/tools\/([^/]+)$/.exec(pathname);
  if (tool) {
    const name = decodePart(tool[1]!);
    if (name === undefined) return badPath(res);
    if (method !== "POST") return done(res, 405, { error: { code: "method_not_allowed", message: `Use POST /tools/${tool[1]} with the arguments as a JSON object.` } });
    void readJson(req)
      .then(
        async (args) => {
          const { result, jobId } = await invoker.call(name, args);
          const status = jobId !== undefined ? 202 : result.error?.code === "unknown_tool" ? 404 : BAD_REQUEST_CODES.has(result.error?.code ?? "") ? 400 : 200;
          send(res, status, result);
        },
        (err: Error) =>
          err instanceof BodyTooLarge
            ? refuseBody(req, res, 413, {
                ok: false,
                content: [],
                error: { code: "body_too_large", message: `${err.message}; send at most ${MAX_BODY} bytes of arguments (put large data in a file and pass its path).` },
              })
            : send(res, 400, { ok: false, content: [], error: { code: "invalid_json", message: `${err.message}; send the arguments as one JSON object, e.g. {"text":"hi"}.` } }),
      )
      .catch((err: unknown) =>
        send(res, 500, { ok: false, content: [], error: { code: "internal", message: `The tool host failed on this request (${(err as Error).message}); see the sidecar log.` } }),
      );
    return true;
  }
  if (pathname === "/jobs") {
    if (method !== "GET") return done(res, 405, { error: { code: "method_not_allowed", message: "Use GET /jobs." } });
    return done(res, 200, { jobs: invoker.jobs.list().map((j) => ({ ...jobView(j), result: undefined })) });
  }
  const job = /^\/jobs\/([^/]+)(\/cancel)?$/.exec(pathname);
  if (job) {
    const id = decodePart(job[1]!);
    if (id === undefined) return badPath(res);
    if (job[2]) {
      if (method !== "POST") return done(res, 405, { error: { code: "method_not_allowed", message: `Use POST /jobs/${id}/cancel.` } });
      const outcome = invoker.jobs.cancel(id);
      return outcome.ok ? done(res, 200, outcome.job) : done(res, outcome.code === "not_found" ? 404 : 409, { error: { code: outcome.code, message: outcome.message } });
    }
    if (method !== "GET") return done(res, 405, { error: { code: "method_not_allowed", message: `Use GET /jobs/${id}.` } });
    const view = invoker.job(id);
    return view ? done(res, 200, view) : done(res, 404, { error: { code: "not_found", message: `No job ${id}; GET /jobs lists the known ones.` } });
  }
  return false;
}

/** The catalog as REST and `agent-panel tools --json` show it. */
export function listing(registry: ToolRegistry, invoker: ToolInvoker): object {
  const tools = registry.list().map((entry) => {
    const item = registry.get(entry.name)!;
    return { ...entry, inputSchema: invoker.clientSchema(entry), providerId: item.provider.id, cached: item.cached };
  });
  return { tools, diagnostics: registry.diagnostics() };
}

/** A path segment decoded, or undefined when its percent-encoding is malformed (decodeURIComponent throws). */
function decodePart(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

function badPath(res: ServerResponse): true {
  return done(res, 400, { error: { code: "bad_path", message: "The path has malformed percent-encoding (such as %ZZ); encode the tool name or job id with encodeURIComponent." } });
}

/** The body as JSON (an empty body is no arguments); BodyTooLarge past MAX_BODY. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readBody(req, MAX_BODY)).trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`the body is not JSON (${(err as Error).message})`, { cause: err });
  }
}

function done(res: ServerResponse, status: number, body: unknown): true {
  send(res, status, body);
  return true;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), "Cache-Control": "no-store" });
  res.end(text);
}
