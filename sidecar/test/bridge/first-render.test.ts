import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerFrame } from "../../src/protocol/panel/frames.js";
import { FakeChat, recordingLink } from "./hub-fakes.js";

// The HTML renderer loads lazily (jsdom takes a while). The sidecar's very first reply must still
// carry `html` for a client that asked for it: the test imports the sidecar's modules afresh (test
// files share a worker's modules), so the renderer is not loaded, and the reply comes the moment the
// prompt reaches the chat.

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

describe("router: the first reply after start-up", () => {
  it("carries html in its message_final when the client asked for render html", async () => {
    vi.resetModules();
    const { ChatRegistry } = await import("../../src/bridge/hubs/chats.js");
    const { attachClient } = await import("../../src/bridge/server/router.js");
    const chats: FakeChat[] = [];
    const registry = new ChatRegistry({
      chatDefaults: { claudePath: "claude", cwd: "/proj" },
      hub: { coalesceMs: 0 }, // the sidecar's own renderer, not a stub
      changeDelayMs: 0,
      createChat: () => {
        const chat = new FakeChat();
        chats.push(chat);
        return chat;
      },
    });
    cleanup.push(() => registry.closeAll());
    const link = recordingLink();
    const client = attachClient(registry, link);
    cleanup.push(() => client.onClose());
    const answer = async (id: string): Promise<Extract<ServerFrame, { kind: "ack" }>> => {
      for (let i = 0; i < 2000; i++) {
        const f = link.frames.find((x) => "id" in x && x.id === id);
        if (f) return f as Extract<ServerFrame, { kind: "ack" }>;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no answer to ${id}`);
    };
    client.onText(JSON.stringify({ id: "1", cmd: "hello", protocol: 1, client: "browser", render: ["html"] }));
    client.onText(JSON.stringify({ id: "2", cmd: "chat.open" }));
    const chatId = (await answer("2")).result!.chatId as string;
    client.onText(JSON.stringify({ id: "3", cmd: "subscribe", chatId }));
    await answer("3");
    const chat = chats[0]!;
    // The reply ends as soon as claude has the prompt.
    const send = chat.send.bind(chat);
    chat.send = async (text: string) => {
      const turnId = await send(text);
      chat.push({ type: "message_final", turnId, messageId: "m1", parentToolUseId: null, blocks: [{ index: 0, kind: "text", text: "Hello **there**." }], aborted: false } as never);
      return turnId;
    };
    client.onText(JSON.stringify({ id: "4", cmd: "chat.send", chatId, text: "hi" }));
    await answer("4");
    const final = link.of("event").find((f) => f.event.type === "message_final")!.event as Extract<ServerFrame, { kind: "event" }>["event"] & { blocks: { html?: string }[] };
    expect(final.blocks[0]!.html).toContain("<strong>there</strong>");
  });
});
