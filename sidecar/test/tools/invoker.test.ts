import { describe, expect, it } from "vitest";
import { ToolInvoker } from "../../src/tools/invoker.js";
import { nativeProvider } from "../../src/tools/native.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { TestToolProvider } from "../../src/tools/test-provider.js";

function setup(opts: { syncWaitMs?: number; callTimeoutMs?: number; maxFinishedJobs?: number } = {}) {
  const registry = new ToolRegistry();
  const invoker = new ToolInvoker(registry, { syncWaitMs: 200, ...opts });
  const test = new TestToolProvider();
  registry.add(nativeProvider((id) => invoker.job(id)));
  registry.add(test);
  return { registry, invoker, test };
}

describe("ToolInvoker", () => {
  it("runs a tool and returns its result", async () => {
    const { invoker } = setup();
    const { result, jobId } = await invoker.call("test_echo", { text: "hi" });
    expect(result).toEqual({ ok: true, content: [{ type: "text", text: "hi" }], structured: { text: "hi" } });
    expect(jobId).toBeUndefined();
  });

  it("rejects bad arguments before anything runs, naming the argument and what was expected", async () => {
    const { invoker, test } = setup();
    const missing = await invoker.call("test_echo", {});
    expect(missing.result.error?.code).toBe("invalid_params");
    expect(missing.result.error?.message).toMatch(/text: required/);
    const wrongType = await invoker.call("test_increment", { by: "3" });
    expect(wrongType.result.error?.message).toMatch(/by: expected integer, got string/);
    const unknownArg = await invoker.call("test_echo", { text: "a", loud: true });
    expect(unknownArg.result.error?.message).toMatch(/loud: not an accepted argument/);
    const notObject = await invoker.call("test_echo", [1]);
    expect(notObject.result.error?.code).toBe("invalid_params");
    expect(test.calls).toEqual([]);
  });

  it("answers unknown tools with what to do", async () => {
    const { invoker } = setup();
    const { result } = await invoker.call("nope", {});
    expect(result.error?.code).toBe("unknown_tool");
    expect(result.error?.message).toMatch(/tools\/list/);
  });

  it("destructive tools: without confirm nothing runs and the dry run plus how to confirm comes back", async () => {
    const { invoker, test } = setup();
    const entry = invoker["registry"].get("test_delete")!.entry;
    expect(Object.keys((invoker.clientSchema(entry).properties ?? {}) as object)).toEqual(["path", "confirm", "dry_run"]);
    const unconfirmed = await invoker.call("test_delete", { path: "Assets/a.prefab" });
    expect(unconfirmed.result.ok).toBe(false);
    expect(unconfirmed.result.error?.code).toBe("confirmation_required");
    const text = unconfirmed.result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
    expect(text).toMatch(/Would delete Assets\/a.prefab/);
    expect(text).toMatch(/"confirm": true/);
    const dry = await invoker.call("test_delete", { path: "x", confirm: true, dry_run: true });
    expect(dry.result.ok).toBe(true);
    expect(dry.result.structured).toMatchObject({ dry_run: true });
    expect(test.calls).toEqual([]);
    const confirmed = await invoker.call("test_delete", { path: "x", confirm: true });
    expect(confirmed.result).toMatchObject({ ok: true, structured: { deleted: "x" } });
    expect(test.calls.map((c) => c.args)).toEqual([{ path: "x" }]);
  });

  it("a result over maxResultSizeChars is an error giving both sizes, never truncated", async () => {
    const { invoker } = setup();
    expect((await invoker.call("test_big", { chars: 500 })).result.ok).toBe(true);
    const { result } = await invoker.call("test_big", { chars: 5000 });
    expect(result.error?.code).toBe("result_too_large");
    expect(result.error?.message).toMatch(/result of 5\d{3} characters, more than its limit of 1000/);
    expect(JSON.stringify(result)).not.toMatch(/x{100}/);
  });

  it("a call outliving syncWaitMs becomes a job that keeps running; job_status gives the result", async () => {
    const { invoker } = setup({ syncWaitMs: 50 });
    const first = await invoker.call("test_slow", { ms: 300, steps: 3 });
    expect(first.jobId).toBeDefined();
    expect(first.result.structured).toMatchObject({ job_id: first.jobId, status: "running" });
    const running = await invoker.call("job_status", { job_id: first.jobId });
    expect(running.result.structured).toMatchObject({ status: "running" });
    await new Promise((r) => setTimeout(r, 400));
    const done = await invoker.call("job_status", { job_id: first.jobId });
    expect(done.result).toMatchObject({ ok: true, content: [{ type: "text", text: "slept 300 ms" }], structured: { status: "succeeded", result: { slept_ms: 300 } } });
    expect(invoker.jobs.running()).toBe(0);
  });

  it("only a job that has not started can be cancelled; a running one says why not", async () => {
    const { invoker, test } = setup({ syncWaitMs: 30 });
    const a = await invoker.call("test_main_slow", { ms: 1000, steps: 2 });
    const b = await invoker.call("test_main_slow", { ms: 10, steps: 1 });
    expect(invoker.job(a.jobId!)?.status).toBe("running");
    expect(invoker.job(b.jobId!)?.status).toBe("queued");
    expect(invoker.queueDepth()).toBe(1);
    const refused = invoker.jobs.cancel(a.jobId!);
    expect(refused).toMatchObject({ ok: false, code: "not_cancellable" });
    expect(refused.ok ? "" : refused.message).toMatch(/already started/);
    expect(invoker.jobs.cancel(b.jobId!)).toMatchObject({ ok: true, job: { status: "cancelled" } });
    expect(invoker.queueDepth()).toBe(0);
    for (let i = 0; i < 200 && invoker.job(a.jobId!)?.status !== "succeeded"; i++) await new Promise((r) => setTimeout(r, 20));
    expect(invoker.job(a.jobId!)?.status).toBe("succeeded");
    expect(invoker.job(b.jobId!)?.status).toBe("cancelled");
    expect(test.calls.map((c) => c.callId)).toEqual([a.jobId]);
    expect(invoker.jobs.cancel("missing")).toMatchObject({ ok: false, code: "not_found" });
  });

  it("the client's abort reaches the provider through the AbortSignal", async () => {
    const { invoker, test } = setup({ syncWaitMs: 5000 });
    const ac = new AbortController();
    const pending = invoker.call("test_slow", { ms: 2000, steps: 20 }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 100);
    const { result } = await pending;
    expect(result.ok).toBe(false);
    expect(test.aborted).toHaveLength(1);
  });

  it("forwards progress and enforces the call deadline", async () => {
    const { invoker, test } = setup({ callTimeoutMs: 150 });
    const seen: number[] = [];
    const { result } = await invoker.call("test_slow", { ms: 2000, steps: 40 }, { mode: "wait", onProgress: (p) => seen.push(p.progress) });
    expect(result.error?.code).toBe("timeout");
    expect(seen.length).toBeGreaterThan(0);
    expect(test.aborted).toHaveLength(1);
  });

  it("keeps only a bounded number of finished jobs", async () => {
    const { invoker } = setup({ syncWaitMs: 0, maxFinishedJobs: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await invoker.call("test_slow", { ms: 60, steps: 1 })).jobId!);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    for (let i = 0; i < 200 && invoker.jobs.running() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(invoker.jobs.list().map((j) => j.id)).toEqual([ids[3], ids[2]]);
  });

  it("a provider that throws or answers garbage gives a typed error, not a crash", async () => {
    const { registry, invoker } = setup();
    registry.add({
      id: "bad",
      kind: "native",
      list: () => [
        {
          name: "bad_throw",
          description: "",
          inputSchema: { type: "object" },
          annotations: { idempotency: "unsafe", mainThread: false, destructive: false, examples: [], alwaysLoad: false, maxResultSizeChars: 100 },
          provider: "native",
        },
        {
          name: "bad_shape",
          description: "",
          inputSchema: { type: "object" },
          annotations: { idempotency: "unsafe", mainThread: false, destructive: false, examples: [], alwaysLoad: false, maxResultSizeChars: 100 },
          provider: "native",
        },
      ],
      subscribe: () => () => {},
      invoke: async (name) => {
        if (name === "bad_throw") throw new Error("boom");
        return { nope: 1 } as never;
      },
    });
    expect((await invoker.call("bad_throw", {})).result.error).toEqual({ code: "tool_failed", message: "bad_throw failed: boom" });
    expect((await invoker.call("bad_shape", {})).result.error?.code).toBe("bad_result");
  });
});

describe("JSON Schema drafts", () => {
  it("validates a 2020-12 schema with $defs and $ref", async () => {
    const { invoker } = setup();
    expect((await invoker.call("json_schema_2020_12_tool", { name: "a", address: { city: "Kyoto" } })).result.ok).toBe(true);
    const bad = await invoker.call("json_schema_2020_12_tool", { address: { city: 7 } });
    expect(bad.result.error?.message).toMatch(/address\.city: expected string, got integer/);
  });
});
