import { afterEach, describe, expect, it } from "vitest";
import { idleMsFromEnv, DEFAULT_IDLE_MS } from "../../src/chat/idle.js";
import { alive, fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

// Idle chats end their claude process after the idle time and resume the session on the next
// message, with whatever model and mode the chat was switched to meanwhile.

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

async function until(fn: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("Chat idle end", () => {
  it("ends claude after the idle time, stays ready, and resumes the session on the next message", async () => {
    t = fakeChat(scenario("text"), { idleMs: 300 });
    await t.chat.start();
    await t.chat.send("first");
    await t.waitFor((e) => e.type === "turn_result");
    const sessionId = t.chat.sessionId!;
    const firstPid = t.args().pid;
    await until(() => !alive(firstPid), 5000, "the idle claude to end");
    expect(t.chat.pid).toBeUndefined();
    expect(t.chat.state).toBe("ready");
    expect(t.of("notice").map((n) => n.code)).not.toContain("claude_exited"); // not a crash

    const second = await t.chat.send("second");
    expect(t.of("user_message").at(-1)).toMatchObject({ turnId: second, queued: false });
    await t.waitFor((e) => e.type === "turn_result" && e.turnId === second, 8000);
    expect(t.args().pid).not.toBe(firstPid);
    expect(t.args().argv).toEqual(expect.arrayContaining(["--resume", sessionId]));
    expect(t.chat.sessionId).toBe(sessionId);
    const states = t.of("state").map((s) => s.state);
    expect(states.slice(states.lastIndexOf("resuming"))).toEqual(expect.arrayContaining(["resuming", "ready", "streaming"]));
    const prompts = t
      .stdin()
      .filter((l) => l.type === "user")
      .map((l) => l.message.content[0].text);
    expect(prompts).toEqual(["first", "second"]);
  });

  it("applies a model and mode picked while claude was ended when it starts again", async () => {
    t = fakeChat(scenario("text"), { idleMs: 200 });
    await t.chat.start();
    const firstPid = t.args().pid;
    await until(() => !alive(firstPid), 5000, "the idle claude to end");
    await t.chat.setModel("sonnet");
    await t.chat.setPermissionMode("acceptEdits");
    expect(t.of("init").at(-1)).toMatchObject({ permissionMode: "acceptEdits" });
    expect(alive(firstPid)).toBe(false); // picking does not start claude
    await t.chat.interrupt(); // nothing runs: not an error
    const turn = await t.chat.send("go");
    await t.waitFor((e) => e.type === "turn_result" && e.turnId === turn, 8000);
    const argv = t.args().argv;
    expect(argv[argv.indexOf("--model") + 1]).toBe("sonnet");
    expect(argv[argv.indexOf("--permission-mode") + 1]).toBe("acceptEdits");
  });

  it("keeps claude running with an idle time of 0", async () => {
    t = fakeChat(scenario("text"), { idleMs: 0 });
    await t.chat.start();
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(t.args().pid)).toBe(true);
    expect(t.chat.pid).toBe(t.args().pid);
  });

  it("reads the idle time from AGENT_PANEL_IDLE_MINUTES and explains a bad value", () => {
    expect(idleMsFromEnv({})).toBe(DEFAULT_IDLE_MS);
    expect(idleMsFromEnv({ AGENT_PANEL_IDLE_MINUTES: "0" })).toBe(0);
    expect(idleMsFromEnv({ AGENT_PANEL_IDLE_MINUTES: "1.5" })).toBe(90_000);
    expect(() => idleMsFromEnv({ AGENT_PANEL_IDLE_MINUTES: "soon" })).toThrow(/not a number of minutes/);
  });
});
