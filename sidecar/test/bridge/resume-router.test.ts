import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatOptions } from "../../src/chat/chat.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { PanelHistory } from "../../src/bridge/hubs/history-service.js";
import { attachClient } from "../../src/bridge/server/router.js";
import type { ServerFrame } from "../../src/protocol/panel/frames.js";
import { copyOfGameDir } from "../history/helpers.js";
import { FakeChat, recordingLink, stubRender, commander } from "./hub-fakes.js";

// chat.open {resume} through the router against copies of real transcripts: short ids resolve,
// bad ones never reach claude, and an already open session switches to its chat.

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function setup(opts: { history?: boolean } = {}) {
  const opened: ChatOptions[] = [];
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: "claude", cwd: "/proj" },
    hub: { coalesceMs: 0, render: stubRender },
    changeDelayMs: 0,
    createChat: (o) => {
      opened.push(o);
      const chat = new FakeChat();
      chat.sessionId = o.forkSession ? "ffffffff-0000-4000-8000-000000000000" : (o.resume ?? "sess-new");
      return chat;
    },
  });
  const history = opts.history === false ? undefined : new PanelHistory({ project: "/proj", transcriptDir: copyOfGameDir(), stateDir: null, render: stubRender, debounceMs: 20, pollMs: 100 });
  cleanup.push(
    () => registry.closeAll(),
    () => history?.close(),
  );
  const link = recordingLink();
  const handler = attachClient(registry, link, { history });
  cleanup.push(() => handler.onClose());
  const cmd = commander(handler, link, "r", 400);
  return { cmd, opened, registry, history };
}

describe("router: chat.open with resume", () => {
  it("resolves a short id to the session it starts and hands claude the full id", async () => {
    const { cmd, opened } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    const ack = await cmd({ cmd: "chat.open", resume: "2c54866b" });
    expect(ack).toMatchObject({ kind: "ack", result: { chatId: expect.any(String) } });
    expect(opened.map((o) => o.resume)).toEqual(["2c54866b-7cd0-4caf-b231-cd4dc52df7b3"]);
  });

  it.each([
    ["-h", "invalid_session_id"],
    ["--dangerously-skip-permissions", "invalid_session_id"],
    ["00000000-0000-4000-8000-000000000000", "session_not_found"],
    ["2", "invalid_session_id"],
  ])("refuses resume %j with %s and starts no claude", async (resume, code) => {
    const { cmd, opened } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    expect(await cmd({ cmd: "chat.open", resume })).toMatchObject({ kind: "error", code });
    expect(opened).toEqual([]);
  });

  it("switches to the chat that already has the session open; a fork still opens a new chat", async () => {
    const { cmd, opened, registry } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    const first = (await cmd({ cmd: "chat.open", resume: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3" })) as unknown as { result: { chatId: string } };
    const again = await cmd({ cmd: "chat.open", resume: "2c54866b" });
    expect(again).toMatchObject({ kind: "ack", result: { chatId: first.result.chatId, alreadyOpen: true } });
    expect(registry.size).toBe(1);
    const fork = (await cmd({ cmd: "chat.open", resume: "2c54866b", fork: true })) as unknown as { result: { chatId: string; alreadyOpen?: boolean } };
    expect(fork.result.chatId).not.toBe(first.result.chatId);
    expect(fork.result.alreadyOpen).toBeUndefined();
    expect(opened).toHaveLength(2);
  });

  it("without a history index accepts only full ids", async () => {
    const { cmd, opened } = setup({ history: false });
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    expect(await cmd({ cmd: "chat.open", resume: "2c54866b" })).toMatchObject({ kind: "error", code: "invalid_session_id" });
    expect(await cmd({ cmd: "chat.open", resume: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3" })).toMatchObject({ kind: "ack" });
    expect(opened).toHaveLength(1);
  });

  it("answers where the earlier conversation is; history.load with it pages back through it, never the chat's new turns", async () => {
    const { cmd, history } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    const whole = (await cmd({ cmd: "history.load", sessionId: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3" })) as unknown as { result: { events: { type: string; turnId?: string }[] } };
    const ack = (await cmd({ cmd: "chat.open", resume: "2c54866b" })) as unknown as { result: { history: { sessionId: string; cursor: string } } };
    expect(ack.result.history.sessionId).toBe("2c54866b-7cd0-4caf-b231-cd4dc52df7b3");
    // claude appends the resumed chat's turns to the same transcript.
    const line = {
      type: "user",
      uuid: "99999999-0000-4000-8000-000000000001",
      sessionId: ack.result.history.sessionId,
      timestamp: "2030-01-01T00:00:00.000Z",
      message: { role: "user", content: "a new prompt after resuming" },
    };
    appendFileSync(join(history!.dir, `${ack.result.history.sessionId}.jsonl`), `${JSON.stringify(line)}\n`);
    const page = (await cmd({ cmd: "history.load", ...ack.result.history })) as unknown as { result: { events: { type: string; text?: string }[] } };
    expect(page.result.events.length).toBeGreaterThan(0);
    expect(page.result.events).toEqual(whole.result.events);
    expect(JSON.stringify(page.result.events)).not.toContain("a new prompt after resuming");
    const now = await cmd({ cmd: "history.load", sessionId: ack.result.history.sessionId });
    expect(JSON.stringify(now)).toContain("a new prompt after resuming"); // without the cursor it is there
  });

  it("a fork shows the original session's conversation too; a fresh chat has no history handle", async () => {
    const { cmd } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    const fork = await cmd({ cmd: "chat.open", resume: "2c54866b", fork: true });
    expect(fork).toMatchObject({ kind: "ack", result: { history: { sessionId: "2c54866b-7cd0-4caf-b231-cd4dc52df7b3", cursor: expect.any(String) } } });
    const fresh = (await cmd({ cmd: "chat.open" })) as unknown as { result: Record<string, unknown> };
    expect(fresh.result.history).toBeUndefined();
  });
});
