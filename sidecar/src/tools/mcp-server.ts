import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestParamsSchema, CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ToolInvoker } from "./invoker.js";
import type { ToolRegistry } from "./registry.js";
import { toolEffect } from "./effect.js";
import type { ToolEntry, ToolProgress, ToolResult } from "./types.js";

// One MCP server (the SDK's low-level Server: our schemas are JSON Schema, not zod) per MCP
// session, answering tools/list from the catalog and tools/call through the invoker. Used by
// the Streamable HTTP endpoint; the stdio bridge forwards to that endpoint.

/** What an MCP session needs from the tool host. */
export interface McpDeps {
  registry: ToolRegistry;
  invoker: ToolInvoker;
  version: string;
  /** A long call sends a progress notification at least this often (default 10 s; the spec's clients time out after idling). */
  heartbeatMs?: number;
}

/**
 * tools/call as the SDK's first parse sees it: with its own schema, `arguments` that is not an
 * object fails that parse and is answered -32603 (internal error); loosened here, the SDK's
 * tools/call check (and ours) answer it -32602 (invalid params) as the spec says.
 */
const LooseCallToolRequest = CallToolRequestSchema.extend({ params: CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }) });

/** Build an MCP server for one session; `dispose` stops its catalog subscription. A list change
 *  while `canNotify()` is false (no GET stream to carry it yet) is kept and sent by `flush()`. */
export function createMcpServer(deps: McpDeps, canNotify: () => boolean = () => true): { server: Server; dispose: () => void; flush: () => void } {
  const server = new Server(
    { name: "agent-panel", title: "Agent Panel for Unity", version: deps.version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions: "Unity Editor tools of this project, served by the Agent Panel sidecar. A call that runs longer than a few seconds answers {job_id, status}; ask job_status for its result. Destructive tools need \"confirm\": true; without it they only describe what they would do.",
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: deps.registry.list().map((e) => mcpTool(e, deps.invoker)) }));
  server.setRequestHandler(LooseCallToolRequest, async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (!deps.registry.get(name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list shows the ${deps.registry.list().length} tools of this project.`);
    if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) throw new McpError(ErrorCode.InvalidParams, `The arguments of ${name} must be one JSON object (named arguments), not ${Array.isArray(args) ? "an array" : typeof args}.`);
    const token = request.params._meta?.progressToken;
    if (token === undefined) return mcpResult((await deps.invoker.call(name, args ?? {}, { signal: extra.signal })).result);
    // The client takes progress: hold the call open and keep it alive with notifications.
    let count = 0;
    let last = Date.now();
    const started = last;
    const notify = (message: string) => {
      last = Date.now();
      void extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: ++count, message } }).catch(() => {});
    };
    const heartbeatMs = deps.heartbeatMs ?? 10_000;
    const timer = setInterval(() => {
      if (Date.now() - last >= heartbeatMs - 5) notify(`${name} still running after ${Math.round((Date.now() - started) / 1000)} s`);
    }, Math.max(10, Math.floor(heartbeatMs / 2)));
    try {
      const { result } = await deps.invoker.call(name, args ?? {}, { signal: extra.signal, mode: "wait", onProgress: (p) => notify(progressText(p)) });
      return mcpResult(result);
    } finally {
      clearInterval(timer);
    }
  });
  let initialized = false;
  let pending = false;
  server.oninitialized = () => (initialized = true);
  const send = () => {
    pending = false;
    void server.sendToolListChanged().catch(() => {});
  };
  const unsubscribe = deps.registry.subscribe(() => {
    if (!initialized) return;
    if (canNotify()) send();
    else pending = true;
  });
  return { server, dispose: unsubscribe, flush: () => pending && canNotify() && send() };
}

/** A catalog entry as an MCP Tool (destructive tools show `confirm`/`dry_run`). */
export function mcpTool(entry: ToolEntry, invoker: ToolInvoker): Tool {
  const a = entry.annotations;
  const tool: Tool = {
    name: entry.name,
    description: entry.description,
    inputSchema: invoker.clientSchema(entry) as Tool["inputSchema"],
    annotations: { readOnlyHint: toolEffect(entry) === "read", destructiveHint: a.destructive, idempotentHint: a.idempotency === "safe", openWorldHint: false },
  };
  if (a.title !== undefined) {
    tool.title = a.title;
    tool.annotations!.title = a.title;
  }
  if (entry.outputSchema) tool.outputSchema = entry.outputSchema as Tool["outputSchema"];
  // Claude Code keeps a tool with this flag in the prompt instead of deferring it behind tool search.
  if (a.alwaysLoad) tool._meta = { "anthropic/alwaysLoad": true };
  return tool;
}

/** A tool result as an MCP CallToolResult (a failure is `isError` with the message in the content). */
export function mcpResult(result: ToolResult): CallToolResult {
  const content: CallToolResult["content"] = [...result.content];
  if (!result.ok && result.error && !result.content.some((c) => c.type === "text" && c.text.includes(result.error!.message))) {
    content.push({ type: "text", text: `${result.error.code}: ${result.error.message}` });
  }
  const out: CallToolResult = { content };
  if (result.structured !== undefined) out.structuredContent = result.structured;
  if (!result.ok) out.isError = true;
  return out;
}

function progressText(p: ToolProgress): string {
  const fraction = p.total !== undefined ? `${p.progress}/${p.total}` : String(p.progress);
  return p.message ? `${p.message} (${fraction})` : fraction;
}
