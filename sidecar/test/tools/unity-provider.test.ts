import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublishedTool } from "../../src/protocol/panel/tools.js";
import type { ToolCallContext, ToolProgress, ToolResult } from "../../src/tools/types.js";
import { UnityToolProvider, type ProviderLink, type ProviderSession } from "../../src/tools/unity-provider.js";

// The Unity provider's call lifecycle with a scripted connection and fake timers: immediate calls,
// calls that wait for Unity, and the three in-flight outcomes a journal reports after a reload.

const ann = { mainThread: true, destructive: false, examples: [], alwaysLoad: false, maxResultSizeChars: 100000 };
const catalog: PublishedTool[] = [
  { name: "scene_list", description: "List the scene", inputSchema: { type: "object" }, annotations: { ...ann, idempotency: "safe" } },
  { name: "object_create", description: "Create an object", inputSchema: { type: "object" }, annotations: { ...ann, idempotency: "unsafe" } },
];
const ok = (text: string): ToolResult => ({ ok: true, content: [{ type: "text", text }] });

interface FakeClient {
  link: ProviderLink;
  session: ProviderSession;
  invokes: { callId: string; tool: string; dryRun?: boolean }[];
  cancels: string[];
  closed: string[];
}

function connect(provider: UnityToolProvider, providerId?: string): FakeClient {
  const client = { invokes: [], cancels: [], closed: [] } as unknown as FakeClient;
  client.link = {
    invoke: (f) => client.invokes.push({ callId: f.callId, tool: f.tool, ...(f.dryRun ? { dryRun: true } : {}) }),
    cancel: (callId) => client.cancels.push(callId),
    close: (reason) => client.closed.push(reason),
  };
  client.session = provider.connect(client.link, providerId);
  return client;
}

