import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestParamsSchema, CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { inGroups } from "./groups.js";
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
 *  while `canNotify()` is false (no GET stream to carry it yet) is kept and sent by `flush()`.
 *  `groups` limits the session to those tool groups (`/mcp?groups=…`); undefined serves every tool. */
export function createMcpServer(deps: McpDeps, canNotify: () => boolean = () => true, groups?: ReadonlySet<string>): { server: Server; dispose: () => void; flush: () => void } {
  const server = new Server(
    { name: "agent-panel", title: "Agent Panel for Unity", version: deps.version },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        'Unity Editor tools of this project, served by the Agent Panel sidecar. A call that runs longer than a few seconds answers {job_id, status}; ask job_status for its result. Destructive tools need "confirm": true; without it they only describe what they would do.',
    },
  );
  const visible = () => deps.registry.list().filter((e) => inGroups(e, groups));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: visible().map((e) => mcpTool(e, deps.invoker)) }));
  server.setRequestHandler(LooseCallToolRequest, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const item = deps.registry.get(name);
    if (!item) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list shows the ${visible().length} tools of this session.`);
    if (!inGroups(item.entry, groups)) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `The tool ${name} is not in this session's groups (${[...groups!].join(", ")}); add its group to the groups of the MCP server's URL (?groups=…) or --groups, or drop the filter.`,
      );
    }
    if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args)))
      throw new McpError(ErrorCode.InvalidParams, `The arguments of ${name} must be one JSON object (named arguments), not ${Array.isArray(args) ? "an array" : typeof args}.`);
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
    const timer = setInterval(
      () => {
        if (Date.now() - last >= heartbeatMs - 5) notify(`${name} still running after ${Math.round((Date.now() - started) / 1000)} s`);
      },
      Math.max(10, Math.floor(heartbeatMs / 2)),
    );
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
    description: withExamples(entry),
    inputSchema: invoker.clientSchema(entry) as Tool["inputSchema"],
    annotations: { readOnlyHint: toolEffect(entry) === "read", destructiveHint: a.destructive, idempotentHint: a.idempotency === "safe", openWorldHint: false },
  };
  if (a.title !== undefined) {
    tool.title = a.title;
    tool.annotations!.title = a.title;
  }
  if (entry.outputSchema) tool.outputSchema = entry.outputSchema as Tool["outputSchema"];
  const meta: Record<string, unknown> = {};
  // Claude Code keeps a tool with this flag in the prompt instead of deferring it behind tool search.
  if (a.alwaysLoad) meta["anthropic/alwaysLoad"] = true;
  // The examples as data too, for clients that read them from _meta rather than the description.
  if (a.examples.length > 0) meta["agent-panel/examples"] = a.examples;
  if (Object.keys(meta).length > 0) tool._meta = meta;
  return tool;
}

/** The description a model reads, ending with the tool's examples as argument objects (models only read the description and schema). */
export function withExamples(entry: ToolEntry): string {
  const examples = entry.annotations.examples;
  if (examples.length === 0) return entry.description;
  const lines = examples.map((e) => `- ${e.description ? `${e.description}: ` : ""}${JSON.stringify(e.arguments)}`);
  return `${entry.description.trimEnd()}\n\nExamples of arguments:\n${lines.join("\n")}`;
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
