import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { processExists } from "../../src/bridge/lifetime/lifetime.js";
import { readDescriptor } from "../../src/shared/descriptor-io.js";
import { descriptorPaths } from "../../src/shared/descriptor.js";
import { startServe, type ServeStart } from "../../src/commands/serve.js";
import type { TestToolProvider } from "../../src/tools/test-provider.js";
import { textOf, until } from "../tools/helpers.js";

// The stdio bridge as Claude Desktop runs it: a child process speaking MCP on stdin/stdout,
// driven by the official SDK client, forwarding to the project's sidecar.

const BIN = join(import.meta.dirname, "../../src/bin.ts");
let base: string;
let project: string;
let env: NodeJS.ProcessEnv;
let running: ServeStart | undefined;
let client: Client | undefined;
let stderr: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ap-stdio-"));
  project = join(base, "Game");
  mkdirSync(project);
  env = { XDG_DATA_HOME: join(base, "data"), LOCALAPPDATA: join(base, "data") };
  stderr = "";
});
afterEach(async () => {
  await client?.close().catch(() => {});
  client = undefined;
  if (running?.kind === "serving") await running.lifetime.shutdown("test end");
  running = undefined;
  const d = readDescriptor(descriptorPaths(project, { env }).descriptor);
  if (d && d.pid !== process.pid) {
    try {
      process.kill(d.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  rmSync(base, { recursive: true, force: true });
});

async function bridge(extra: string[] | Record<string, string> = []): Promise<Client> {
  const args = Array.isArray(extra) ? extra : [];
  const extraEnv = Array.isArray(extra) ? {} : extra;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", BIN, "mcp", "--project", project, ...args],
    env: { ...(process.env as Record<string, string>), ...(env as Record<string, string>), ...extraEnv },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

describe("agent-panel mcp (stdio bridge)", () => {
  it("forwards list, call, invalid params, destructive without confirm, jobs, progress, cancel and list_changed", { timeout: 60_000 }, async () => {
    running = await startServe(["--project", project, "--test-tools", "--sync-wait-ms", "150"], { env, out: () => {}, log: () => {}, exit: () => {}, handleSignals: false });
    if (running.kind !== "serving") throw new Error("sidecar did not start");
    const c = await bridge();
    const names = (await c.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["job_status", "test_echo", "test_delete"]));
    expect(textOf(await c.callTool({ name: "test_echo", arguments: { text: "via stdio" } }))).toBe("via stdio");
    const bad = await c.callTool({ name: "test_echo", arguments: { text: 5 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/text: expected string, got integer/);
    const del = await c.callTool({ name: "test_delete", arguments: { path: "Assets/A" } });
    expect(del.isError).toBe(true);
    expect(textOf(del)).toMatch(/Would delete Assets\/A[\s\S]*"confirm": true/);

    const job = (await c.callTool({ name: "test_slow", arguments: { ms: 600, steps: 2 } })).structuredContent as { job_id: string };
    expect(job.job_id).toMatch(/^[0-9a-f-]{36}$/);
    let status = "";
    for (let i = 0; i < 100 && status !== "succeeded"; i++) {
      status = ((await c.callTool({ name: "job_status", arguments: { job_id: job.job_id } })).structuredContent as { status: string }).status;
      if (status !== "succeeded") await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe("succeeded");

    const progress: string[] = [];
    const slow = await c.callTool({ name: "test_slow", arguments: { ms: 400, steps: 4 } }, undefined, { onprogress: (p) => void progress.push(p.message ?? "") });
    expect(textOf(slow)).toBe("slept 400 ms");
    expect(progress).toContain("step 2 of 4 (2/4)");

    const ac = new AbortController();
    const cancelled = c.callTool({ name: "test_slow", arguments: { ms: 20_000, steps: 200 } }, undefined, { signal: ac.signal, onprogress: () => {} });
    const test = (await running.tools()).registry.get("test_slow")!.provider as TestToolProvider;
    await until(() => test.calls.filter((x) => x.tool === "test_slow").length === 3, 10_000, "the third test_slow call to start");
    ac.abort("stop");
    await expect(cancelled).rejects.toThrow();
    // The abort travelled stdio → bridge → /mcp → the provider's AbortSignal.
    await until(() => test.aborted.length === 1, 10_000, "the provider to see the abort");
    expect(test.aborted).toEqual([test.calls.at(-1)!.callId]);

    let changed = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    await c.callTool({ name: "test_toggle_extra", arguments: { on: true } });
    for (let i = 0; i < 100 && changed === 0; i++) await new Promise((r) => setTimeout(r, 30));
    expect(changed).toBeGreaterThan(0);
    expect((await c.listTools()).tools.map((t) => t.name)).toContain("test_extra");
  });

  it("--groups serves only those groups' tools (and job_status); other tools are refused", { timeout: 60_000 }, async () => {
    running = await startServe(["--project", project, "--test-tools"], { env, out: () => {}, log: () => {}, exit: () => {}, handleSignals: false });
    if (running.kind !== "serving") throw new Error("sidecar did not start");
    const c = await bridge(["--groups", "diagnostics,audio"]);
    const names = (await c.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(["compose_mml", "definitions_list", "job_status"]);
    await expect(c.callTool({ name: "test_echo", arguments: { text: "x" } })).rejects.toThrow(/not in this session's groups/);
    expect((await c.callTool({ name: "definitions_list", arguments: {} })).isError).toBeFalsy();
  });

  it("starts the project's sidecar when none runs; logs only to stderr", { timeout: 60_000 }, async () => {
    const c = await bridge();
    expect((await c.listTools()).tools.map((t) => t.name)).toContain("job_status");
    expect(stderr).toMatch(/starting one/);
    const d = readDescriptor(descriptorPaths(project, { env }).descriptor);
    expect(d?.pid).not.toBe(process.pid);
  });

  it("a sidecar it started exits once its client is gone and nothing else uses it", { timeout: 60_000 }, async () => {
    const c = await bridge({ AGENT_PANEL_IDLE_EXIT_MS: "1500" });
    expect((await c.listTools()).tools.map((t) => t.name)).toContain("job_status");
    const pid = readDescriptor(descriptorPaths(project, { env }).descriptor)!.pid;
    // While the client is connected its MCP session keeps the sidecar up, past the idle time.
    await new Promise((r) => setTimeout(r, 3000));
    expect(processExists(pid)).toBe(true);
    await c.close(); // the client exits: the bridge ends its session
    client = undefined;
    const end = Date.now() + 30_000;
    while (processExists(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(processExists(pid)).toBe(false);
    expect(readDescriptor(descriptorPaths(project, { env }).descriptor)).toBeUndefined();
  });
});