let n = 0;
function call(provider: UnityToolProvider, name: string) {
  const controller = new AbortController();
  const progress: ToolProgress[] = [];
  const ctx: ToolCallContext = { callId: `c${++n}`, signal: controller.signal, progress: (p) => progress.push(p), deadline: Date.now() + 600_000 };
  let settled: ToolResult | undefined;
  const promise = provider.invoke(name, {}, ctx).then((r) => (settled = r));
  return {
    id: ctx.callId,
    controller,
    progress,
    promise,
    get result() {
      return settled;
    },
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("unity provider: connected", () => {
  it("publishes the catalog with provider unity and notifies subscribers", () => {
    const provider = new UnityToolProvider();
    const changes = vi.fn();
    provider.subscribe(changes);
    const unity = connect(provider);
    expect(unity.session.publish(catalog)).toBe(2);
    expect(provider.list().map((t) => [t.name, t.provider])).toEqual([
      ["scene_list", "unity"],
      ["object_create", "unity"],
    ]);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(provider.status()).toMatchObject({ connected: true, ready: true, tools: 2, queueDepth: 0, running: 0 });
  });

  it("sends a call at once and resolves it with Unity's result; progress is forwarded", async () => {
    const provider = new UnityToolProvider();
    const unity = connect(provider);
    unity.session.publish(catalog);
    const c = call(provider, "scene_list");
    expect(unity.invokes).toEqual([{ callId: c.id, tool: "scene_list" }]);
    unity.session.progress(c.id, { progress: 1, total: 2, message: "half" });
    expect(c.progress).toEqual([{ progress: 1, total: 2, message: "half" }]);
    unity.session.result(c.id, ok("Main Camera"));
    await flush();
    expect(c.result).toEqual(ok("Main Camera"));
  });

  it("cancel sends tool.cancel and ends the call; a late result is ignored", async () => {
    const provider = new UnityToolProvider();
    const unity = connect(provider);
    unity.session.publish(catalog);
    const c = call(provider, "object_create");
    c.controller.abort();
    await flush();
    expect(unity.cancels).toEqual([c.id]);
    expect(c.result?.error?.code).toBe("cancelled");
    unity.session.result(c.id, ok("late"));
    expect(provider.status().running).toBe(0);
  });

  it("refuses a second provider, but lets the same provider id take over", () => {
    const provider = new UnityToolProvider();
    const first = connect(provider, "unity-1");
    expect(() => connect(provider, "unity-2")).toThrow(expect.objectContaining({ code: "tools_provider_busy" }));
    expect(() => connect(provider)).toThrow(/Another client already provides tools/);
    const again = connect(provider, "unity-1");
    expect(first.closed).toHaveLength(1);
    again.session.publish(catalog);
    expect(provider.status().connected).toBe(true);
  });
});

describe("unity provider: Unity away", () => {
  it("a call made while Unity is away waits, reports progress, and runs after the reconnect", async () => {
    const provider = new UnityToolProvider({ waitProgressMs: 5000 });
    const c = call(provider, "object_create");
    expect(provider.status()).toMatchObject({ connected: false, queueDepth: 1 });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(c.progress.map((p) => p.progress)).toEqual([5, 10]);
    expect(c.progress[0]!.message).toMatch(/Waiting for Unity/);
    const unity = connect(provider);
    expect(unity.invokes).toEqual([]); // not before the catalog is published
    unity.session.publish(catalog);
    expect(unity.invokes).toEqual([{ callId: c.id, tool: "object_create" }]);
    unity.session.result(c.id, ok("created"));
    await flush();
    expect(c.result).toEqual(ok("created"));
  });

  it("gives up after the wait limit with an error that says what to do", async () => {
    const provider = new UnityToolProvider({ awayWaitMs: 90_000 });
    const c = call(provider, "scene_list");
    await vi.advanceTimersByTimeAsync(89_000);
    expect(c.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.result?.error?.code).toBe("unity_unavailable");
    expect(c.result?.error?.message).toMatch(/Open the project in the Unity Editor/);
  });

  it("a waiting call for a tool Unity no longer publishes fails with tool_not_found", async () => {
    const provider = new UnityToolProvider();
    const c = call(provider, "gone_tool");
    connect(provider).session.publish(catalog);
    await flush();
    expect(c.result?.error?.code).toBe("tool_not_found");
  });
});

describe("unity provider: calls in flight across a reload", () => {
  async function inFlight(tool: string) {
    const provider = new UnityToolProvider();
    const before = connect(provider, "editor");
    before.session.publish(catalog);
    const c = call(provider, tool);
    before.session.closed();
    await vi.advanceTimersByTimeAsync(3000);
    const after = connect(provider, "editor");
    return { provider, c, before, after };
  }

  it("finished: the journal's result answers the call; nothing runs again", async () => {
    const { c, after } = await inFlight("object_create");
    after.session.journal([{ callId: c.id, outcome: "finished", result: ok("created before the reload") }]);
    after.session.publish(catalog);
    await flush();
    expect(c.result).toEqual(ok("created before the reload"));
    expect(after.invokes).toEqual([]);
  });

  it("not started: the call is sent again, even for an unsafe tool", async () => {
    const { c, after } = await inFlight("object_create");
    after.session.journal([{ callId: c.id, outcome: "not_started" }]);
    after.session.publish(catalog);
    expect(after.invokes).toEqual([{ callId: c.id, tool: "object_create" }]);
    after.session.result(c.id, ok("created"));
    await flush();
    expect(c.result).toEqual(ok("created"));
  });

  it("interrupted + safe: retried", async () => {
    const { c, after } = await inFlight("scene_list");
    after.session.journal([{ callId: c.id, outcome: "interrupted" }]);
    after.session.publish(catalog);
    expect(after.invokes).toEqual([{ callId: c.id, tool: "scene_list" }]);
  });

  it("interrupted + unsafe: an error, never a second run", async () => {
    const { c, after } = await inFlight("object_create");
    after.session.journal([{ callId: c.id, outcome: "interrupted" }]);
    after.session.publish(catalog);
    await flush();
    expect(after.invokes).toEqual([]);
    expect(c.result?.error).toEqual({ code: "interrupted", message: expect.stringMatching(/interrupted by a domain reload; it may have partly run/) });
  });

  it("a call the journal does not mention counts as interrupted (unsafe: error; safe: retried)", async () => {
    const provider = new UnityToolProvider();
    const before = connect(provider);
    before.session.publish(catalog);
    const unsafe = call(provider, "object_create");
    const safe = call(provider, "scene_list");
    before.session.closed();
    const after = connect(provider);
    after.session.publish(catalog);
    await flush();
    expect(unsafe.result?.error?.code).toBe("interrupted");
    expect(after.invokes).toEqual([{ callId: safe.id, tool: "scene_list" }]);
  });

  it("an answer arriving on the old connection after the drop is ignored", async () => {
    const { c, before, after } = await inFlight("scene_list");
    before.session.result(c.id, ok("stale"));
    await flush();
    expect(c.result).toBeUndefined();
    after.session.journal([{ callId: c.id, outcome: "finished", result: ok("fresh") }]);
    await flush();
    expect(c.result).toEqual(ok("fresh"));
  });

  it("an orphan whose Unity never comes back fails after the wait, saying it may have partly run", async () => {
    const provider = new UnityToolProvider({ awayWaitMs: 10_000 });
    const unity = connect(provider);
    unity.session.publish(catalog);
    const c = call(provider, "object_create");
    unity.session.closed();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(c.result?.error?.code).toBe("unity_unavailable");
    expect(c.result?.error?.message).toMatch(/may have partly run/);
  });

  it("close() fails every pending call", async () => {
    const provider = new UnityToolProvider();
    const c = call(provider, "scene_list");
    provider.close();
    await flush();
    expect(c.result?.error?.code).toBe("sidecar_stopping");
  });
});
