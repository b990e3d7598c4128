import { afterEach, describe, expect, it } from "vitest";
import { scenario } from "../chat/fake-chat.js";
import { deepJson, raw, startLiveSidecar, type LiveSidecar } from "./live-sidecar.js";

// What claude's output can do to the sidecar when a model is talked into emitting hostile JSON:
// a tool input nested thousands of levels deep once crashed the whole process (RangeError from
// JSON.stringify in the replay buffer, thrown inside claude's stdout handler). Now the deep part is
// left out where the line is parsed, the chat says so, a permission request whose input cannot be
// shown is denied, and every other chat keeps streaming.

let live: LiveSidecar | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

const DEPTH = 6000;

/** The text scenario with hostile lines played right after the prompt's echo. */
function hostile(lines: object[]): object {
  const text = scenario("text");
  const turn = text.turns[0] as object[];
  const at = turn.findIndex((s) => "replay" in s) + 1;
  return { ...text, turns: [[...turn.slice(0, at), ...lines, ...turn.slice(at)]] };
}

const deepAssistant = raw(
  `{"type":"assistant","message":{"id":"msg_deep","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_deep","name":"Bash","input":${deepJson(DEPTH)}}],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":"s","uuid":"u1"}`,
);
const deepPermission = raw(
  `{"type":"control_request","request_id":"req-deep","request":{"subtype":"can_use_tool","tool_name":"Bash","tool_use_id":"toolu_deep","input":{"command":${deepJson(DEPTH)}}}}`,
);

describe("hostile claude output", () => {
  it("survives a tool input nested 6,000 levels deep, denies the unshowable permission request, and keeps other chats streaming", async () => {
    live = await startLiveSidecar({ deep: hostile([deepAssistant, deepPermission, { awaitAnswer: "req-deep" }]), calm: scenario("slow-text") });
    const client = await live.connect();
    const deep = await client.openChat("deep");
    const calm = await client.openChat("calm");
    await client.cmd({ cmd: "chat.send", chatId: calm, text: "keep talking" });
    await client.cmd({ cmd: "chat.send", chatId: deep, text: "hostile" });

    // Parsing and clipping a 24 MB line nested 6,000 deep takes seconds on a loaded 2-core machine.
    const result = await client.waitFor((f) => f.chatId === deep && f.event?.type === "turn_result", 25_000);
    expect(result.event.ok).toBe(true);
    const codes = client
      .events(deep)
      .filter((e) => e.type === "notice")
      .map((e) => e.code);
    expect(codes).toContain("output_clipped");
    expect(codes).toContain("permission_input_too_deep");
    expect(client.events(deep).some((e) => e.type === "permission_requested")).toBe(false);
    // The tool card shows the input down to the limit, with the rest marked as left out.
    expect(JSON.stringify(client.events(deep))).toContain("left out by Agent Panel");

    await client.waitFor((f) => f.chatId === calm && f.event?.type === "turn_result", 15_000);
    expect(client.events(calm).filter((e) => e.type === "message_delta").length).toBeGreaterThan(3);
    // The sidecar still serves: a new chat opens and answers.
    expect((await client.cmd({ cmd: "chats.list" })).result.chats).toHaveLength(2);
  }, 60_000);

  it("keeps a client connected when a final message is far bigger than a client may queue", async () => {
    const big = "x".repeat(24 * 1024 * 1024);
    const line = raw(
      `{"type":"assistant","message":{"id":"msg_big","type":"message","role":"assistant","model":"m","content":[{"type":"tool_use","id":"toolu_big","name":"Write","input":{"file_path":"a.txt","content":"${big}"}}],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}},"parent_tool_use_id":null,"session_id":"s","uuid":"u2"}`,
    );
    live = await startLiveSidecar({ big: hostile([line]) });
    const client = await live.connect();
    const chat = await client.openChat("big");
    await client.cmd({ cmd: "chat.send", chatId: chat, text: "write a big file" });
    await client.waitFor((f) => f.chatId === chat && f.event?.type === "turn_result", 45_000);
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    const tool = client.events(chat).find((e) => e.type === "tool_started" || e.type === "tool_input" || JSON.stringify(e).includes("toolu_big"));
    expect(tool).toBeDefined();
    expect(JSON.stringify(tool).length).toBeLessThan(3 * 1024 * 1024);
    expect(JSON.stringify(tool)).toContain("more characters left out");
  }, 60_000);
});
