import type { Sample } from "./samples.js";
import type { PublishedTool } from "../../sidecar/src/protocol/panel/tools.js";

// Golden samples of the tool-provider frames: the provider's hello, its catalog, the sidecar's
// invoke and cancel, progress, results (text, image, error) and the journal after a reload.

const CALL = "call-7d3e1f";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const annotations = { idempotency: "safe" as const, mainThread: true, destructive: false, examples: [], alwaysLoad: true, maxResultSizeChars: 100000 };

const catalog: PublishedTool[] = [
  {
    name: "scene_get_hierarchy",
    description: "List the GameObjects of the open scene as an indented tree.",
    inputSchema: { type: "object", properties: { maxDepth: { type: "integer", minimum: 1, default: 4 } }, additionalProperties: false },
    annotations: { ...annotations, title: "Scene hierarchy", group: "scene" },
  },
  {
    name: "gameobject_delete",
    description: "Delete a GameObject (and its children) from the open scene; undoable.",
    inputSchema: { type: "object", properties: { path: { type: "string", description: "Hierarchy path, e.g. Level/Enemies/Bat" } }, required: ["path"], additionalProperties: false },
    outputSchema: { type: "object", properties: { deleted: { type: "integer" } } },
    annotations: {
      title: "Delete GameObject",
      idempotency: "unsafe",
      mainThread: true,
      destructive: true,
      undoGroup: "Agent: delete GameObject",
      examples: [{ description: "Delete one enemy", arguments: { path: "Level/Enemies/Bat" } }],
      alwaysLoad: false,
      maxResultSizeChars: 20000,
      group: "scene",
    },
  },
];

/** The tool-provider samples, and the chat events of the panel's own agent calling such tools. */
export function toolSamples(): Sample[] {
  const turnId = "t4";
  const toolUseId = "toolu_01Mcp7Lq2";
  const input = { path: "Level/Enemies/Bat", confirm: true };
  return [
    {
      name: "event-permission_requested-agent-tool",
      schema: "PanelEvent",
      value: {
        type: "permission_requested",
        turnId,
        requestId: "8a2d4c61-0b7e-4f1a-93c5-6e2f1d0a9b47",
        toolName: "mcp__agent-panel__gameobject_delete",
        toolUseId,
        input,
        summary: "Delete GameObject: path=Level/Enemies/Bat",
        suggestions: [],
        isQuestion: false,
        agentTool: { name: "gameobject_delete", title: "Delete GameObject", destructive: true, readOnly: false },
        dryRun: { ok: true, content: [{ type: "text", text: "Would delete Level/Enemies/Bat and its 2 children." }], structured: { deleted: 3 } },
      },
    },
    {
      name: "event-tool_started-agent-tool",
      schema: "PanelEvent",
      value: {
        type: "tool_started",
        turnId,
        toolUseId,
        name: "mcp__agent-panel__gameobject_delete",
        input,
        summary: "Delete GameObject: path=Level/Enemies/Bat",
        parentToolUseId: null,
        title: "Delete GameObject",
      },
    },
    {
      name: "event-tool_finished-image",
      schema: "PanelEvent",
      value: {
        type: "tool_finished",
        turnId,
        toolUseId: "toolu_01Mcp7Lq3",
        name: "mcp__agent-panel__scene_screenshot",
        isError: false,
        result: "Game view, 1 x 1\n[image]",
        images: [{ mediaType: "image/png", data: PNG }],
        durationMs: 412,
        decision: "allow",
        parentToolUseId: null,
      },
    },
    {
      name: "command-hello-tools",
      schema: "ClientCommand",
      value: { id: "1", cmd: "hello", protocol: 1, client: "unity", clientVersion: "0.1.0", render: ["unity"], provides: ["tools"], providerId: "unity-48211" },
    },
    { name: "command-tools.publish", schema: "ClientCommand", value: { id: "2", cmd: "tools.publish", catalog, wake: "on-demand" } },
    { name: "frame-ack-tools.publish", schema: "ServerFrame", result: "tools.publish", value: { kind: "ack", id: "2", result: { tools: 2 } } },
    {
      name: "command-tools.journal",
      schema: "ClientCommand",
      value: {
        id: "3",
        cmd: "tools.journal",
        calls: [
          { callId: "call-1a", outcome: "finished", result: { ok: true, content: [{ type: "text", text: "Deleted Level/Enemies/Bat" }], structured: { deleted: 1 } } },
          { callId: "call-1b", outcome: "not_started" },
          { callId: "call-1c", outcome: "interrupted" },
        ],
      },
    },
    { name: "frame-tool.invoke", schema: "ServerFrame", value: { kind: "tool.invoke", callId: CALL, tool: "scene_get_hierarchy", arguments: { maxDepth: 2 }, deadline: 1772443200000 } },
    {
      name: "frame-tool.invoke-dry-run",
      schema: "ServerFrame",
      value: { kind: "tool.invoke", callId: "call-7d3e20", tool: "gameobject_delete", arguments: { path: "Level/Enemies/Bat" }, deadline: 1772443200000, dryRun: true },
    },
    { name: "frame-tool.cancel", schema: "ServerFrame", value: { kind: "tool.cancel", callId: CALL, reason: "The MCP client cancelled the call." } },
    { name: "command-tool.progress", schema: "ClientCommand", value: { id: "4", cmd: "tool.progress", callId: CALL, progress: 3, total: 10, message: "Importing assets (3/10)" } },
    {
      name: "command-tool.result",
      schema: "ClientCommand",
      value: {
        id: "5",
        cmd: "tool.result",
        callId: CALL,
        ok: true,
        content: [
          { type: "text", text: "Main Camera\nPlayer\n  Model" },
          { type: "image", data: PNG, mimeType: "image/png" },
        ],
        structured: { count: 3 },
      },
    },
    {
      name: "command-tool.result-error",
      schema: "ClientCommand",
      value: {
        id: "6",
        cmd: "tool.result",
        callId: "call-7d3e21",
        ok: false,
        content: [{ type: "text", text: "No GameObject at Level/Enemies/Bat; list the scene with scene_get_hierarchy." }],
        error: { code: "not_found", message: "No GameObject at Level/Enemies/Bat; list the scene with scene_get_hierarchy." },
      },
    },
  ];
}
