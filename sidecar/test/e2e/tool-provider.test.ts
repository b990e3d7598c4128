import { afterEach, describe, expect, it } from "vitest";
import { say, useTool } from "../../../fixtures/fake-api/index.js";
import { startToolRig, type ToolRig, type WsClient } from "./tool-provider-rig.js";

// Acceptance of Unity as a tool provider: the real claude (fake model) in a panel chat calls a
// tool of a test provider speaking the tools.* frames over the WebSocket, through the sidecar's
// /mcp; and calls survive the provider going away (a domain reload) with each journal outcome.

const TIMEOUT = 90_000;
const ann = { mainThread: true, destructive: false, examples: [], alwaysLoad: true, maxResultSizeChars: 100000 };
const catalog = [
  {
    name: "scene_list",
    description: "List the GameObjects of the open scene",
    inputSchema: { type: "object", properties: { maxDepth: { type: "integer" } } },
    annotations: { ...ann, title: "Scene hierarchy", idempotency: "safe" },
  },
  {
    name: "object_create",
    description: "Create a GameObject",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    annotations: { ...ann, title: "Create GameObject", idempotency: "unsafe" },
  },
];
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

let rig: ToolRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A provider that says hello, reports `journal` (if any) and publishes the catalog. */
async function provider(r: ToolRig, journal?: unknown[]): Promise<WsClient> {
  const p = await r.client();
  expect((await p.cmd({ cmd: "hello", protocol: 1, client: "unity", render: [], provides: ["tools"], providerId: "editor-test" })).kind).toBe("welcome");
  if (journal) expect((await p.cmd({ cmd: "tools.journal", calls: journal })).kind).toBe("ack");
  expect(await p.cmd({ cmd: "tools.publish", catalog })).toMatchObject({ kind: "ack", result: { tools: 2 } });
  return p;
}

const invoked = (p: WsClient, tool: string) => p.waitFor((f) => f.kind === "tool.invoke" && f.tool === tool);

describe("acceptance: the panel's claude calls a Unity tool", () => {
  it("shows the card, runs the tool after allow, and the result (text and picture) reaches the model", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([{ match: "Create the player", answers: [useTool("mcp__agent-panel__object_create", { name: "Player" }), say("Created the player.")] }]);
    const unity = await provider(rig);
    const panel = await rig.client();
    await panel.cmd({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    const chatId = (await panel.cmd({ cmd: "chat.open" })).result.chatId;
    await panel.cmd({ cmd: "subscribe", chatId });
    await panel.cmd({ cmd: "chat.send", chatId, text: "Create the player object" });

    const card = (await panel.waitFor((f) => f.kind === "event" && f.event.type === "permission_requested", 60_000)).event;
    expect(card).toMatchObject({
      toolName: "mcp__agent-panel__object_create",
      summary: "Create GameObject: name=Player",
      agentTool: { name: "object_create", title: "Create GameObject", destructive: false, readOnly: false },
    });
    expect((await panel.cmd({ cmd: "permission.answer", chatId, requestId: card.requestId, answer: { kind: "allow" } })).kind).toBe("ack");

    const call = await invoked(unity, "object_create");
    expect(call.arguments).toEqual({ name: "Player" });
    await unity.cmd({
      cmd: "tool.result",
      callId: call.callId,
      ok: true,
      content: [
        { type: "text", text: "Created Player (instance 4242)" },
        { type: "image", data: PNG, mimeType: "image/png" },
      ],
    });

    const finished = (await panel.waitFor((f) => f.kind === "event" && f.event.type === "tool_finished", 30_000)).event;
    expect(finished).toMatchObject({ isError: false, images: [{ mediaType: "image/png", data: PNG }] });
    expect(finished.result).toContain("Created Player (instance 4242)");
    const started = panel.frames.find((f) => f.kind === "event" && f.event.type === "tool_started").event;
    expect(started).toMatchObject({ title: "Create GameObject", summary: "Create GameObject: name=Player" });
    await panel.waitFor((f) => f.kind === "event" && f.event.type === "turn_result", 30_000);
    const seen = rig.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? "")));
    expect(seen.some((t) => t.includes("Created Player (instance 4242)"))).toBe(true);
  });

  it("a read-only tool is pre-allowed: no card, the call runs at once", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([{ match: "Show the scene", answers: [useTool("mcp__agent-panel__scene_list", { maxDepth: 1 }), say("That is the scene.")] }]);
    const unity = await provider(rig);
    const panel = await rig.client();
    await panel.cmd({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    const chatId = (await panel.cmd({ cmd: "chat.open" })).result.chatId;
    await panel.cmd({ cmd: "subscribe", chatId });
    await panel.cmd({ cmd: "chat.send", chatId, text: "Show the scene" });
    const call = await invoked(unity, "scene_list");
    await unity.cmd({ cmd: "tool.result", callId: call.callId, ok: true, content: [{ type: "text", text: "Main Camera, Directional Light" }] });
    await panel.waitFor((f) => f.kind === "event" && f.event.type === "turn_result", 30_000);
    expect(panel.frames.some((f) => f.kind === "event" && f.event.type === "permission_requested")).toBe(false);
    const seen = rig.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? "")));
    expect(seen.some((t) => t.includes("Main Camera, Directional Light"))).toBe(true);
  });
});

