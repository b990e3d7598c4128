import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ToolInvoker } from "../tools/invoker.js";
import type { ToolRegistry } from "../tools/registry.js";
import { toolEffect } from "../tools/effect.js";
import { VERSION } from "../shared/version.js";

// An MCP server (the SDK's low-level Server) answering tools/list and tools/call from a tool
// registry through its invoker. One is created per MCP session; every transport shares the invoker.

/** A new MCP server over the registry's catalog. */
export function createMcpServer(registry: ToolRegistry, invoker: ToolInvoker, name = "agent-panel-mml"): Server {
  const server = new Server({ name, version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: registry.list().map((entry) => ({
      name: entry.name,
      description: entry.description,
      inputSchema: invoker.clientSchema(entry),
      annotations: {
        title: entry.annotations.title,
        idempotentHint: entry.annotations.idempotency === "safe",
        destructiveHint: entry.annotations.destructive,
        readOnlyHint: toolEffect(entry) === "read",
      },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const { result } = await invoker.call(req.params.name, req.params.arguments ?? {}, { signal: extra.signal, mode: "wait" });
    return { content: result.content, ...(result.structured ? { structuredContent: result.structured } : {}), isError: !result.ok };
  });
  return server;
}
