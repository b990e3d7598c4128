import { afterEach, describe, expect, it } from "vitest";
import { fail, say, slow } from "../../../fixtures/fake-api/index.js";
import { finalText, realChat, type RealChat } from "./real-chat.js";

// Crash, resume and login failures on the real claude binary.

let r: RealChat | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

describe("real claude: crash and resume", () => {
  it("SIGKILL mid-turn: resumes the same session, appends to its transcript, and remembers it", async () => {
    r = await realChat([
      { match: "Remember the code word", answers: [say("Noted: the code word is BLUEBIRD.")] },
      { match: "Stream a long answer", answers: [slow("a b c d e f g h i j k l m n o p", { chunkSize: 2, chunkDelayMs: 200 })] },
      { match: "What was the code word", answers: [say("It was BLUEBIRD.")] },
    ]);
    await r.chat.start();
    const first = await r.chat.send("Remember the code word BLUEBIRD");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === first, 20_000);
    const sessionId = r.chat.sessionId!;
    const linesBefore = r.transcript(sessionId).length;
    const long = await r.chat.send("Stream a long answer");
    await r.waitFor((e) => e.type === "message_delta" && e.turnId === long, 20_000);
    const pid = r.chat.pid!;
    process.kill(pid, "SIGKILL");
    await r.waitFor((e) => e.type === "notice" && e.code === "resumed", 30_000);
    expect(r.of("notice").map((n) => n.code)).toContain("claude_exited");
    expect(r.of("turn_result").find((t) => t.turnId === long)).toMatchObject({ ok: false, terminalReason: "crashed" });
    expect(r.chat.pid).not.toBe(pid);
    expect(r.chat.state).toBe("ready");
    const ask = await r.chat.send("What was the code word?");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === ask, 20_000);
    expect(finalText(r, ask)).toBe("It was BLUEBIRD.");
    expect(r.chat.sessionId).toBe(sessionId);
    // Same transcript file, grown, with the new prompt in it.
    const lines = r.transcript(sessionId);
    expect(lines.length).toBeGreaterThan(linesBefore);
    expect(lines.some((l) => l.type === "user" && JSON.stringify(l.message).includes("What was the code word?"))).toBe(true);
    // The resumed process sent the earlier conversation to the model.
    const last = r.api.requests.filter((q) => q.kind === "turn" && q.prompt?.includes("What was the code word")).at(-1)!;
    expect(JSON.stringify(last.messages)).toContain("Remember the code word BLUEBIRD");
  }, 60_000);

  it("resumes an earlier session in a new chat with the same session id", async () => {
    r = await realChat([
      { match: "My name is", answers: [say("Nice to meet you, Aiko.")] },
      { match: "What is my name", answers: [say("Your name is Aiko.")] },
    ]);
    await r.chat.start();
    const t1 = await r.chat.send("My name is Aiko");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === t1, 20_000);
    const sessionId = r.chat.sessionId!;
    await r.chat.close();
    const again = r.another({ resume: sessionId });
    await again.chat.start();
    const t2 = await again.chat.send("What is my name?");
    await again.waitFor((e) => e.type === "turn_result" && e.turnId === t2, 20_000);
    expect(again.chat.sessionId).toBe(sessionId);
    const req = r.api.requests.filter((q) => q.kind === "turn").at(-1)!;
    expect(JSON.stringify(req.messages)).toContain("My name is Aiko");
  }, 40_000);

  it("resuming an unknown session id fails with session_not_found", async () => {
    r = await realChat([], { resume: "0b6f3a52-1111-4c2d-9e8f-123456789abc" });
    const err = await r.chat.start().catch((e) => e);
    expect(err).toMatchObject({ code: "session_not_found" });
    expect(r.chat.state).toBe("errored");
    expect(r.of("notice").at(-1)).toMatchObject({ code: "session_not_found" });
  });
});

describe("real claude: credentials", () => {
  /** The events of the refused turn, and the chat's notices. */
  function refusedTurn(log: RealChat, turnId: string) {
    return { ofTurn: log.events.filter((e) => "turnId" in e && e.turnId === turnId).map((e) => e.type), notices: log.of("notice") };
  }

  it("without credentials the turn ends with one not_logged_in notice and the chat waits in auth_required", async () => {
    r = await realChat([{ match: "hello", answers: [say("should never be asked")] }], {}, { apiKey: null });
    await r.chat.start();
    expect(r.of("init")[0]!.account).toMatchObject({ tokenSource: "none" });
    const turn = await r.chat.send("hello");
    await r.waitFor((e) => e.type === "state" && e.state === "auth_required", 20_000);
    const { ofTurn, notices } = refusedTurn(r, turn);
    // No reply card with a raw error code, no "Interrupted", no footer: the user's message, the turn's start, the notice.
    expect(ofTurn).toEqual(["user_message", "turn_started"]);
    expect(notices).toEqual([
      {
        type: "notice",
        level: "error",
        code: "not_logged_in",
        message: expect.stringMatching(/^Claude Code is not logged in\. Run claude in a terminal/),
        data: { turnId: turn, detail: expect.stringMatching(/Not logged in/) },
      },
    ]);
    expect(notices[0]!.message).not.toContain("`");
    expect(JSON.stringify(r.events)).not.toContain("authentication_failed");
    expect(r.api.requests.filter((q) => q.kind === "turn")).toHaveLength(0);
  });

  it("a key the API refuses (401) reads the same way, naming the key", async () => {
    r = await realChat([{ match: () => true, answers: [fail(401, "authentication_error", { message: "invalid x-api-key", shouldRetry: false })] }]);
    await r.chat.start();
    const turn = await r.chat.send("hello");
    await r.waitFor((e) => e.type === "state" && e.state === "auth_required", 30_000);
    const { ofTurn, notices } = refusedTurn(r, turn);
    expect(ofTurn).toEqual(["user_message", "turn_started"]);
    expect(notices).toEqual([
      expect.objectContaining({
        level: "error",
        code: "not_logged_in",
        message: expect.stringMatching(/API key was refused/),
        data: { turnId: turn, detail: expect.stringMatching(/Invalid API key/) },
      }),
    ]);
  });
});
