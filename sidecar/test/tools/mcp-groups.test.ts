import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { groupsOfUrl, toolGroup } from "../../src/tools/groups.js";
import { textResult, toolEntry, type ToolProvider } from "../../src/tools/types.js";
import { startToolServer, textOf, type ToolServer } from "./helpers.js";

// What an MCP client sees of a tool beyond its schema: the examples (in the description a model
// reads, and in _meta), and only the groups it asked for (`/mcp?groups=…`).

let t: ToolServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  await t?.close();
  t = undefined;
});

const grouped: ToolProvider = {
  id: "grouped",
  kind: "native",
  list: () => [
    toolEntry({ name: "scene_peek", description: "Look at the scene.", inputSchema: { type: "object" }, annotations: { idempotency: "safe" }, provider: "native" }),
    toolEntry({
      name: "find_asset",
      description: "Find an asset.",
      inputSchema: { type: "object", properties: { filter: { type: "string" } } },
      annotations: { idempotency: "safe", group: "assets", examples: [{ description: "every prefab", arguments: { filter: "t:Prefab" } }] },
      provider: "native",
    }),
  ],
  subscribe: () => () => {},
  invoke: async (name) => textResult(`ran ${name}`),
};

async function client(path: string): Promise<Client> {
  const c = new Client({ name: "groups-test", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL(path, t!.url), { requestInit: { headers: { Authorization: `Bearer ${t!.token}` } } }));
  clients.push(c);
  return c;
}

describe("MCP tools/list: examples", () => {
  it("a tool's examples are in the description the model reads and in _meta", async () => {
    t = await startToolServer();
    t.host.addProvider(grouped);
    const { tools } = await (await client("mcp")).listTools();
    const echo = tools.find((x) => x.name === "test_echo")!;
    expect(echo.description).toBe('Echo the text back.\n\nExamples of arguments:\n- {"text":"hi"}');
    expect(echo._meta).toEqual({ "agent-panel/examples": [{ arguments: { text: "hi" } }] });
    const find = tools.find((x) => x.name === "find_asset")!;
    expect(find.description).toContain('- every prefab: {"filter":"t:Prefab"}');
    // A tool without examples keeps its description as written and gets no _meta.
    const peek = tools.find((x) => x.name === "scene_peek")!;
    expect(peek.description).toBe("Look at the scene.");
    expect(peek._meta).toBeUndefined();
    expect(tools.find((x) => x.name === "job_status")!._meta).toEqual({ "anthropic/alwaysLoad": true });
  });
});

describe("MCP group filter (/mcp?groups=…)", () => {
  it("lists only the asked groups (from the annotation or the name's prefix) plus job_status; other tools cannot be called", async () => {
    t = await startToolServer();
    t.host.addProvider(grouped);
    const all = (await (await client("mcp")).listTools()).tools.map((x) => x.name);
    expect(all).toEqual(expect.arrayContaining(["scene_peek", "find_asset", "test_echo", "job_status"]));

    const c = await client("mcp?groups=scene,Assets");
    expect((await c.listTools()).tools.map((x) => x.name).sort()).toEqual(["find_asset", "job_status", "scene_peek"]);
    expect(textOf(await c.callTool({ name: "scene_peek", arguments: {} }))).toBe("ran scene_peek");
    const refused = await c.callTool({ name: "test_echo", arguments: { text: "x" } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((refused as McpError).message).toMatch(/not in this session's groups \(scene, assets, jobs\)/);
    expect(t.test.calls).toEqual([]);

    const custom = await client("mcp?groups=custom");
    expect((await custom.listTools()).tools.map((x) => x.name)).toEqual(expect.arrayContaining(["test_echo", "job_status"]));
    expect((await custom.listTools()).tools.map((x) => x.name)).not.toContain("scene_peek");
  });

  it("parses the query: repeated or comma-separated, case and blanks ignored; none or empty = no filter", () => {
    expect(groupsOfUrl("/mcp")).toBeUndefined();
    expect(groupsOfUrl("/mcp?groups=")).toBeUndefined();
    expect([...groupsOfUrl("/mcp?groups=Scene,%20assets&groups=audio")!]).toEqual(["scene", "assets", "audio", "jobs"]);
    expect(toolGroup(toolEntry({ name: "definitions_list", description: "", inputSchema: { type: "object" }, provider: "native" }))).toBe("diagnostics");
    expect(toolGroup(toolEntry({ name: "gameobject_make", description: "", inputSchema: { type: "object" }, provider: "native" }))).toBe("gameobject");
  });
});
