import type { CanUseToolRequest } from "../protocol/claude/inbound.js";
import { MCP_SERVER_NAME, type ToolResult } from "../protocol/tools.js";

// The sidecar's own tools as the panel's chats use them (docs/architecture.md, decision 11): how `mcp__<server>__<tool>`
// names map back to our tools, and one-line summaries. Each chat's --mcp-config (its own token, in
// a 0600 file) is made by tools/chat-credentials.ts.

/** The MCP server name in the generated config (defined with the tool schemas). */
export { MCP_SERVER_NAME };

/** What a chat needs to know about one of our tools for its cards. */
export interface AgentToolInfo {
  title?: string;
  destructive: boolean;
  /** Only reads (tools/effect.ts): pre-allowed when the chat's setting says so. */
  readOnly: boolean;
  /** The card shows the tool's dry run: a destructive tool's, or a native writing tool's preview (compose_mml's target). */
  preview?: boolean;
}

/** The tool host as a chat sees it. */
export interface ChatToolHost {
  /** MCP server name the chat's claude knows our tools under (MCP_SERVER_NAME). */
  server: string;
  describe(tool: string): AgentToolInfo | undefined;
  /** The dry run of a destructive tool (undefined when it has none or it failed to answer). */
  dryRun(tool: string, args: Record<string, unknown>): Promise<ToolResult | undefined>;
}

/** Our tool's name in a claude tool name (`mcp__<server>__<tool>`), or undefined for any other tool. */
export function ourToolName(claudeToolName: string, server: string): string | undefined {
  const prefix = `mcp__${server}__`;
  return claudeToolName.startsWith(prefix) ? claudeToolName.slice(prefix.length) : undefined;
}

/** How long a permission card waits for a destructive tool's dry run before it shows without it. */
export const DRY_RUN_WAIT_MS = 5000;

/** What the card of one of our tools adds to permission_requested. */
export interface AgentToolDetails {
  summary: string;
  agentTool: { name: string; title?: string; destructive: boolean; readOnly: boolean };
  dryRun?: ToolResult;
}

/** How a chat handles a can_use_tool: not ours, pre-allowed, or a card (with its details once the dry run is in). */
export type AgentToolDecision = { kind: "other" } | { kind: "allow" } | { kind: "card"; details: Promise<AgentToolDetails> };

/** Decide what to do with a can_use_tool request for `host`'s tools. */
export function agentToolRequest(host: ChatToolHost, req: CanUseToolRequest, preAllowReadOnly: boolean, waitMs = DRY_RUN_WAIT_MS): AgentToolDecision {
  const name = ourToolName(req.tool_name, host.server);
  if (name === undefined) return { kind: "other" };
  const info = host.describe(name);
  if (info?.readOnly && preAllowReadOnly) return { kind: "allow" };
  const agentTool = { name, ...(info?.title !== undefined ? { title: info.title } : {}), destructive: info?.destructive ?? false, readOnly: info?.readOnly ?? false };
  const base: AgentToolDetails = { summary: summarizeAgentTool(info?.title ?? name, req.input), agentTool };
  if (!info?.destructive && !info?.preview) return { kind: "card", details: Promise.resolve(base) };
  const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs).unref());
  const dry = host.dryRun(name, req.input).catch(() => undefined);
  return { kind: "card", details: Promise.race([dry, timeout]).then((dryRun) => (dryRun ? { ...base, dryRun } : base)) };
}

/** The normalizer's hook: title and summary for tool cards of our tools. */
export function agentToolLabel(host: ChatToolHost): (claudeName: string, input: unknown) => { title?: string; summary: string } | undefined {
  return (claudeName, input) => {
    const name = ourToolName(claudeName, host.server);
    if (name === undefined) return undefined;
    const title = host.describe(name)?.title;
    return { ...(title !== undefined ? { title } : {}), summary: summarizeAgentTool(title ?? name, input) };
  };
}

/** "title: key=value, key=value" on one line (strings quoted only when they contain separators). */
export function summarizeAgentTool(label: string, input: unknown, max = 160): string {
  const args = typeof input === "object" && input !== null && !Array.isArray(input) ? Object.entries(input as Record<string, unknown>) : [];
  const parts = args.filter(([k]) => k !== "confirm" && k !== "dry_run").map(([k, v]) => `${k}=${showValue(v)}`);
  const line = (parts.length ? `${label}: ${parts.join(", ")}` : label).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function showValue(value: unknown): string {
  if (typeof value === "string") return /[,=\s]/.test(value) || value === "" ? JSON.stringify(value) : value;
  if (value === null || typeof value !== "object") return String(value);
  const json = JSON.stringify(value);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}
