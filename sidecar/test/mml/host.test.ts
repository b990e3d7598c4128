import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ToolHost } from "../../src/tools/host.js";
import { composeMmlProvider } from "../../src/mml/tool.js";
import { mcpClient, startToolServer, type ToolServer } from "../tools/helpers.js";

// compose_mml inside the sidecar's tool host: in the one catalog beside job_status, writing into
// the project, and asking Unity to import through the host's importAsset hook when it is set.

const dirs: string[] = [];
let server: ToolServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), "mml-host-"));
  dirs.push(d);
  return d;
};

/** A tool host with compose_mml registered as `agent-panel serve` does. */
function hostFor(project: string): ToolHost {
  const host = new ToolHost({ version: "0" });
  host.addProvider(composeMmlProvider(() => ({ projectRoot: project, stateDir: tmp(), importAsset: host.importAsset })));
  return host;
}

describe("compose_mml in the sidecar's tool host", () => {
  it("is in the catalog and writes into the project, asking Unity to import through the host's hook", async () => {
    const project = tmp();
    const host = hostFor(project);
    const imported: string[] = [];
    host.importAsset = (p) => void imported.push(p);
    expect(host.registry.list().map((e) => e.name)).toEqual(["job_status", "compose_mml"]);
    const { result } = await host.invoker.call("compose_mml", { action: "compose", mode: "ppmck", mml: "A t150 l8 o5 q2 c e g > c4" });
    const path = (result.structured as { wav_path: string }).wav_path;
    expect(existsSync(join(project, path))).toBe(true);
    expect(imported).toEqual([path]);
    await host.close();
  });

  it("skips the import when no Unity hook is set", async () => {
    const host = hostFor(tmp());
    const { result } = await host.invoker.call("compose_mml", { action: "compose", mode: "pyxel", mml: "0: C" });
    expect([result.ok, (result.structured as { validation: { warnings: unknown[] } }).validation.warnings]).toEqual([true, []]);
    await host.close();
  });

  it("answers an MCP client on the sidecar's /mcp endpoint", async () => {
    server = await startToolServer();
    const project = tmp();
    server.host.addProvider(composeMmlProvider({ projectRoot: project, stateDir: tmp() }));
    const client = await mcpClient(server);
    try {
      const r = await client.callTool({ name: "compose_mml", arguments: { action: "validate", mode: "pyxel", mml: "0: C D E" } });
      expect((r.structuredContent as { valid: boolean; channel_summary: unknown[] }).channel_summary).toEqual([{ channel: "Pulse1", note_count: 3, octave_range: [4, 4], duration_ticks: 144 }]);
    } finally {
      await client.close();
    }
  });
});
