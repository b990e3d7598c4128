import { describe, expect, it } from "vitest";
import { agentToolRequest, MCP_SERVER_NAME } from "../../src/chat/agent-tools.js";
import { chatToolHost } from "../../src/bridge/hubs/chat-tools.js";
import { definitionEntry } from "../../src/tools/definitions/entry.js";
import type { LoadedDefinition } from "../../src/tools/definitions/load.js";
import { Definition } from "../../src/tools/definitions/schema.js";
import { toolEffect } from "../../src/tools/effect.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { toolEntry, type ToolEntry, type ToolProvider } from "../../src/tools/types.js";

// Issue #29, items 1 and 2: a tool is "read" only when it says so (Unity's Safe tools excepted,
// whose attribute has no such flag), and a script definition is never read-only, whatever its file
// says — so a panel chat shows its card even with "run read-only tools without asking" on.

const loaded = (raw: Record<string, unknown>): LoadedDefinition => ({
  def: Definition.parse(raw),
  file: "/defs/x.json",
  source: "project",
  hash: "h",
  destructive: raw.destructive === true,
  ...(raw.kind === "script" ? { scriptFile: "/defs/x.cs" } : {}),
});
const provider = (entries: ToolEntry[]): ToolProvider => ({ id: "test", kind: entries[0]!.provider, list: () => entries, subscribe: () => () => {}, invoke: async () => ({ ok: true, content: [] }) });
const request = (tool: string) => ({ subtype: "can_use_tool" as const, tool_name: `mcp__${MCP_SERVER_NAME}__${tool}`, input: { n: 1 }, tool_use_id: "t1" });

describe("toolEffect", () => {
  it("is read only when declared, or for a Safe non-destructive Unity tool; anything else writes", () => {
    const e = (provider: ToolEntry["provider"], annotations: Record<string, unknown>) => toolEffect(toolEntry({ name: "t", description: "", inputSchema: { type: "object" }, annotations, provider }));
    expect(e("native", { idempotency: "safe" })).toBe("write");
    expect(e("definition", { idempotency: "safe" })).toBe("write");
    expect(e("native", { idempotency: "safe", readOnly: true })).toBe("read");
    expect(e("unity", { idempotency: "safe" })).toBe("read");
    expect(e("unity", { idempotency: "safe", readOnly: false })).toBe("write");
    expect(e("unity", { idempotency: "unsafe" })).toBe("write");
    expect(e("native", { readOnly: true, destructive: true })).toBe("destructive");
  });
});

describe("script definitions in a panel chat", () => {
  it("a script that declares itself safe is not read-only and gets a card; a probe is pre-allowed", async () => {
    const script = definitionEntry(loaded({ name: "script_safe", description: "runs C#", kind: "script", file: "x.cs", idempotency: "safe", inputs: { n: { type: "integer" } } }));
    const probe = definitionEntry(loaded({ name: "probe_time", description: "reads", kind: "probe", reads: [{ id: "t", path: "@type:UnityEngine.Time/time" }] }));
    const sequence = definitionEntry(loaded({ name: "seq_safe", description: "steps", kind: "sequence", idempotency: "safe", steps: [{ id: "a", tool: "probe_time" }] }));
    expect([toolEffect(script), toolEffect(probe), toolEffect(sequence)]).toEqual(["write", "read", "write"]);
    const registry = new ToolRegistry();
    registry.add(provider([script, probe, sequence]));
    const host = chatToolHost(registry);
    const card = agentToolRequest(host, request("script_safe"), true);
    expect(card.kind).toBe("card");
    expect(card.kind === "card" && (await card.details).agentTool).toMatchObject({ name: "script_safe", readOnly: false });
    expect(agentToolRequest(host, request("seq_safe"), true).kind).toBe("card");
    expect(agentToolRequest(host, request("probe_time"), true).kind).toBe("allow");
  });
});
