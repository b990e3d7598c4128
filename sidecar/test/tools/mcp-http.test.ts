import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { mcpClient, startToolServer, textOf, until, type ToolServer } from "./helpers.js";

let t: ToolServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  await t?.close();
  t = undefined;
});
async function connect(opts: Parameters<typeof startToolServer>[0] = {}) {
  t = await startToolServer(opts);
  const c = await mcpClient(t);
  clients.push(c);
  return c;
}

describe("MCP over Streamable HTTP (official SDK client)", () => {
  it("lists the catalog with schemas and annotations; destructive tools show confirm and dry_run", async () => {
    const c = await connect();
    expect(c.getServerCapabilities()?.tools?.listChanged).toBe(true);
    const { tools } = await c.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toContain("job_status");
    expect(names).toContain("test_echo");
    const del = tools.find((x) => x.name === "test_delete")!;
    expect(Object.keys(del.inputSchema.properties ?? {})).toEqual(["path", "confirm", "dry_run"]);
    expect(del.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false, title: "Delete" });
    expect(tools.find((x) => x.name === "test_echo")!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
  });

  it("calls a tool, including image results", async () => {
    const c = await connect();
    const r = await c.callTool({ name: "test_echo", arguments: { text: "hello" } });
    expect(r.isError).toBeUndefined();
    expect(textOf(r)).toBe("hello");
    expect(r.structuredContent).toEqual({ text: "hello" });
    const img = await c.callTool({ name: "test_image_content", arguments: {} });
    expect((img.content as { type: string; mimeType?: string }[])[0]).toMatchObject({ type: "image", mimeType: "image/png" });
  });

  it("invalid params: an error result naming the argument; an unknown tool is a protocol error", async () => {
    const c = await connect();
    const r = await c.callTool({ name: "test_increment", arguments: { by: "two" } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/by: expected integer, got string/);
    expect(t!.test.calls).toHaveLength(0);
    const err = await c.callTool({ name: "no_such_tool", arguments: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
  });

  it("destructive without confirm: nothing runs, the dry run and how to confirm come back", async () => {
    const c = await connect();
    const r = await c.callTool({ name: "test_delete", arguments: { path: "Assets/Old" } });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/Would delete Assets\/Old/);
    expect(textOf(r)).toMatch(/"confirm": true/);
    expect(t!.test.calls).toHaveLength(0);
    const ok = await c.callTool({ name: "test_delete", arguments: { path: "Assets/Old", confirm: true } });
    expect(ok.isError).toBeUndefined();
    expect(t!.test.calls).toHaveLength(1);
  });

  it("the job path: a slow call answers {job_id, status}; job_status later gives the result", async () => {
    const c = await connect({ syncWaitMs: 100 });
    const r = await c.callTool({ name: "test_slow", arguments: { ms: 400, steps: 2 } });
    const job = r.structuredContent as { job_id: string; status: string };
    expect(job.status).toBe("running");
    let status: Awaited<ReturnType<Client["callTool"]>> | undefined;
    for (let i = 0; i < 50; i++) {
      status = await c.callTool({ name: "job_status", arguments: { job_id: job.job_id } });
      if ((status.structuredContent as { status: string }).status === "succeeded") break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(status!.structuredContent).toMatchObject({ status: "succeeded", result: { slept_ms: 400 } });
    expect(textOf(status!)).toBe("slept 400 ms");
  });

  it("progress: a client that takes progress waits for the result and gets notifications, heartbeats included", async () => {
    const c = await connect({ syncWaitMs: 50, heartbeatMs: 100 });
    const seen: { progress: number; message?: string }[] = [];
    const r = await c.callTool({ name: "test_slow", arguments: { ms: 600, steps: 2 } }, undefined, { onprogress: (p) => seen.push(p), resetTimeoutOnProgress: true });
    expect(textOf(r)).toBe("slept 600 ms");
    expect(seen.some((p) => /step 1 of 2/.test(p.message ?? ""))).toBe(true);
    expect(seen.some((p) => /still running/.test(p.message ?? ""))).toBe(true);
    expect(seen.map((p) => p.progress)).toEqual([...seen.map((p) => p.progress)].sort((a, b) => a - b));
  });

  it("cancel: notifications/cancelled reaches the provider's AbortSignal", async () => {
    const c = await connect();
    const ac = new AbortController();
    const call = c.callTool({ name: "test_slow", arguments: { ms: 5000, steps: 50 } }, undefined, { signal: ac.signal, onprogress: () => {} });
    await until(() => t!.test.calls.length === 1, 3000, "the call to start");
    ac.abort("user pressed stop");
    await expect(call).rejects.toThrow();
    await until(() => t!.test.aborted.length === 1, 3000, "the provider to see the abort");
    expect(t!.test.aborted).toEqual([t!.test.calls[0]!.callId]);
  });

  it("list_changed: a catalog change notifies the session and tools/list shows it", async () => {
    const c = await connect();
    let changed = 0;
    c.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    t!.test.setExtra(true);
    await until(() => changed === 1, 3000, "tools/list_changed");
    expect((await c.listTools()).tools.map((x) => x.name)).toContain("test_extra");
  });

  it("needs the token", async () => {
    t = await startToolServer();
    const res = await fetch(new URL("mcp", t.url), { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: "{}" });
    expect(res.status).toBe(401);
  });

  it("reaps a session left idle without DELETE; its id then answers 404", async () => {
    const c = await connect({ sessionIdleMs: 150 });
    await c.listTools();
    const sid = (c.transport as { sessionId?: string }).sessionId!;
    expect(t!.host.mcp.sessionCount).toBe(1);
    await c.close();
    await until(() => t!.host.mcp.sessionCount === 0, 3000, "the idle session to be reaped");
    const res = await fetch(new URL("mcp", t!.url), {
      method: "POST",
      headers: { Authorization: `Bearer ${t!.token}`, "Mcp-Session-Id": sid, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(404);
  });
});
