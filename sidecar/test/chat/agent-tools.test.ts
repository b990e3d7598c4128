import { describe, expect, it } from "vitest";
import { agentToolLabel, agentToolRequest, MCP_SERVER_NAME, ourToolName, summarizeAgentTool, type ChatToolHost } from "../../src/chat/agent-tools.js";
import { toolResultImages } from "../../src/claude/summary.js";
import type { CanUseToolRequest } from "../../src/protocol/claude/inbound.js";
import type { ToolResult } from "../../src/tools/types.js";

// How a chat treats calls of the sidecar's own tools: the generated --mcp-config, pre-allowed
// read-only tools, cards with titles, argument summaries and dry runs, and result images.

const infos: Record<string, { title?: string; destructive: boolean; readOnly: boolean }> = {
  scene_list: { title: "Scene hierarchy", destructive: false, readOnly: true },
  object_create: { title: "Create GameObject", destructive: false, readOnly: false },
  object_delete: { title: "Delete GameObject", destructive: true, readOnly: false },
};
function host(dryRun: (tool: string) => Promise<ToolResult | undefined> = async () => ({ ok: true, content: [{ type: "text", text: "Would delete Bat" }] })): ChatToolHost {
  return { server: MCP_SERVER_NAME, describe: (t) => infos[t], dryRun: (t) => dryRun(t) };
}
const req = (tool: string, input: Record<string, unknown> = {}): CanUseToolRequest => ({ subtype: "can_use_tool", tool_name: `mcp__agent-panel__${tool}`, input }) as CanUseToolRequest;

describe("agent tools in a chat", () => {
  it("recognises only our server's tools", () => {
    expect(ourToolName("mcp__agent-panel__scene_list", MCP_SERVER_NAME)).toBe("scene_list");
    expect(ourToolName("mcp__other__scene_list", MCP_SERVER_NAME)).toBeUndefined();
    expect(ourToolName("Bash", MCP_SERVER_NAME)).toBeUndefined();
    expect(agentToolRequest(host(), { subtype: "can_use_tool", tool_name: "Bash", input: {} } as CanUseToolRequest, true)).toEqual({ kind: "other" });
  });

  it("pre-allows a read-only tool only when the setting is on", async () => {
    expect(agentToolRequest(host(), req("scene_list"), true)).toEqual({ kind: "allow" });
    const card = agentToolRequest(host(), req("scene_list", { maxDepth: 2 }), false);
    expect(card.kind).toBe("card");
    expect(card.kind === "card" && (await card.details)).toEqual({
      summary: "Scene hierarchy: maxDepth=2",
      agentTool: { name: "scene_list", title: "Scene hierarchy", destructive: false, readOnly: true },
    });
  });

  it("a destructive tool's card carries its dry run; confirm/dry_run are left out of the summary", async () => {
    const card = agentToolRequest(host(), req("object_delete", { path: "Level/Bat", confirm: true }), true);
    if (card.kind !== "card") throw new Error("expected a card");
    expect(await card.details).toEqual({
      summary: "Delete GameObject: path=Level/Bat",
      agentTool: { name: "object_delete", title: "Delete GameObject", destructive: true, readOnly: false },
      dryRun: { ok: true, content: [{ type: "text", text: "Would delete Bat" }] },
    });
  });

  it("a dry run that does not answer in time leaves the card without it", async () => {
    const card = agentToolRequest(
      host(() => new Promise(() => {})),
      req("object_delete", { path: "Bat" }),
      true,
      20,
    );
    if (card.kind !== "card") throw new Error("expected a card");
    const details = await card.details;
    expect(details.dryRun).toBeUndefined();
    expect(details.agentTool.destructive).toBe(true);
  });

  it("an unknown tool of ours still gets a card (never pre-allowed)", async () => {
    const card = agentToolRequest(host(), req("brand_new"), true);
    expect(card.kind === "card" && (await card.details).agentTool).toEqual({ name: "brand_new", destructive: false, readOnly: false });
  });

  it("summaries are one line, quote strings with separators, and are cut", () => {
    expect(summarizeAgentTool("Find", { query: "Main Camera", limit: 3, nested: { a: [1, 2] } })).toBe('Find: query="Main Camera", limit=3, nested={"a":[1,2]}');
    expect(summarizeAgentTool("T", { text: "x".repeat(400) }).length).toBe(160);
    expect(agentToolLabel(host())("mcp__agent-panel__object_create", { name: "Cube" })).toEqual({ title: "Create GameObject", summary: "Create GameObject: name=Cube" });
    expect(agentToolLabel(host())("Read", {})).toBeUndefined();
  });

  it("takes base64 images out of a tool result", () => {
    const content = [
      { type: "text", text: "shot" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } },
      { type: "image", source: { type: "url", url: "x" } },
    ];
    expect(toolResultImages(content)).toEqual([{ mediaType: "image/png", data: "iVBOR" }]);
    expect(toolResultImages("text")).toEqual([]);
  });
});
