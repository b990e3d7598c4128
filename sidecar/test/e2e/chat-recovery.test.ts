import { afterEach, describe, expect, it } from "vitest";
import { say, slow } from "../../../fixtures/fake-api/index.js";
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
  it("without credentials the chat enters auth_required with the CLI's message", async () => {
    r = await realChat([{ match: "hello", answers: [say("should never be asked")] }], {}, { apiKey: null });
    await r.chat.start();
    expect(r.of("init")[0]!.account).toMatchObject({ tokenSource: "none" });
    await r.chat.send("hello");
    await r.waitFor((e) => e.type === "state" && e.state === "auth_required", 20_000);
    const notice = r.of("notice").find((n) => n.code === "auth_required")!;
    expect(notice.message).toMatch(/Not logged in/);
    expect(r.api.requests.filter((q) => q.kind === "turn")).toHaveLength(0);
  });
});
