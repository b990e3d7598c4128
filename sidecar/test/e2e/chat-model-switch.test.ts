import { afterEach, describe, expect, it } from "vitest";
import { say } from "../../../fixtures/fake-api/index.js";
import { finalText, realChat, type RealChat } from "./real-chat.js";

// Issue #33.1: switching the model after the first turn. The real CLI answers set_model with a
// replayed `<local-command-stdout>Set model to …` user line and no result: that must not open a
// turn, or the chat stays "streaming" and every later prompt is tagged queued.

let r: RealChat | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

describe("real claude: switching the model between turns", () => {
  it("stays ready after set_model, and the next prompt is not queued and gets its answer", async () => {
    r = await realChat([
      { match: "hello", answers: [say("hi there")] },
      { match: "again", answers: [say("second answer")] },
    ]);
    await r.chat.start();
    const first = await r.chat.send("hello");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === first, 20_000);
    await r.waitFor((e) => e.type === "state" && e.state === "ready", 5000);
    const before = r.events.length;
    await r.chat.setModel("sonnet");
    await r.chat.setModel(null);
    // Let any late line of claude's arrive before judging.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = r.events.slice(before);
    expect(after.filter((e) => e.type === "turn_started")).toEqual([]);
    expect(after.filter((e) => e.type === "state")).toEqual([]);
    expect(r.chat.state).toBe("ready");
    const second = await r.chat.send("again");
    expect(r.of("user_message").at(-1)).toMatchObject({ turnId: second, queued: false });
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === second, 20_000);
    expect(finalText(r, second)).toBe("second answer");
    await r.waitFor((e) => e.type === "state" && e.state === "ready" && r!.chat.state === "ready", 5000);
  });
});
