import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { attachClient } from "../../src/bridge/server/router.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import { CLOSE_TOO_BIG } from "../../src/bridge/server/frame-guard.js";
import { FRAME_READ_LIMIT_BYTES, MAX_FRAME_BYTES, MAX_IMAGE_BASE64_BYTES } from "../../src/protocol/panel/limits.js";
import { FakeChat, stubRender } from "./hub-fakes.js";

// Size limits on a real loopback socket: an attachment over its limit and a frame over the frame
// limit get typed answers (with the request id) and the connection keeps working; only a frame the
// sidecar will not read at all closes it, and then with an error frame and a reason.

const TOKEN = "s1ze".repeat(10) + "ok";
let server: RunningServer | undefined;
let registry: ChatRegistry | undefined;
let ws: WebSocket | undefined;
afterEach(async () => {
  ws?.terminate();
  await server?.close(500);
  await registry?.closeAll();
  server = registry = ws = undefined;
});

interface Client {
  frames: any[];
  ask(body: Record<string, unknown>, id: string): Promise<any>;
  sendRaw(text: string): void;
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(frameReadLimitBytes?: number): Promise<Client> {
  registry = new ChatRegistry({ chatDefaults: { claudePath: "claude", cwd: "/proj" }, hub: { coalesceMs: 0, render: stubRender }, changeDelayMs: 0, createChat: () => new FakeChat() });
  const reg = registry;
  server = await startServer({ port: 0, token: TOKEN, version: "0.0.0", health: () => ({}), ...(frameReadLimitBytes ? { frameReadLimitBytes } : {}), onClient: (link) => attachClient(reg, link) });
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Authorization: `Bearer ${TOKEN}` }, maxPayload: 0 });
  ws = socket;
  const frames: any[] = [];
  socket.on("message", (d) => frames.push(JSON.parse(String(d))));
  const closed = new Promise<{ code: number; reason: string }>((r) => socket.once("close", (code, reason) => r({ code, reason: reason.toString() })));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const answerTo = async (id: string): Promise<any> => {
    for (let i = 0; i < 3000; i++) {
      const f = frames.find((x) => x.id === id);
      if (f) return f;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no answer to ${id}`);
  };
  return {
    frames,
    closed,
    sendRaw: (text) => socket.send(text),
    ask: (body, id) => {
      socket.send(JSON.stringify({ id, ...body }));
      return answerTo(id);
    },
  };
}

const image = (base64Chars: number) => ({ kind: "image", label: "Game view", mediaType: "image/png", base64: "A".repeat(base64Chars) });

describe("frame and attachment limits on a live socket", () => {
  it("answers oversize attachments and frames with typed errors and keeps the connection", async () => {
    const c = await connect();
    expect((await c.ask({ cmd: "hello", protocol: 1, client: "unity", render: [] }, "h")).kind).toBe("welcome");
    const chatId = (await c.ask({ cmd: "chat.open" }, "o")).result.chatId as string;

    // A 6.5 MB picture is about 8.7 MB as base64: past the old 8 MiB frame cut, over the image limit.
    const photo = Math.ceil((6.5 * 1024 * 1024 * 4) / 3);
    const a = await c.ask({ cmd: "chat.send", chatId, text: "look", attachments: [image(photo)] }, "img-6.5");
    expect(a).toMatchObject({ kind: "error", id: "img-6.5", code: "attachment_too_large", message: expect.stringContaining("5 MB per image") });
    expect((await c.ask({ cmd: "chats.list" }, "l1")).kind).toBe("ack");

    // A 9 MB frame.
    const nine = await c.ask({ cmd: "chat.send", chatId, text: "log", attachments: [{ kind: "text", label: "log", text: "x".repeat(9 * 1024 * 1024) }, image(MAX_IMAGE_BASE64_BYTES + 1)] }, "frame-9");
    expect(nine).toMatchObject({ kind: "error", id: "frame-9", code: "attachment_too_large" });
    expect((await c.ask({ cmd: "chats.list" }, "l2")).kind).toBe("ack");

    // A frame over the frame limit: read, refused by size with its id, connection kept.
    const huge = await c.ask({ cmd: "chat.send", chatId, text: "y".repeat(MAX_FRAME_BYTES + 16) }, "frame-33");
    expect(huge).toMatchObject({ kind: "error", id: "frame-33", code: "frame_too_large", message: expect.stringContaining("32 MB") });

    // And a legal image still goes through on the same socket.
    const ok = await c.ask({ cmd: "chat.send", chatId, text: "look", attachments: [image(MAX_IMAGE_BASE64_BYTES)] }, "img-ok");
    expect(ok).toMatchObject({ kind: "ack", id: "img-ok", result: { turnId: expect.any(String) } });
  }, 60_000);

  it("a frame past the read limit gets an error frame, then a 1009 close with a reason", async () => {
    // The default read limit (64 MB) is covered by the constant; a small one keeps the test quick.
    expect(FRAME_READ_LIMIT_BYTES).toBe(2 * MAX_FRAME_BYTES);
    const c = await connect(2 * 1024 * 1024);
    await c.ask({ cmd: "hello", protocol: 1, client: "unity", render: [] }, "h");
    c.sendRaw(JSON.stringify({ id: "way-too-big", cmd: "chat.send", chatId: "c1", text: "z".repeat(3 * 1024 * 1024) }));
    const { code, reason } = await c.closed;
    expect(code).toBe(CLOSE_TOO_BIG);
    expect(reason).toMatch(/frame over 2 MB/);
    expect(c.frames.at(-1)).toMatchObject({ kind: "error", code: "frame_too_large" });
  }, 60_000);
});
