import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChatRegistry } from "../../../src/bridge/hubs/chats.js";
import { reduceEvents, type ChatStore } from "../../../src/bridge/hubs/chat-store.js";
import { attachClient } from "../../../src/bridge/server/router.js";
import type { PanelEvent } from "../../../src/protocol/panel/events.js";
import type { ServerFrame } from "../../../src/protocol/panel/frames.js";
import { alive, FAKE_CLAUDE, scenario } from "../../chat/fake-chat.js";
import { recordingLink, stubRender } from "../hub-fakes.js";

// The registry with real chats on the fake claude: ids, summaries, change notifications, closing
// everything on exit; and the whole path client → router → hub → chat → fake claude.

let dir = "";
let registry: ChatRegistry | undefined;
afterEach(async () => {
  await registry?.closeAll();
  registry = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function setup(s: object, hub = {}) {
  dir = mkdtempSync(join(tmpdir(), "ap-reg-"));
  writeFileSync(join(dir, "scenario.json"), JSON.stringify(s));
  const env = { PATH: process.env.PATH ?? "", FAKE_CLAUDE_SCENARIO: join(dir, "scenario.json"), FAKE_CLAUDE_ARGS_FILE: join(dir, "args.json") };
  registry = new ChatRegistry({ chatDefaults: { claudePath: FAKE_CLAUDE, cwd: dir, env, process: { graceMs: 300, killWaitMs: 300 } }, hub: { render: stubRender, ...hub }, changeDelayMs: 5 });
  return registry;
}

async function until<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const view = (s: ChatStore) => ({ state: s.state, info: s.info, items: [...s.items.entries()] });

describe("ChatRegistry", () => {
  it("opens chats with unique ids, lists them, notifies changes, and closeAll stops every claude", async () => {
    const reg = setup(scenario("text"));
    let changes = 0;
    reg.on("change", () => changes++);
    const a = reg.open({ model: "claude-opus-5-5" });
    await until(() => a.chat.state === "ready");
    const pidA = JSON.parse(readFileSync(join(dir, "args.json"), "utf8")).pid as number;
    const b = reg.open();
    await until(() => b.chat.state === "ready");
    const pidB = JSON.parse(readFileSync(join(dir, "args.json"), "utf8")).pid as number;
    expect(a.chatId).not.toBe(b.chatId);
    expect(reg.list()).toEqual([
      expect.objectContaining({ chatId: a.chatId, state: "ready", cwd: dir, model: "claude-opus-5-5", lastSeq: 2, pendingPermissions: 0 }),
      expect.objectContaining({ chatId: b.chatId, state: "ready" }),
    ]);
    await until(() => changes > 0);
    expect(alive(pidA) && alive(pidB)).toBe(true);
    await reg.closeAll();
    expect(reg.size).toBe(0);
    expect(alive(pidA) || alive(pidB)).toBe(false);
    expect(() => reg.open()).toThrow(expect.objectContaining({ code: "shutting_down" }));
  });

  it("limits open chats and reports a resume of a missing session through events", async () => {
    const reg = setup(scenario("resume-missing"));
    const hub = reg.open({ resume: "00000000-0000-4000-8000-000000000000" });
    await hub.whenStarted();
    const events: PanelEvent[] = [];
    hub.subscribe(undefined, () => undefined).initial.forEach((d) => d.kind === "snapshot" && events.push(...d.events));
    expect(events).toContainEqual(expect.objectContaining({ type: "notice", code: "session_not_found" }));
    expect(hub.summary().state).toBe("errored");
    const small = new ChatRegistry({ chatDefaults: { claudePath: FAKE_CLAUDE, cwd: dir }, maxChats: 0 });
    expect(() => small.open()).toThrow(expect.objectContaining({ code: "too_many_chats" }));
  });
});

describe("client → router → hub → chat → fake claude", () => {
  it("streams a turn with seq 1..n, and a late snapshot rebuilds the same store", async () => {
    const reg = setup(scenario("text"));
    const link = recordingLink();
    const client = attachClient(reg, link);
    client.onText(JSON.stringify({ id: "1", cmd: "hello", protocol: 1, client: "cli", render: ["unity", "html"] }));
    client.onText(JSON.stringify({ id: "2", cmd: "chat.open" }));
    const chatId = (await until(() => link.frames.find((f): f is Extract<ServerFrame, { kind: "ack" }> => f.kind === "ack" && f.id === "2"))).result!.chatId as string;
    client.onText(JSON.stringify({ id: "3", cmd: "subscribe", chatId }));
    client.onText(JSON.stringify({ id: "4", cmd: "chat.send", chatId, text: "hello" }));
    await until(() => link.of("event").some((f) => f.event.type === "turn_result"));
    await until(() => link.of("event").some((f) => f.event.type === "state" && f.event.state === "ready" && f.seq > 3));
    const snapshotSeq = link.of("snapshot")[0]!.seq;
    const live = link.of("event");
    expect(live.map((f) => f.seq)).toEqual(live.map((_, i) => snapshotSeq + 1 + i));
    const final = live.find((f) => f.event.type === "message_final")!.event as Extract<PanelEvent, { type: "message_final" }>;
    expect(final.blocks[0]).toMatchObject({ kind: "text", html: expect.stringContaining("<p>"), unity: expect.any(Array) });
    const all = [...link.of("snapshot")[0]!.events, ...live.map((f) => f.event)];
    const other = recordingLink();
    const late = attachClient(reg, other);
    late.onText(JSON.stringify({ id: "1", cmd: "hello", protocol: 1, client: "cli", render: ["unity", "html"] }));
    late.onText(JSON.stringify({ id: "2", cmd: "subscribe", chatId }));
    const snap = other.of("snapshot")[0]!;
    expect(snap.seq).toBe(live.at(-1)!.seq);
    expect(view(reduceEvents(snap.events))).toEqual(view(reduceEvents(all)));
  });

  it("two clients see one permission request; the second answer is refused and claude gets one answer", async () => {
    const reg = setup(scenario("tool"));
    const clients = [recordingLink(), recordingLink()].map((link) => ({ link, h: attachClient(reg, link) }));
    for (const { h } of clients) h.onText(JSON.stringify({ id: "h", cmd: "hello", protocol: 1, client: "unity", render: ["unity"] }));
    const hub = reg.open();
    for (const { h } of clients) h.onText(JSON.stringify({ id: "s", cmd: "subscribe", chatId: hub.chatId }));
    await hub.whenStarted();
    await hub.chat.send("run it");
    const requests = await Promise.all(clients.map(({ link }) => until(() => link.of("event").find((f) => f.event.type === "permission_requested"))));
    const requestId = (requests[0]!.event as { requestId: string }).requestId;
    expect(requests[1]!.seq).toBe(requests[0]!.seq);
    clients[0]!.h.onText(JSON.stringify({ id: "a", cmd: "permission.answer", chatId: hub.chatId, requestId, answer: { kind: "allow" } }));
    clients[1]!.h.onText(JSON.stringify({ id: "b", cmd: "permission.answer", chatId: hub.chatId, requestId, answer: { kind: "deny", message: "no" } }));
    expect(await until(() => clients[0]!.link.frames.find((f) => "id" in f && f.id === "a"))).toMatchObject({ kind: "ack" });
    expect(await until(() => clients[1]!.link.frames.find((f) => "id" in f && f.id === "b"))).toMatchObject({ kind: "error", code: "already_answered" });
    for (const { link } of clients) {
      await until(() => link.of("event").some((f) => f.event.type === "turn_result"));
      expect(
        link
          .of("event")
          .filter((f) => f.event.type === "permission_resolved")
          .map((f) => f.event),
      ).toEqual([expect.objectContaining({ requestId, outcome: "allowed" })]);
    }
  });

  it("a client that reconnects while a permission waits gets the card back and its answer runs the tool", async () => {
    const reg = setup(scenario("tool"));
    const first = recordingLink();
    const a = attachClient(reg, first);
    a.onText(JSON.stringify({ id: "h", cmd: "hello", protocol: 1, client: "unity", render: ["unity"] }));
    const hub = reg.open();
    a.onText(JSON.stringify({ id: "s", cmd: "subscribe", chatId: hub.chatId }));
    await hub.whenStarted();
    await hub.chat.send("run it");
    const asked = await until(() => first.of("event").find((f) => f.event.type === "permission_requested"));
    // The socket drops (domain reload) right after the card arrived; a new client catches up.
    const lastSeq = first.of("event").at(-1)!.seq;
    a.onClose();
    const second = recordingLink();
    const b = attachClient(reg, second);
    b.onText(JSON.stringify({ id: "h", cmd: "hello", protocol: 1, client: "unity", render: ["unity"] }));
    b.onText(JSON.stringify({ id: "s", cmd: "subscribe", chatId: hub.chatId, afterSeq: lastSeq }));
    const again = await until(() => second.of("event").find((f) => f.event.type === "permission_requested"));
    expect(again.event).toEqual(asked.event);
    const requestId = (again.event as { requestId: string }).requestId;
    b.onText(JSON.stringify({ id: "a", cmd: "permission.answer", chatId: hub.chatId, requestId, answer: { kind: "allow" } }));
    expect(await until(() => second.frames.find((f) => "id" in f && f.id === "a"))).toMatchObject({ kind: "ack" });
    const result = await until(() => second.of("event").find((f) => f.event.type === "turn_result"));
    expect(result.event).toMatchObject({ ok: true });
    expect(second.of("event").some((f) => f.event.type === "tool_finished" && !(f.event as { isError: boolean }).isError)).toBe(true);
  });
});
