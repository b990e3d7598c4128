import { afterEach, describe, expect, it } from "vitest";
import { ChatRegistry } from "../../../src/bridge/hubs/chats.js";
import { attachClient } from "../../../src/bridge/server/router.js";
import type { ServerFrame } from "../../../src/protocol/panel/frames.js";
import { FakeChat, recordingLink, stubRender, commander } from "../hub-fakes.js";

// Per-connection command handling against a registry of scripted chats: validation, hello,
// acks and typed errors, subscriptions, several clients answering one permission.

let registries: ChatRegistry[] = [];
afterEach(async () => {
  for (const r of registries) await r.closeAll();
  registries = [];
});

function setup() {
  const chats: FakeChat[] = [];
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: "claude", cwd: "/proj" },
    hub: { coalesceMs: 0, render: stubRender },
    changeDelayMs: 0,
    createChat: () => {
      const c = new FakeChat();
      chats.push(c);
      return c;
    },
  });
  registries.push(registry);
  return { registry, chats, client: (render: string[] = ["unity"]) => connect(registry, render) };
}

function connect(registry: ChatRegistry, render: string[], claudePaths?: string[]) {
  const link = recordingLink();
  const handler = attachClient(registry, link, { serverVersion: "9.9.9", sidecarPid: 42, ...(claudePaths ? { claudePaths: () => claudePaths } : {}) });
  const cmd = commander(handler, link, "q", 100);
  const open = async (): Promise<string> => {
    const ack = await cmd({ cmd: "chat.open" });
    if (ack.kind !== "ack") throw new Error(`chat.open failed: ${JSON.stringify(ack)}`);
    return ack.result!.chatId as string;
  };
  return { link, handler, cmd, open, hello: () => cmd({ cmd: "hello", protocol: 1, client: "unity", render }) };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

describe("router: validation and hello", () => {
  it("answers bad input with typed errors and keeps working", async () => {
    const { client } = setup();
    const c = client();
    c.handler.onText("{nope");
    c.handler.onText("[1,2]");
    c.handler.onText(JSON.stringify({ id: "a", cmd: "teleport" }));
    c.handler.onText(JSON.stringify({ id: "b" }));
    expect(c.link.frames).toEqual([
      { kind: "error", code: "bad_json", message: expect.stringContaining("JSON") },
      { kind: "error", code: "invalid_command", message: expect.any(String) },
      { kind: "error", id: "a", code: "unknown_command", message: expect.stringContaining("teleport") },
      { kind: "error", id: "b", code: "invalid_command", message: expect.stringContaining("cmd") },
    ]);
    expect(await c.cmd({ cmd: "chats.list" })).toMatchObject({ kind: "error", code: "hello_required" });
    expect(await c.cmd({ cmd: "hello", protocol: 1, client: "toaster", render: [] })).toMatchObject({ kind: "error", code: "invalid_command", message: expect.stringContaining("client") });
    expect(await c.hello()).toEqual({ kind: "welcome", id: expect.any(String), protocol: 1, serverVersion: "9.9.9", sidecarPid: 42, project: "/proj", chats: [] });
    expect(await c.cmd({ cmd: "chat.send", chatId: "c1" })).toMatchObject({ kind: "error", code: "invalid_command", message: expect.stringContaining("text") });
    expect(await c.cmd({ cmd: "subscribe", chatId: "c1", afterSeq: -1 })).toMatchObject({ kind: "error", code: "invalid_command", message: expect.stringContaining("afterSeq") });
    expect(await c.cmd({ cmd: "chat.send", chatId: "nope", text: "hi" })).toMatchObject({ kind: "error", code: "chat_not_found" });
    expect(await c.cmd({ cmd: "chats.list", futureHint: true })).toEqual({ kind: "ack", id: expect.any(String), result: { chats: [] } });
  });

  it("refuses another protocol version and says which side to update", async () => {
    const { client } = setup();
    const c = client();
    const newer = await c.cmd({ cmd: "hello", protocol: 2, client: "unity", render: [] });
    expect(newer).toMatchObject({ kind: "error", code: "protocol_mismatch", message: expect.stringMatching(/update the sidecar/) });
    const older = await c.cmd({ cmd: "hello", protocol: 0, client: "browser", render: [] });
    expect(older).toMatchObject({ kind: "error", code: "protocol_mismatch", message: expect.stringMatching(/update the browser page/) });
    expect(await c.cmd({ cmd: "chats.list" })).toMatchObject({ code: "hello_required" });
  });

  it("reports unexpected failures as internal_error without crashing", async () => {
    const { client, chats } = setup();
    const c = client();
    await c.hello();
    const chatId = await c.open();
    chats[0]!.interrupt = async () => {
      throw new TypeError("boom");
    };
    expect(await c.cmd({ cmd: "chat.interrupt", chatId })).toMatchObject({ kind: "error", code: "internal_error", message: expect.stringContaining("boom") });
    expect(await c.cmd({ cmd: "chats.list" })).toMatchObject({ kind: "ack" });
  });

  it("survives a link whose send throws", async () => {
    const { registry } = setup();
    const handler = attachClient(registry, {
      send: () => {
        throw new Error("socket gone");
      },
      close: () => undefined,
    });
    expect(() => handler.onText(JSON.stringify({ id: "1", cmd: "hello", protocol: 1, client: "cli", render: [] }))).not.toThrow();
    handler.onClose();
    handler.onText("after close");
  });
});

describe("router: chat.open launch settings", () => {
  it("passes tool rules and a checked claude path to the chat, and refuses a claude path that does not exist or that the user did not set", async () => {
    const options: Array<Record<string, unknown>> = [];
    const registry = new ChatRegistry({
      chatDefaults: { claudePath: "claude", cwd: "/proj" },
      hub: { coalesceMs: 0, render: stubRender },
      changeDelayMs: 0,
      createChat: (o) => {
        options.push({ ...o });
        return new FakeChat();
      },
    });
    registries.push(registry);
    const c = connect(registry, ["unity"], [process.execPath, "/nowhere/claude"]);
    await c.hello();
    const ok = await c.cmd({ cmd: "chat.open", allowedTools: ["Read", "Bash(npm test:*)"], disallowedTools: ["WebFetch"], claudePath: process.execPath });
    expect(ok).toMatchObject({ kind: "ack" });
    expect(options[0]).toMatchObject({ allowedTools: ["Read", "Bash(npm test:*)"], disallowedTools: ["WebFetch"], claudePath: process.execPath });
    const bad = await c.cmd({ cmd: "chat.open", claudePath: "/nowhere/claude" });
    expect(bad).toMatchObject({ kind: "error", code: "claude_not_found", message: expect.stringMatching(/settings/) });
    // Any program a connection names (here /bin/sh, which exists) is refused unless the user set it.
    const foreign = await c.cmd({ cmd: "chat.open", claudePath: "/bin/sh" });
    expect(foreign).toMatchObject({ kind: "error", code: "claude_path_not_allowed", message: expect.stringMatching(/Settings/) });
    // Without a list from serve, only the registry's own claude may be named.
    const other = connect(registry, ["unity"]);
    await other.hello();
    expect(await other.cmd({ cmd: "chat.open", claudePath: process.execPath })).toMatchObject({ kind: "error", code: "claude_path_not_allowed" });
    expect(options).toHaveLength(1);
    expect(registry.list()).toHaveLength(1);
  });
});

describe("router: chats and subscriptions", () => {
  it("opens a chat, pushes chat lists, subscribes with ack before the snapshot, then streams live", async () => {
    const { client, chats } = setup();
    const c = client();
    await c.hello();
    const open = await c.cmd({ cmd: "chat.open", model: "opus", permissionMode: "plan" });
    expect(open).toMatchObject({ kind: "ack", result: { chatId: expect.stringMatching(/^c1-/) } });
    const chatId = (open as Extract<ServerFrame, { kind: "ack" }>).result!.chatId as string;
    await tick();
    expect(c.link.of("chats").at(-1)!.chats).toEqual([expect.objectContaining({ chatId, state: "ready", model: "opus", permissionMode: "plan", cwd: "/proj" })]);
    const start = c.link.frames.length;
    const sub = await c.cmd({ cmd: "subscribe", chatId });
    expect(sub).toMatchObject({ kind: "ack", result: { mode: "snapshot", fromSeq: 1, lastSeq: 1 } });
    expect(c.link.frames.slice(start + 1, start + 2)).toEqual([{ kind: "snapshot", chatId, seq: 1, events: [expect.objectContaining({ type: "state", state: "ready" })] }]);
    const send = await c.cmd({ cmd: "chat.send", chatId, text: "hi" });
    expect(send).toMatchObject({ kind: "ack", result: { turnId: "t1" } });
    chats[0]!.push({ type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [{ index: 0, kind: "text", text: "**hey**" }], aborted: false });
    const events = c.link.of("event");
    expect(events.map((e) => e.seq)).toEqual([2, 3]);
    expect(events[1]!.event).toMatchObject({ type: "message_final", blocks: [{ unity: expect.any(Array) }] });
    expect(events[1]!.event).not.toHaveProperty("blocks.0.html");
    expect(await c.cmd({ cmd: "unsubscribe", chatId })).toMatchObject({ kind: "ack" });
    chats[0]!.push({ type: "notice", level: "info", code: "x", message: "x" });
    expect(c.link.of("event")).toHaveLength(2);
  });

  it("replays after afterSeq to a reconnecting client, with the pending permission", async () => {
    const { client, chats } = setup();
    const a = client(["html"]);
    await a.hello();
    const chatId = await a.open();
    await a.cmd({ cmd: "subscribe", chatId });
    chats[0]!.push({ type: "permission_requested", turnId: "t1", requestId: "r1", toolName: "Bash", input: {}, summary: "Bash", suggestions: [], isQuestion: false });
    chats[0]!.push({ type: "notice", level: "info", code: "x", message: "after" });
    a.handler.onClose();
    const b = client(["html"]);
    await b.hello();
    const start = b.link.frames.length;
    expect(await b.cmd({ cmd: "subscribe", chatId, afterSeq: 2 })).toMatchObject({ result: { mode: "replay", fromSeq: 3, lastSeq: 3 } });
    expect(b.link.frames.slice(start + 1)).toEqual([
      { kind: "event", chatId, seq: 2, event: expect.objectContaining({ type: "permission_requested", requestId: "r1" }) },
      { kind: "event", chatId, seq: 3, event: expect.objectContaining({ type: "notice", message: "after" }) },
    ]);
  });

  it("lets any of several clients answer a permission; the second answer gets already_answered", async () => {
    const { client, chats } = setup();
    const a = client();
    const b = client(["html"]);
    await a.hello();
    await b.hello();
    const chatId = await a.open();
    await a.cmd({ cmd: "subscribe", chatId });
    await b.cmd({ cmd: "subscribe", chatId });
    chats[0]!.push({ type: "permission_requested", turnId: "t1", requestId: "r1", toolName: "Bash", input: {}, summary: "Bash", suggestions: [], isQuestion: false });
    chats[0]!.answerDelayMs = 20;
    const [ra, rb] = await Promise.all([
      a.cmd({ cmd: "permission.answer", chatId, requestId: "r1", answer: { kind: "allow" } }),
      b.cmd({ cmd: "permission.answer", chatId, requestId: "r1", answer: { kind: "deny", message: "no" } }),
    ]);
    expect(ra).toMatchObject({ kind: "ack" });
    expect(rb).toMatchObject({ kind: "error", code: "already_answered" });
    for (const c of [a, b])
      expect(c.link.of("event").filter((f) => f.event.type === "permission_resolved")).toEqual([expect.objectContaining({ event: expect.objectContaining({ outcome: "allowed" }) })]);
  });

  it("closes a chat for everyone and removes it from the list", async () => {
    const { client, registry } = setup();
    const a = client();
    const b = client();
    await a.hello();
    await b.hello();
    const chatId = await a.open();
    await b.cmd({ cmd: "subscribe", chatId });
    expect(await a.cmd({ cmd: "chat.close", chatId })).toMatchObject({ kind: "ack" });
    expect(b.link.of("event").at(-1)!.event).toMatchObject({ type: "state", state: "closed" });
    await tick();
    expect(b.link.of("chats").at(-1)!.chats).toEqual([]);
    expect(registry.size).toBe(0);
    expect(await a.cmd({ cmd: "subscribe", chatId })).toMatchObject({ code: "chat_not_found" });
  });

  it("passes model and permission-mode changes and interrupts to the chat", async () => {
    const { client, chats } = setup();
    const c = client();
    await c.hello();
    const chatId = await c.open();
    expect(await c.cmd({ cmd: "chat.setModel", chatId, model: null })).toMatchObject({ kind: "ack" });
    expect(await c.cmd({ cmd: "chat.setPermissionMode", chatId, mode: "acceptEdits" })).toMatchObject({ kind: "ack" });
    expect(await c.cmd({ cmd: "chat.interrupt", chatId })).toMatchObject({ kind: "ack" });
    expect(chats[0]!.calls.map((x) => x.method)).toEqual(["start", "setModel", "setPermissionMode", "interrupt"]);
  });
});

describe("router: permission mode and answers that cannot be sent", () => {
  it("refuses chat.open in bypassPermissions without the opt-in, and accepts it with the opt-in", async () => {
    const { client, chats } = setup();
    const c = client();
    await c.hello();
    expect(await c.cmd({ cmd: "chat.open", permissionMode: "bypassPermissions" })).toMatchObject({ kind: "error", code: "bypass_not_allowed" });
    expect(chats).toHaveLength(0);
    expect(await c.cmd({ cmd: "chat.open", permissionMode: "bypassPermissions", allowBypassPermissions: true })).toMatchObject({ kind: "ack" });
  });

  it("refuses a command nested deeper than the limit with a typed error instead of passing it on", async () => {
    const { client } = setup();
    const c = client();
    await c.hello();
    const deep = '{"a":'.repeat(6000) + "1" + "}".repeat(6000);
    c.handler.onText(`{"id":"deep","cmd":"permission.answer","chatId":"c1","requestId":"r","answer":{"kind":"allow","updatedInput":${deep}}}`);
    await tick();
    expect(c.link.frames.find((f) => "id" in f && f.id === "deep")).toMatchObject({ kind: "error", code: "invalid_command", message: expect.stringContaining("nested") });
  });
});
