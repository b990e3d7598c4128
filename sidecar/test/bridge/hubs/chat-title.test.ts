import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChatRegistry } from "../../../src/bridge/hubs/chats.js";
import { chatTitle, resumedTitle } from "../../../src/bridge/hubs/chat-title.js";
import { PanelHistory } from "../../../src/bridge/hubs/history-service.js";
import { attachClient } from "../../../src/bridge/server/router.js";
import { copyOfGameDir } from "../../history/helpers.js";
import { FakeChat, recordingLink, stubRender, commander } from "../hub-fakes.js";

// One name per chat: a resumed session's chat is listed (tab, header) under the title History
// shows for it, a fork says "Fork of …", and the fork's own session gets that title in History.

const SESSION = "2c54866b-7cd0-4caf-b231-cd4dc52df7b3";
const FORK = "ffffffff-0000-4000-8000-000000000000";
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function setup() {
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: "claude", cwd: "/proj" },
    hub: { coalesceMs: 0, render: stubRender },
    changeDelayMs: 0,
    createChat: (o) => {
      const chat = new FakeChat();
      chat.sessionId = o.forkSession ? FORK : (o.resume ?? "sess-new");
      return chat;
    },
  });
  const dir = copyOfGameDir();
  const history = new PanelHistory({ project: "/proj", transcriptDir: dir, stateDir: null, render: stubRender, debounceMs: 20, pollMs: 100 });
  cleanup.push(
    () => registry.closeAll(),
    () => history.close(),
  );
  const link = recordingLink();
  const handler = attachClient(registry, link, { history });
  cleanup.push(() => handler.onClose());
  return { cmd: commander(handler, link, "t", 400), registry, history, dir };
}

describe("chat titles", () => {
  it("cuts titles to one line of 80 characters and words forks", () => {
    expect(chatTitle("  Fix the\n player  jump ")).toBe("Fix the player jump");
    expect(chatTitle("x".repeat(100))).toHaveLength(80);
    expect(chatTitle("   ")).toBeUndefined();
    expect(resumedTitle("Player jump", true)).toBe("Fork of Player jump");
    expect(resumedTitle(undefined, true)).toBe("Fork");
    expect(resumedTitle(undefined, false)).toBeUndefined();
  });

  it("lists a resumed chat under its History title, a fork as 'Fork of …', and names the fork's session so", async () => {
    const { cmd, registry, history, dir } = setup();
    await cmd({ cmd: "hello", protocol: 1, client: "browser", render: [] });
    const listed = (await history.list({ includeArchived: true })).sessions.find((s) => s.id === SESSION)!;
    expect(listed.title).toBeTruthy();
    await cmd({ cmd: "chat.open", resume: SESSION.slice(0, 8) });
    await cmd({ cmd: "chat.open", resume: SESSION, fork: true });
    const titles = registry.list().map((c) => c.title);
    expect(titles).toEqual([chatTitle(listed.title), chatTitle(`Fork of ${listed.title}`)]);
    // The fork's own session (named by claude) is listed in History as the fork.
    await expect
      .poll(() => {
        try {
          return JSON.parse(readFileSync(join(dir, FORK, "custom-title.json"), "utf8")).title;
        } catch {
          return undefined;
        }
      })
      .toBe(chatTitle(`Fork of ${listed.title}`));
    // A new chat is still named by its first prompt.
    await cmd({ cmd: "chat.open" });
    expect(registry.list()[2]!.title).toBeUndefined();
  });
});
