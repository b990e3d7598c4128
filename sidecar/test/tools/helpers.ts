import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import { notReadyHooks } from "../../src/commands/serve.js";
import { ToolHost, type ToolHostOptions } from "../../src/tools/host.js";
import { TestToolProvider } from "../../src/tools/test-provider.js";

/** A bridge server on a free port with a tool host and the test provider (no chat engine). */
export interface ToolServer {
  server: RunningServer;
  host: ToolHost;
  test: TestToolProvider;
  token: string;
  url: string;
  close(): Promise<void>;
}

/** Start the tool server for a test; close it in afterEach. */
export async function startToolServer(opts: Partial<ToolHostOptions> = {}): Promise<ToolServer> {
  const token = "test-token-0123456789";
  const host = new ToolHost({ version: "0.0.0-test", syncWaitMs: 3000, ...opts });
  const test = new TestToolProvider();
  host.addProvider(test);
  const hooks = notReadyHooks();
  const server = await startServer({ port: 0, token, version: "0.0.0-test", onClient: hooks.onClient, health: () => host.health(), route: host.route });
  return {
    server,
    host,
    test,
    token,
    url: server.url,
    async close() {
      await host.close();
      await server.close(1000);
    },
  };
}

/** An official MCP SDK client connected to /mcp with the token. */
export async function mcpClient(t: ToolServer): Promise<Client> {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("mcp", t.url), { requestInit: { headers: { Authorization: `Bearer ${t.token}` } } });
  await client.connect(transport);
  return client;
}

/** Wait until `check` is true (polling), or fail after `ms`. */
export async function until(check: () => boolean, ms = 3000, what = "condition"): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The text parts of an MCP result, joined. */
export function textOf(result: object): string {
  return (((result as { content?: unknown }).content ?? []) as { type: string; text?: string }[])
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n");
}