describe("acceptance: calls survive the provider going away", () => {
  it("a call made while the provider is away runs after it comes back", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([]);
    const first = await provider(rig);
    await first.close();
    const pending = rig.rest("object_create", { name: "Enemy" });
    await new Promise((r) => setTimeout(r, 300));
    const back = await provider(rig);
    const call = await invoked(back, "object_create");
    await back.cmd({ cmd: "tool.result", callId: call.callId, ok: true, content: [{ type: "text", text: "Created Enemy" }] });
    expect(await pending).toMatchObject({ status: 200, body: { ok: true, content: [{ type: "text", text: "Created Enemy" }] } });
  });

  /** A call in flight when the provider drops; the new connection reports `outcome` for it. */
  async function inFlight(tool: string, outcome: "finished" | "not_started" | "interrupted") {
    rig = await startToolRig([]);
    const before = await provider(rig);
    const pending = rig.rest(tool, { name: "Boss", maxDepth: 1 });
    const call = await invoked(before, tool);
    await before.close();
    const entry = outcome === "finished" ? { callId: call.callId, outcome, result: { ok: true, content: [{ type: "text", text: "Done before the reload" }] } } : { callId: call.callId, outcome };
    const after = await provider(rig, [entry]);
    return { pending, call, after };
  }

  it("finished: the journal's result answers; nothing runs twice", { timeout: TIMEOUT }, async () => {
    const { pending, after } = await inFlight("object_create", "finished");
    expect((await pending).body).toMatchObject({ ok: true, content: [{ type: "text", text: "Done before the reload" }] });
    expect(after.frames.filter((f) => f.kind === "tool.invoke")).toHaveLength(0);
  });

  it("not started: the call is sent again and answers", { timeout: TIMEOUT }, async () => {
    const { pending, call, after } = await inFlight("object_create", "not_started");
    const again = await invoked(after, "object_create");
    expect(again.callId).toBe(call.callId);
    await after.cmd({ cmd: "tool.result", callId: again.callId, ok: true, content: [{ type: "text", text: "Created Boss" }] });
    expect((await pending).body).toMatchObject({ ok: true, content: [{ type: "text", text: "Created Boss" }] });
  });

  it("interrupted + safe: retried", { timeout: TIMEOUT }, async () => {
    const { pending, after } = await inFlight("scene_list", "interrupted");
    const again = await invoked(after, "scene_list");
    await after.cmd({ cmd: "tool.result", callId: again.callId, ok: true, content: [{ type: "text", text: "Main Camera" }] });
    expect((await pending).body).toMatchObject({ ok: true });
  });

  it("interrupted + unsafe: an error, never a second run", { timeout: TIMEOUT }, async () => {
    const { pending, after } = await inFlight("object_create", "interrupted");
    const answer = await pending;
    expect(answer.body).toMatchObject({ ok: false, error: { code: "interrupted" } });
    expect(answer.body.error.message).toContain("interrupted by a domain reload; it may have partly run");
    await new Promise((r) => setTimeout(r, 200));
    expect(after.frames.filter((f) => f.kind === "tool.invoke")).toHaveLength(0);
  });
});
