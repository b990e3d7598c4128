import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { afterAll, describe, expect, it } from "vitest";
import { runMmlServer } from "../../src/commands/mml-server.js";

// An MCP SDK client calls compose_mml over each transport of `agent-panel mml-server`.

const root = join(import.meta.dirname, "../../..");
const state = mkdtempSync(join(tmpdir(), "mml-server-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/** List tools, get a template, compose it: the same checks over every transport. */
async function exercise(transport: Transport): Promise<void> {
  const client = new Client({ name: "mml-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["compose_mml"]);
    expect(tools[0]!.annotations?.idempotentHint).toBe(true);
    const t = await client.callTool({ name: "compose_mml", arguments: { action: "template", template: "melody", mode: "ppmck" } });
    const tpl = t.structuredContent as { mml: string; description: string };
    expect(tpl.mml).toMatch(/^#TITLE melody/);
    const c = await client.callTool({ name: "compose_mml", arguments: { action: "compose", mode: "ppmck", mml: tpl.mml, sample_rate: 8000 } });
    const composed = c.structuredContent as { success: boolean; wav_path: string; duration_sec: number };
    expect([c.isError, composed.success, composed.duration_sec]).toEqual([false, true, 54857 / 8000]); // 6.857 s rounded to whole samples at 8 kHz
    expect(composed.wav_path.endsWith(".wav")).toBe(true);
    const bad = await client.callTool({ name: "compose_mml", arguments: { action: "compose", mode: "xyz", mml: "A c" } });
    expect(bad.isError).toBe(true);
    expect(JSON.parse((bad.content as { text: string }[])[0]!.text).validation.errors[0].code).toBe("MODE_UNKNOWN");
  } finally {
    await client.close();
  }
}

/** Start the command in-process on a free port; returns the port and a stop function. */
async function startHttp(transport: string): Promise<{ port: number; stop: () => Promise<void>; done: Promise<number> }> {
  let ready!: (v: { port: number; stop: () => Promise<void> }) => void;
  const listening = new Promise<{ port: number; stop: () => Promise<void> }>((r) => (ready = r));
  const done = runMmlServer(["--transport", transport, "--port", "0"], { err: () => {}, stateDir: state, onListening: (port, stop) => ready({ port, stop }) });
  return { ...(await listening), done };
}

describe("agent-panel mml-server", () => {
  it.each(["http", "streamable-http"])("serves compose_mml over %s (Streamable HTTP at /mcp)", async (name) => {
    const s = await startHttp(name);
    try {
      await exercise(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${s.port}/mcp`)));
    } finally {
      await s.stop();
    }
    expect(await s.done).toBe(0);
  });

  it("serves compose_mml over the legacy HTTP+SSE transport", async () => {
    const s = await startHttp("sse");
    try {
      await exercise(new SSEClientTransport(new URL(`http://127.0.0.1:${s.port}/sse`)));
    } finally {
      await s.stop();
    }
  });

  it("serves compose_mml over stdio", { timeout: 90_000 }, async () => {
    const env = { ...process.env, XDG_DATA_HOME: state, LOCALAPPDATA: state } as Record<string, string>;
    await exercise(
      new StdioClientTransport({ command: process.execPath, args: ["--import", "tsx", join(root, "sidecar/src/bin.ts"), "mml-server", "--transport", "stdio"], cwd: root, env, stderr: "ignore" }),
    );
  });

  it("refuses non-loopback Host headers and unknown transports", async () => {
    const s = await startHttp("http");
    try {
      const status = (headers: Record<string, string>) =>
        new Promise<number>((done, fail) =>
          request({ host: "127.0.0.1", port: s.port, path: "/mcp", method: "POST", headers }, (res) => done(res.statusCode ?? 0))
            .on("error", fail)
            .end("{}"),
        );
      expect(await status({ host: "evil.example" })).toBe(403);
      expect(await status({ host: `127.0.0.1:${s.port}`, origin: "http://evil.example" })).toBe(403);
    } finally {
      await s.stop();
    }
    const errors: string[] = [];
    expect(await runMmlServer(["--transport", "websocket"], { err: (t) => errors.push(t) })).toBe(2);
    expect(errors[0]).toMatch(/Unknown transport/);
  });
});
