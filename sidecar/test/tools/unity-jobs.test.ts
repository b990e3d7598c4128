import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterEach, describe, expect, it } from "vitest";
import type { PublishedTool } from "../../src/protocol/panel/tools.js";
import { UnityToolProvider, type ProviderLink } from "../../src/tools/unity-provider.js";
import { mcpClient, startToolServer, textOf, type ToolServer } from "./helpers.js";

// A call that waits for Unity (reloading or closed) and became a job: it can be cancelled over
// REST until it is sent to Unity (and then never runs), and a client without progress reads in
// the answer that it should call job_status.

let t: ToolServer | undefined;
let unity: UnityToolProvider | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  unity?.close();
  unity = undefined;
  await t?.close();
  t = undefined;
});

const catalog: PublishedTool[] = [
  {
    name: "object_create",
    description: "Create an object",
    inputSchema: { type: "object" },
    annotations: { idempotency: "unsafe", mainThread: true, destructive: false, examples: [], alwaysLoad: false, maxResultSizeChars: 100000 },
  },
];

async function api(path: string, method = "GET", body?: unknown) {
  const res = await fetch(new URL(path, t!.url), {
    method,
    headers: { Authorization: `Bearer ${t!.token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A tool server with a Unity provider that published its catalog once and then went away (a domain reload). */
async function unityAway(invokes: string[]): Promise<() => void> {
  t = await startToolServer({ syncWaitMs: 50 });
  unity = new UnityToolProvider({ awayWaitMs: 30_000 });
  t.host.addProvider(unity);
  const link: ProviderLink = { invoke: (f) => invokes.push(f.tool), cancel: () => {}, close: () => {} };
  const first = unity.connect(link, "unity-1");
  first.publish(catalog);
  first.closed();
  // Unity coming back: connects and publishes again, which sends every waiting call.
  return () => unity!.connect(link, "unity-1").publish(catalog);
}

describe("a job waiting for Unity", () => {
  it("REST cancel answers 200 and the tool never runs after Unity is back", async () => {
    const invokes: string[] = [];
    const back = await unityAway(invokes);
    const call = await api("/tools/object_create", "POST", {});
    expect(call.status).toBe(202);
    expect(call.body.structured).toMatchObject({ status: "queued", waiting_for: expect.stringMatching(/Unity is not connected/) });
    const id = call.body.structured.job_id as string;
    expect((await api(`/jobs/${id}`)).body).toMatchObject({ status: "queued", waiting_for: expect.any(String) });
    const cancel = await api(`/jobs/${id}/cancel`, "POST");
    expect(cancel).toMatchObject({ status: 200, body: { status: "cancelled", result: { ok: false, error: { code: "cancelled" } } } });
    expect(cancel.body.result.error.message).toMatch(/nothing ran/);
    back();
    await new Promise((r) => setTimeout(r, 50));
    expect(invokes).toEqual([]);
    expect((await api(`/jobs/${id}`)).body).toMatchObject({ status: "cancelled" });
    // A second cancel says it is already cancelled.
    expect((await api(`/jobs/${id}/cancel`, "POST")).status).toBe(409);
  });

  it("once sent to Unity the job runs and can no longer be cancelled", async () => {
    const invokes: string[] = [];
    const back = await unityAway(invokes);
    const id = (await api("/tools/object_create", "POST", {})).body.structured.job_id as string;
    back();
    expect(invokes).toEqual(["object_create"]);
    expect((await api(`/jobs/${id}`)).body).toMatchObject({ status: "running" });
    expect((await api(`/jobs/${id}`)).body.waiting_for).toBeUndefined();
    const refused = await api(`/jobs/${id}/cancel`, "POST");
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/already started/);
  });

  it("an MCP client without a progress token is told, in the result text, to call job_status", async () => {
    const invokes: string[] = [];
    await unityAway(invokes);
    const c = await mcpClient(t!);
    clients.push(c);
    const r = await c.callTool({ name: "object_create", arguments: {} });
    const id = (r.structuredContent as { job_id: string }).job_id;
    expect(textOf(r)).toMatch(/has not run yet: Unity is not connected/);
    expect(textOf(r)).toContain(`Call job_status with {"job_id":"${id}"}`);
    expect(textOf(r)).toMatch(/do not call object_create again/);
    const status = await c.callTool({ name: "job_status", arguments: { job_id: id } });
    expect(status.structuredContent).toMatchObject({ status: "queued", waiting_for: expect.stringMatching(/Unity is not connected/) });
    expect(textOf(status)).toMatch(/\(object_create\) has not run yet: Unity is not connected/);
  });
});
