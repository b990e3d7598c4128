import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { defaultCacheDir } from "../history/cache.js";
import { GeneratedAudio } from "../mml/generated-audio.js";
import { createMcpServer } from "../mml/mcp.js";
import { composeMmlProvider } from "../mml/tool.js";
import { ToolInvoker } from "../tools/invoker.js";
import { ToolRegistry } from "../tools/registry.js";

// `agent-panel mml-server`: compose_mml alone as an MCP server, over stdio, Streamable HTTP
// (`http` and `streamable-http`, POST /mcp, stateless) or the legacy HTTP+SSE transport (GET /sse,
// POST /messages). HTTP binds 127.0.0.1 and refuses requests whose Host or Origin is not loopback.

const TRANSPORTS = ["stdio", "http", "sse", "streamable-http"] as const;
type Transport = (typeof TRANSPORTS)[number];

/** Streams and hooks the command uses; tests pass their own. */
export interface MmlServerDeps {
  err?: (text: string) => void;
  /** Called once an HTTP transport listens (the port actually bound). */
  onListening?: (port: number, close: () => Promise<void>) => void;
  /** Where WAV files go without --project (default: the sidecar's state directory). */
  stateDir?: string;
}

/** Run the server until stdin ends (stdio) or the process is stopped (HTTP); returns the exit code. */
export async function runMmlServer(args: string[], deps: MmlServerDeps = {}): Promise<number> {
  const err = deps.err ?? ((t: string) => void process.stderr.write(t + "\n"));
  let values: { transport?: string; port?: string; project?: string };
  try {
    ({ values } = parseArgs({ args, options: { transport: { type: "string" }, port: { type: "string" }, project: { type: "string" } }, strict: true }));
  } catch (e) {
    err(`${(e as Error).message}\nUsage: agent-panel mml-server [--transport stdio|http|sse|streamable-http] [--port N] [--project <dir>]`);
    return 2;
  }
  const transport = (values.transport ?? "stdio") as Transport;
  if (!TRANSPORTS.includes(transport)) {
    err(`Unknown transport "${values.transport}"; use one of ${TRANSPORTS.join(", ")}.`);
    return 2;
  }
  const port = values.port === undefined ? 8080 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    err(`--port must be a number from 0 to 65535 (0 picks a free port), not "${values.port}".`);
    return 2;
  }
  const registry = new ToolRegistry();
  // What this server wrote may be composed over again without confirm; anything else needs it.
  const audio = new GeneratedAudio();
  registry.add(
    composeMmlProvider({
      projectRoot: values.project ? resolve(values.project) : null,
      stateDir: deps.stateDir ?? dirname(defaultCacheDir()),
      onWritten: audio.record,
      wasGenerated: (real) => audio.has(real),
    }),
  );
  const invoker = new ToolInvoker(registry, { syncWaitMs: 600_000 });
  if (transport === "stdio") {
    const server = createMcpServer(registry, invoker);
    const closed = new Promise<void>((done) => (server.onclose = done));
    await server.connect(new StdioServerTransport());
    err("mml-server: compose_mml over stdio");
    process.stdin.once("end", () => void server.close());
    await closed;
    return 0;
  }
  const http = createServer((req, res) => void handle(req, res, transport, registry, invoker, sse));
  const sse = new Map<string, SSEServerTransport>();
  const bound = await listen(http, port).catch((e: Error) => e);
  if (bound instanceof Error) {
    err(`mml-server: cannot listen on 127.0.0.1:${port}: ${bound.message}. Pick another --port (0 = any free port).`);
    return 1;
  }
  const path = transport === "sse" ? "/sse" : "/mcp";
  err(`mml-server: compose_mml over ${transport} at http://127.0.0.1:${bound}${path}`);
  const close = () =>
    new Promise<void>((done) => {
      for (const t of sse.values()) void t.close();
      http.closeAllConnections();
      http.close(() => done());
    });
  deps.onListening?.(bound, close);
  await new Promise<void>((done) => http.once("close", done));
  return 0;
}

async function handle(req: IncomingMessage, res: ServerResponse, transport: Transport, registry: ToolRegistry, invoker: ToolInvoker, sse: Map<string, SSEServerTransport>): Promise<void> {
  if (!loopbackRequest(req)) return reply(res, 403, "Only loopback clients (Host and Origin 127.0.0.1 or localhost) are served.");
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  try {
    if (transport === "sse") {
      if (req.method === "GET" && url.pathname === "/sse") {
        const t = new SSEServerTransport("/messages", res);
        sse.set(t.sessionId, t);
        t.onclose = () => sse.delete(t.sessionId);
        return void (await createMcpServer(registry, invoker).connect(t));
      }
      if (req.method === "POST" && url.pathname === "/messages") {
        const t = sse.get(url.searchParams.get("sessionId") ?? "");
        if (!t) return reply(res, 404, "No SSE session with that sessionId; open GET /sse first.");
        return void (await t.handlePostMessage(req, res));
      }
      return reply(res, 404, "The SSE transport serves GET /sse and POST /messages.");
    }
    if (url.pathname !== "/mcp") return reply(res, 404, "The MCP endpoint is /mcp.");
    if (req.method !== "POST") return reply(res, 405, "This stateless endpoint takes POST only.");
    const server = createMcpServer(registry, invoker);
    const t = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void t.close();
      void server.close();
    });
    await server.connect(t);
    await t.handleRequest(req, res);
  } catch (e) {
    if (!res.headersSent) reply(res, 500, `mml-server failed: ${(e as Error).message}`);
  }
}

function loopbackRequest(req: IncomingMessage): boolean {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return ["127.0.0.1", "localhost", "[::1]"].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" }).end(message);
}

function listen(http: HttpServer, port: number): Promise<number> {
  return new Promise((done, fail) => {
    http.once("error", fail);
    http.listen(port, "127.0.0.1", () => {
      const a = http.address();
      done(typeof a === "object" && a ? a.port : port);
    });
  });
}
