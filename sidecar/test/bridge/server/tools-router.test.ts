import { afterEach, describe, expect, it } from "vitest";
import { ChatRegistry } from "../../../src/bridge/hubs/chats.js";
import { attachClient } from "../../../src/bridge/server/router.js";
import type { ServerFrame } from "../../../src/protocol/panel/frames.js";
import { UnityToolProvider } from "../../../src/tools/unity-provider.js";
import { recordingLink, stubRender, commander } from "../hub-fakes.js";

// The tool-provider frames through the router: who may provide tools, publish/invoke/result
// round trip, and the provider connection ending with the socket.

let registries: ChatRegistry[] = [];
afterEach(async () => {
  for (const r of registries) await r.closeAll();
  registries = [];
});

function setup() {
  const registry = new ChatRegistry({ chatDefaults: { claudePath: "claude", cwd: "/proj" }, hub: { coalesceMs: 0, render: stubRender }, changeDelayMs: 0 });
  registries.push(registry);
  const tools = new UnityToolProvider();
  const client = (opts: { browser?: boolean } = {}) => {
    const link = recordingLink();
    const handler = attachClient(registry, link, { serverVersion: "9.9.9", sidecarPid: 42, tools, ...opts });
    const cmd = commander(handler, link, "q", 100);
    const hello = (extra: Record<string, unknown> = {}) => cmd({ cmd: "hello", protocol: 1, client: "unity", render: [], provides: ["tools"], ...extra });
    return { link, handler, cmd, hello };
  };
  return { tools, client };
}

const tool = { name: "scene_list", description: "List the scene", inputSchema: { type: "object" }, annotations: { idempotency: "safe" } };

describe("router: tool providers", () => {
  it("publish, invoke, progress and result round trip over the frames", async () => {
    const { tools, client } = setup();
    const unity = client();
    expect((await unity.hello()).kind).toBe("welcome");
    const ack = await unity.cmd({ cmd: "tools.publish", catalog: [tool] });
    expect(ack).toEqual({ kind: "ack", id: "q2", result: { tools: 1 } });
    expect(tools.list()[0]).toMatchObject({ name: "scene_list", provider: "unity", annotations: { idempotency: "safe", destructive: false } });

    const progress: unknown[] = [];
    const pending = tools.invoke("scene_list", { depth: 1 }, { callId: "k1", signal: new AbortController().signal, progress: (p) => progress.push(p), deadline: 1234 });
    expect(unity.link.of("tool.invoke")).toEqual([{ kind: "tool.invoke", callId: "k1", tool: "scene_list", arguments: { depth: 1 }, deadline: 1234 }]);
    expect((await unity.cmd({ cmd: "tool.progress", callId: "k1", progress: 1, message: "walking" })).kind).toBe("ack");
    expect(progress).toEqual([{ progress: 1, message: "walking" }]);
    const image = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };
    expect((await unity.cmd({ cmd: "tool.result", callId: "k1", ok: true, content: [{ type: "text", text: "Main Camera" }, image] })).kind).toBe("ack");
    expect(await pending).toEqual({ ok: true, content: [{ type: "text", text: "Main Camera" }, image] });
  });

  it("the wake mode the Editor publishes is the provider's status until it disconnects; an unknown mode is refused", async () => {
    const { tools, client } = setup();
    const unity = client();
    await unity.hello();
    expect(tools.status().wake).toBeNull();
    await unity.cmd({ cmd: "tools.publish", catalog: [tool], wake: "always" });
    expect(tools.status().wake).toBe("always");
    await unity.cmd({ cmd: "tools.publish", catalog: [tool], wake: "on-demand" });
    expect(tools.status().wake).toBe("on-demand");
    await unity.cmd({ cmd: "tools.publish", catalog: [tool] });
    expect(tools.status().wake, "a publish that does not say clears it").toBeNull();
    expect(await unity.cmd({ cmd: "tools.publish", catalog: [tool], wake: "sometimes" })).toMatchObject({ kind: "error", code: "invalid_command", message: expect.stringMatching(/wake/) });
    await unity.cmd({ cmd: "tools.publish", catalog: [tool], wake: "unavailable" });
    unity.handler.onClose();
    expect(tools.status()).toMatchObject({ connected: false, wake: null });
  });

  it("a browser never provides tools; a second provider gets a clear error; the others keep working", async () => {
    const { client } = setup();
    const browser = client({ browser: true });
    expect(await browser.hello({ client: "browser" })).toMatchObject({ kind: "error", code: "tools_not_allowed" });
    expect((await browser.cmd({ cmd: "hello", protocol: 1, client: "browser", render: ["html"] })).kind).toBe("welcome");

    const first = client();
    expect((await first.hello({ providerId: "editor-1" })).kind).toBe("welcome");
    const second = client();
    const refused = await second.hello({ providerId: "editor-2" });
    expect(refused).toMatchObject({ kind: "error", code: "tools_provider_busy" });
    expect((refused as { message: string }).message).toMatch(/Close the other Editor/);
  });

  it("tool frames from a client that did not offer tools are refused", async () => {
    const { client } = setup();
    const panel = client();
    await panel.cmd({ cmd: "hello", protocol: 1, client: "unity", render: [] });
    expect(await panel.cmd({ cmd: "tools.publish", catalog: [tool] })).toMatchObject({ kind: "error", code: "not_a_tool_provider" });
    expect(await panel.cmd({ cmd: "tools.publish", catalog: [{ ...tool, name: "Bad Name" }] })).toMatchObject({
      kind: "error",
      code: "invalid_command",
      message: expect.stringMatching(/catalog\.0\.name/),
    });
  });

  it("the provider connection ends with the socket; a new one may then provide tools and gets the waiting call", async () => {
    const { tools, client } = setup();
    const first = client();
    await first.hello();
    await first.cmd({ cmd: "tools.publish", catalog: [tool] });
    first.handler.onClose();
    expect(tools.status()).toMatchObject({ connected: false, tools: 1 });
    const pending = tools.invoke("scene_list", {}, { callId: "k2", signal: new AbortController().signal, progress: () => {}, deadline: Date.now() + 60_000 });
    const second = client();
    expect((await second.hello()).kind).toBe("welcome");
    await second.cmd({ cmd: "tools.journal", calls: [] });
    await second.cmd({ cmd: "tools.publish", catalog: [tool] });
    expect(second.link.of("tool.invoke").map((f) => f.callId)).toEqual(["k2"]);
    await second.cmd({ cmd: "tool.result", callId: "k2", ok: false, content: [], error: { code: "not_found", message: "nothing" } });
    expect((await pending).error?.code).toBe("not_found");
  });
});
