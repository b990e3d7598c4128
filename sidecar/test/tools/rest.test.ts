import { afterEach, describe, expect, it } from "vitest";
import { startToolServer, type ToolServer } from "./helpers.js";

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
async function api(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token !== null) headers.Authorization = `Bearer ${init.token ?? t!.token}`;
  const res = await fetch(new URL(path, t!.url), {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("REST tools and jobs", () => {
  it("GET /tools lists the catalog with the client schema and provider; ?refresh=1 works", async () => {
    t = await startToolServer();
    const { status, body } = await api("/tools?refresh=1");
    expect(status).toBe(200);
    const del = body.tools.find((x: { name: string }) => x.name === "test_delete");
    expect(Object.keys(del.inputSchema.properties)).toContain("confirm");
    expect(del).toMatchObject({ provider: "native", providerId: "test", cached: false });
    expect(body.diagnostics).toEqual({ duplicates: [] });
  });

  it("POST /tools/<name> calls with the body as arguments; errors have fitting statuses", async () => {
    t = await startToolServer();
    expect(await api("/tools/test_echo", { method: "POST", body: { text: "hi" } })).toEqual({ status: 200, body: { ok: true, content: [{ type: "text", text: "hi" }], structured: { text: "hi" } } });
    expect((await api("/tools/test_echo", { method: "POST", body: {} })).status).toBe(400);
    expect((await api("/tools/nope", { method: "POST", body: {} })).status).toBe(404);
    const bad = await api("/tools/test_echo", { method: "POST", body: "{oops" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
    expect((await api("/tools/test_error_handling", { method: "POST" })).body).toMatchObject({ ok: false, error: { code: "test_failure" } });
    expect((await api("/tools", { token: null })).status).toBe(401);
  });

  it("jobs: 202 with the job id, GET /jobs and /jobs/<id>, cancel only before start", async () => {
    t = await startToolServer({ syncWaitMs: 50 });
    const a = await api("/tools/test_main_slow", { method: "POST", body: { ms: 1500, steps: 2 } });
    const b = await api("/tools/test_main_slow", { method: "POST", body: { ms: 10, steps: 1 } });
    expect(a.status).toBe(202);
    const idA = a.body.structured.job_id as string;
    const idB = b.body.structured.job_id as string;
    const list = await api("/jobs");
    expect(list.body.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([idB, idA]);
    expect((await api("/health")).body.tools).toMatchObject({ runningJobs: 2, queueDepth: 1, unityConnected: false });
    const refused = await api(`/jobs/${idA}/cancel`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/already started/);
    expect(await api(`/jobs/${idB}/cancel`, { method: "POST" })).toMatchObject({ status: 200, body: { status: "cancelled" } });
    let done: Record<string, any> = {};
    for (let i = 0; i < 200 && done.status !== "succeeded"; i++) {
      done = (await api(`/jobs/${idA}`)).body;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(done).toMatchObject({ status: "succeeded", result: { ok: true } });
    expect((await api("/jobs/missing")).status).toBe(404);
    expect(t.test.calls.map((c) => c.callId)).toEqual([idA]);
  });

  it("/health reports the tool count and Unity's connection from the provider's status hook", async () => {
    t = await startToolServer();
    let connected = false;
    t.host.addProvider({ id: "unity", kind: "unity", list: () => [], subscribe: () => () => {}, invoke: async () => ({ ok: true, content: [] }), status: () => ({ connected, queueDepth: 3 }) });
    expect((await api("/health")).body.tools).toMatchObject({ count: t.host.registry.list().length, unityConnected: false, queueDepth: 3 });
    connected = true;
    expect((await api("/health")).body.tools.unityConnected).toBe(true);
  });

  it("/health reports how the connected Editor is woken for calls, null while it is away", async () => {
    t = await startToolServer();
    let connected = true;
    t.host.addProvider({
      id: "unity",
      kind: "unity",
      list: () => [],
      subscribe: () => () => {},
      invoke: async () => ({ ok: true, content: [] }),
      status: () => ({ connected, queueDepth: 0, wake: connected ? "always" : null }),
    });
    expect((await api("/health")).body.tools).toMatchObject({ unityConnected: true, unityWake: "always" });
    connected = false;
    expect((await api("/health")).body.tools).toMatchObject({ unityConnected: false, unityWake: null });
  });
});
