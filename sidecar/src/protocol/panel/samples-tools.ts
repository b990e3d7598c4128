import type { Sample } from "./samples.js";
import type { PublishedTool } from "./tools.js";

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
    annotations: { title: "Delete GameObject", idempotency: "unsafe", mainThread: true, destructive: true, undoGroup: "Agent: delete GameObject", examples: [{ description: "Delete one enemy", arguments: { path: "Level/Enemies/Bat" } }], alwaysLoad: false, maxResultSizeChars: 20000, group: "scene" },
  },
];

/** The tool-provider samples. */
export function toolSamples(): Sample[] {
  return [
    { name: "command-hello-tools", schema: "ClientCommand", value: { id: "1", cmd: "hello", protocol: 1, client: "unity", clientVersion: "0.1.0", render: ["unity"], provides: ["tools"], providerId: "unity-48211" } },
    { name: "command-tools.publish", schema: "ClientCommand", value: { id: "2", cmd: "tools.publish", catalog } },
    { name: "frame-ack-tools.publish", schema: "ServerFrame", result: "tools.publish", value: { kind: "ack", id: "2", result: { tools: 2 } } },
    {
      name: "command-tools.journal", schema: "ClientCommand",
      value: {
        id: "3", cmd: "tools.journal",
        calls: [
          { callId: "call-1a", outcome: "finished", result: { ok: true, content: [{ type: "text", text: "Deleted Level/Enemies/Bat" }], structured: { deleted: 1 } } },
          { callId: "call-1b", outcome: "not_started" },
          { callId: "call-1c", outcome: "interrupted" },
        ],
      },
    },
    { name: "frame-tool.invoke", schema: "ServerFrame", value: { kind: "tool.invoke", callId: CALL, tool: "scene_get_hierarchy", arguments: { maxDepth: 2 }, deadline: 1772443200000 } },
    { name: "frame-tool.invoke-dry-run", schema: "ServerFrame", value: { kind: "tool.invoke", callId: "call-7d3e20", tool: "gameobject_delete", arguments: { path: "Level/Enemies/Bat" }, deadline: 1772443200000, dryRun: true } },
    { name: "frame-tool.cancel", schema: "ServerFrame", value: { kind: "tool.cancel", callId: CALL, reason: "The MCP client cancelled the call." } },
    { name: "command-tool.progress", schema: "ClientCommand", value: { id: "4", cmd: "tool.progress", callId: CALL, progress: 3, total: 10, message: "Importing assets (3/10)" } },
    {
      name: "command-tool.result", schema: "ClientCommand",
      value: { id: "5", cmd: "tool.result", callId: CALL, ok: true, content: [{ type: "text", text: "Main Camera\nPlayer\n  Model" }, { type: "image", data: PNG, mimeType: "image/png" }], structured: { count: 3 } },
    },
    {
      name: "command-tool.result-error", schema: "ClientCommand",
      value: { id: "6", cmd: "tool.result", callId: "call-7d3e21", ok: false, content: [{ type: "text", text: "No GameObject at Level/Enemies/Bat; list the scene with scene_get_hierarchy." }], error: { code: "not_found", message: "No GameObject at Level/Enemies/Bat; list the scene with scene_get_hierarchy." } },
    },
  ];
}
