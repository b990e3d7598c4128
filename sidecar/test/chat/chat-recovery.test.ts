import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("Chat crash path", () => {
  it("resumes the same session after claude dies mid-turn, and resends a prompt that never started", async () => {
    const crash = scenario("crash-midturn");
    t = fakeChat(crash);
    await t.chat.start();
    const first = await t.chat.send("first");
    await t.waitFor((e) => e.type === "turn_started");
    const sessionId = t.chat.sessionId;
    expect(sessionId).toBeTruthy();
    const second = await t.chat.send("second, queued");
    // The next process plays a healthy scenario.
    t.setScenario(scenario("text"));
    await t.waitFor((e) => e.type === "notice" && e.code === "resumed", 8000);
    expect(t.of("notice").map((n) => n.code)).toContain("claude_exited");
    expect(t.of("turn_result")[0]).toMatchObject({ turnId: first, ok: false, terminalReason: "crashed" });
    expect(t.args().argv).toEqual(expect.arrayContaining(["--resume", sessionId!]));
    await t.waitFor((e) => e.type === "turn_result" && e.turnId === second, 8000);
    expect(t.chat.sessionId).toBe(sessionId);
    expect(t.of("state").map((s) => s.state)).toEqual(expect.arrayContaining(["resuming", "ready"]));
    const prompts = t
      .stdin()
      .filter((l) => l.type === "user")
      .map((l) => l.message.content[0].text);
    // The crashed turn's prompt is already in the transcript, so it is not sent again; the queued
    // one reaches the resumed process (whether or not the dead one had received it).
    expect(prompts.filter((p) => p === "first")).toHaveLength(1);
    expect(prompts.at(-1)).toBe("second, queued");
  });

  it("gives up after the retry budget with a typed error", async () => {
    const crash = scenario("crash-midturn");
    t = fakeChat(crash, { resumeRetries: 2 });
    await t.chat.start();
    await t.chat.send("first");
    await t.waitFor((e) => e.type === "turn_started");
    // Every restart fails before it is ready: the fake cannot read its scenario and exits 1.
    writeFileSync(join(t.dir, "scenario.json"), "{ not json");
    await t.waitFor((e) => e.type === "state" && e.state === "errored", 15_000);
    expect(t.of("notice").some((n) => n.code === "resume_failed")).toBe(true);
  }, 20_000);

  it("reports a session that vanished during the crash as session_not_found, without retrying", async () => {
    t = fakeChat(scenario("crash-midturn"));
    await t.chat.start();
    await t.chat.send("first");
    await t.waitFor((e) => e.type === "turn_started");
    t.setScenario(scenario("resume-missing"));
    await t.waitFor((e) => e.type === "state" && e.state === "errored", 8000);
    expect(t.of("notice").some((n) => n.code === "session_not_found")).toBe(true);
  });
});

describe("Chat silence backstop", () => {
  it("returns to ready with a notice when claude goes quiet mid-turn", async () => {
    t = fakeChat(scenario("hang"), { silenceMs: 300 });
    await t.chat.start();
    await t.chat.send("hang");
    await t.waitFor((e) => e.type === "notice" && e.code === "silence", 3000);
    expect(t.chat.state).toBe("ready");
  });
});

describe("Chat auth", () => {
  it("enters auth_required with one not_logged_in notice when claude is not logged in", async () => {
    const s = scenario("text");
    const sid = "{{session_id}}";
    s.turns = [
      [
        { emit: { type: "system", subtype: "init", session_id: sid, model: "x" } },
        { replay: true },
        {
          emit: {
            type: "assistant",
            message: { id: "a1", type: "message", role: "assistant", model: "<synthetic>", content: [{ type: "text", text: "Not logged in · Please run /login" }], stop_reason: "stop_sequence" },
            parent_tool_use_id: null,
            session_id: sid,
            error: "authentication_failed",
          },
        },
        { emit: { type: "result", subtype: "success", is_error: true, result: "Not logged in · Please run /login", session_id: sid, terminal_reason: "api_error" } },
      ],
    ];
    t = fakeChat(s);
    await t.chat.start();
    await t.chat.send("hello");
    await t.waitFor((e) => e.type === "state" && e.state === "auth_required");
    const notices = t.of("notice");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ level: "error", code: "not_logged_in", data: { detail: "Not logged in · Please run /login" } });
    expect(notices[0]!.message).toMatch(/not logged in\. Run claude in a terminal and log in/);
    expect(notices[0]!.message).not.toContain("`");
    // The CLI's synthetic reply and its result are not shown as a message or a turn footer.
    expect(t.events.filter((e) => e.type === "message_start" || e.type === "message_final" || e.type === "turn_result")).toEqual([]);
    expect(t.chat.state).toBe("auth_required");
  });
});
