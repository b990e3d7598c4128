import { parseArgs } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Readable, Writable } from "node:stream";
import type { PlatformEnv } from "../shared/descriptor.js";
import { VERSION } from "../shared/version.js";
import { ensureSidecar, type SidecarLink } from "./sidecar-link.js";
import { guardLines, MAX_STDIO_LINE, tooLongAnswer } from "./stdio-lines.js";

// `agent-panel mcp [--project P]`: an MCP server on stdin/stdout for clients that only speak stdio
// (Claude Desktop). It forwards tools/list and tools/call (progress and cancel included) to the
// project's sidecar over /mcp, starting the sidecar if none runs, and passes list_changed back.
// stdout carries only MCP messages; logs go to stderr.

export const MCP_USAGE = "Usage: agent-panel mcp [--project <unity project root>] [--groups scene,assets,…]   (an MCP server on stdin/stdout; --groups serves only those tool groups)";

/** Streams and environment; tests pass their own. */
export interface McpStdioDeps extends PlatformEnv {
  stdin?: Readable;
  stdout?: Writable;
  log?: (line: string) => void;
}

/** Run the bridge until stdin closes; returns the exit code. */
export async function runMcpStdio(args: string[], deps: McpStdioDeps = {}): Promise<number> {
  const log = deps.log ?? ((l: string) => void process.stderr.write(`[agent-panel mcp] ${l}\n`));
  let values: { project?: string; groups?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { project: { type: "string" }, groups: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }));
  } catch (e) {
    log(`${(e as Error).message}\n${MCP_USAGE}`);
    return 2;
  }
  if (values.help) return (log(MCP_USAGE), 0);
  const project = values.project ?? deps.cwd ?? process.cwd();
  let link: SidecarLink;
  try {
    link = await ensureSidecar(project, log, deps);
  } catch (e) {
    log((e as Error).message);
    return 3;
  }
  const server = new Server({ name: "agent-panel", title: "Agent Panel for Unity", version: VERSION }, { capabilities: { tools: { listChanged: true } } });
  // The sidecar's /mcp does the filtering: the same groups query a URL client would use.
  const path = values.groups === undefined ? "mcp" : `mcp?${new URLSearchParams({ groups: values.groups }).toString()}`;
  const upstream = new Upstream(link, project, path, log, deps, () => void server.sendToolListChanged().catch(() => {}));
  // The session opens now, not at the first request: it is what keeps an idle-exiting sidecar up.
  void upstream.run(async () => undefined).catch(() => {});
  server.setRequestHandler(ListToolsRequestSchema, async (req) => upstream.run((c) => c.listTools(req.params)));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const token = req.params._meta?.progressToken;
    const onprogress =
      token === undefined
        ? undefined
        : (p: { progress: number; total?: number; message?: string }) => void extra.sendNotification({ method: "notifications/progress", params: { ...p, progressToken: token } }).catch(() => {});
    const result = await upstream.run((c) =>
      c.callTool({ name: req.params.name, arguments: req.params.arguments }, undefined, { signal: extra.signal, onprogress, resetTimeoutOnProgress: true, timeout: 11 * 60_000 }),
    );
    return result as never;
  });
  const closed = new Promise<void>((resolve) => (server.onclose = () => resolve()));
  // A client that stops us with a signal gets the same clean end as one that closes stdin (the session is ended upstream).
  const stop = (): void => void server.close();
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const sig of signals) process.once(sig, stop);
  // Input lines are bounded before the SDK sees them: an oversized one is answered and skipped.
  const stdout = deps.stdout ?? process.stdout;
  const lines = (deps.stdin ?? process.stdin).pipe(
    guardLines(MAX_STDIO_LINE, (prefix, bytes) => {
      log(`refused an input line of ${bytes} bytes (over ${MAX_STDIO_LINE})`);
      stdout.write(tooLongAnswer(prefix, bytes, MAX_STDIO_LINE));
    }),
  );
  // A client that closes our stdin is gone too: end the session rather than wait for a signal.
  lines.once("end", stop);
  await server.connect(new StdioServerTransport(lines, stdout));
  log(`serving ${project} from ${link.url}mcp`);
  await closed;
  for (const sig of signals) process.off(sig, stop); // the bridge can run in a process that goes on (tests)
  await upstream.close();
  return 0;
}

/** The HTTP client side; reconnects once (restarting the sidecar if needed) when the session is lost. */
class Upstream {
  private client: Promise<Client> | undefined;

  constructor(
    private link: SidecarLink,
    private readonly project: string,
    private readonly path: string,
    private readonly log: (l: string) => void,
    private readonly env: PlatformEnv,
    private readonly onListChanged: () => void,
  ) {}

  async run<T>(op: (c: Client) => Promise<T>): Promise<T> {
    try {
      return await op(await this.connect());
    } catch (err) {
      if (!isConnectionLoss(err)) throw err;
      this.log(`lost the sidecar session (${(err as Error).message}); reconnecting`);
      this.client = undefined;
      this.link = await ensureSidecar(this.project, this.log, this.env);
      const c = await this.connect();
      this.onListChanged();
      return op(c);
    }
  }

  /** End the upstream session (DELETE, so the sidecar's idle exit need not wait for its reaper) and disconnect. */
  async close(): Promise<void> {
    const c = await this.client?.catch(() => undefined);
    const transport = c?.transport as StreamableHTTPClientTransport | undefined;
    await transport?.terminateSession().catch(() => {});
    await c?.close().catch(() => {});
  }

  private connect(): Promise<Client> {
    this.client ??= (async () => {
      const client = new Client({ name: "agent-panel-stdio", version: VERSION });
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => this.onListChanged());
      const transport = new StreamableHTTPClientTransport(new URL(this.path, this.link.url), { requestInit: { headers: { Authorization: `Bearer ${this.link.token}` } } });
      await client.connect(transport);
      return client;
    })();
    this.client.catch(() => (this.client = undefined));
    return this.client;
  }
}

function isConnectionLoss(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ""} ${String((err as { code?: unknown })?.code ?? "")}`;
  return /ECONNREFUSED|ECONNRESET|fetch failed|Session not found|404|socket hang up/i.test(text);
}
