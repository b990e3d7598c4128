import { afterEach, describe, expect, it } from "vitest";
import { fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

// Esc must always free the chat: a turn claude leaves open after an interrupt (no answer, no
// result, no output) is ended by the panel; a turn claude ends itself is left to claude.

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("Chat interrupt safety net", () => {
  it("ends a turn claude never ends after the interrupt, and the chat is ready again", async () => {
    t = fakeChat(scenario("hang"), { interruptSettleMs: 300, interruptTimeoutMs: 1500 });
    await t.chat.start();
    const turnId = await t.chat.send("go");
    await t.waitFor((e) => e.type === "message_start");
    expect(t.chat.state).toBe("streaming");
    const interrupted = t.chat.interrupt().catch((err: unknown) => err);
    const result = await t.waitFor((e) => e.type === "turn_result", 3000);
    expect(result).toMatchObject({ turnId, ok: false, status: "interrupted", terminalReason: "interrupt_unanswered" });
    expect(t.of("message_final").at(-1)).toMatchObject({ turnId, aborted: true });
    expect(t.of("notice").map((n) => n.code)).toContain("interrupt_unanswered");
    expect(t.chat.state).toBe("ready");
    expect(await interrupted).toMatchObject({ code: "control_timeout" });
  }, 20_000);

  it("leaves a turn claude ends itself alone: one result, claude's own", async () => {
    t = fakeChat(scenario("slow-text"), { interruptSettleMs: 300 });
    await t.chat.start();
    const turnId = await t.chat.send("go");
    await t.waitFor((e) => e.type === "message_delta");
    await t.chat.interrupt();
    await t.waitFor((e) => e.type === "turn_result", 5000);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(t.of("turn_result")).toHaveLength(1);
    expect(t.of("turn_result")[0]).toMatchObject({ turnId });
    expect(t.of("turn_result")[0]!.terminalReason).not.toBe("interrupt_unanswered");
    expect(t.of("notice").map((n) => n.code)).not.toContain("interrupt_unanswered");
  });
});
