import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mml/mcp.js";
import { composeMmlProvider } from "../../src/mml/tool.js";
import { ToolInvoker } from "../../src/tools/invoker.js";
import { ToolRegistry } from "../../src/tools/registry.js";

// compose_mml over MCP: arguments of the wrong type come back as compose_mml's own structured
// error (ARGUMENT_INVALID naming the field), in the shape of the action, and nothing runs.

const state = mkdtempSync(join(tmpdir(), "mml-mcp-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

async function connect() {
  const registry = new ToolRegistry();
  registry.add(composeMmlProvider(() => ({ projectRoot: null, stateDir: state })));
  const server = createMcpServer(registry, new ToolInvoker(registry));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1" });
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

type Structured = { success?: boolean; valid?: boolean; validation?: { errors: { code: string; field?: string; message: string; hint: string }[] }; errors?: { code: string; field?: string }[] };

describe("compose_mml over MCP", () => {
  it('answers sample_rate: "fast" with ARGUMENT_INVALID on field sample_rate in the structured result (was text-only invalid_params)', async () => {
    const client = await connect();
    const r = await client.callTool({ name: "compose_mml", arguments: { action: "compose", mode: "pyxel", mml: "0: C", sample_rate: "fast" } });
    expect(r.isError).toBe(true);
    const s = r.structuredContent as Structured;
    expect(s.success).toBe(false);
    expect(s.validation!.errors.map((e) => [e.code, e.field])).toEqual([["ARGUMENT_INVALID", "sample_rate"]]);
    expect(s.validation!.errors[0]!.message).toMatch(/sample_rate: expected integer, got string/);
    expect(s.validation!.errors[0]!.hint).toMatch(/22050/);
    const text = JSON.parse((r.content as { text: string }[])[0]!.text) as Structured;
    expect(text.validation!.errors[0]!.field).toBe("sample_rate");
    await client.close();
  });

  it("names every wrong field, and unknown arguments, in the shape of the action asked for", async () => {
    const client = await connect();
    const v = await client.callTool({ name: "compose_mml", arguments: { action: "validate", mode: 1, mml: "A c", normalize: "yes", tempo: 120 } });
    const vs = v.structuredContent as Structured & { errors: { code: string; field: string }[] };
    expect(vs.valid).toBe(false);
    expect(vs.errors.map((e) => [e.code, e.field]).sort()).toEqual([
      ["ARGUMENT_INVALID", "mode"],
      ["ARGUMENT_INVALID", "normalize"],
      ["ARGUMENT_INVALID", "tempo"],
    ]);
    const t = await client.callTool({ name: "compose_mml", arguments: { action: "template", template: 3 } });
    expect([t.isError, (t.structuredContent as Structured).errors!.map((e) => e.field)]).toEqual([true, ["template"]]);
    await client.close();
  });
});
