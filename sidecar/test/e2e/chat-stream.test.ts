import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatEventOf } from "../../src/protocol/chat-events.js";
import { projectTranscriptDir } from "../../src/history/paths.js";
import { loadTranscript } from "../../src/history/transcript.js";
import { say, slow, think, useTool } from "../../../fixtures/fake-api/index.js";
import { finalText, realChat, type RealChat } from "./real-chat.js";

// The chat engine on the real claude binary: streaming, thinking, queueing, interrupting and a
// background subagent that wakes the session up after the turn ended.

let r: RealChat | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

const ENGLISH = "Sure. Attach the PlayerController script to the Player GameObject, then press Play.";
const JAPANESE = "了解です。Player に PlayerController を追加してから再生してください 🎮";

describe("real claude: streaming", () => {
  it("streams English and Japanese text that adds up to the final message, and writes a transcript", async () => {
    r = await realChat([
      { match: "in English", answers: [say(ENGLISH, { chunkSize: 7 })] },
      { match: "日本語で", answers: [say(JAPANESE, { chunkSize: 3 })] },
    ]);
    await r.chat.start();
    expect(r.chat.state).toBe("ready");
    expect(r.of("init")[0]!.cliVersion).toMatch(/^\d+\.\d+\.\d+/);
    const en = await r.chat.send("Answer in English please.");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === en, 20_000);
    const ja = await r.chat.send("日本語で答えてください。");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === ja, 20_000);
    for (const [turnId, text] of [
      [en, ENGLISH],
      [ja, JAPANESE],
    ] as const) {
      const deltas = r.of("message_delta").filter((d) => d.turnId === turnId && d.kind === "text");
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.map((d) => d.text).join("")).toBe(text);
      expect(finalText(r, turnId)).toBe(text);
    }
    expect(r.of("turn_result").map((t) => t.ok)).toEqual([true, true]);
    expect(r.chat.state).toBe("ready");
    const transcript = r.transcript(r.chat.sessionId!);
    expect(transcript.some((l) => l.type === "user" && JSON.stringify(l.message).includes("日本語で答えてください"))).toBe(true);
  });

  it("keeps thinking apart from the answer", async () => {
    r = await realChat([{ match: "Think", answers: [think("Let me weigh the options for the camera rig.", "Use Cinemachine.")] }]);
    await r.chat.start();
    const turn = await r.chat.send("Think about the camera.");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === turn, 20_000);
    const final = r.of("message_final").find((m) => m.turnId === turn)!;
    expect(final.blocks.map((b) => b.kind)).toEqual(["thinking", "text"]);
    expect(final.blocks[1]!.text).toBe("Use Cinemachine.");
    expect(r.of("message_delta").some((d) => d.kind === "thinking")).toBe(true);
  });

  it("queues a second message sent mid-turn and answers it in its own turn", async () => {
    r = await realChat([
      { match: "First", answers: [slow("one two three four five six", { chunkSize: 4, chunkDelayMs: 120 })] },
      { match: "Second", answers: [say("second answer")] },
    ]);
    await r.chat.start();
    const first = await r.chat.send("First question");
    await r.waitFor((e) => e.type === "message_delta" && e.turnId === first, 20_000);
    const second = await r.chat.send("Second question");
    expect(r.of("user_message").map((u) => u.queued)).toEqual([false, true]);
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === second, 20_000);
    expect(r.of("turn_result").map((t) => [t.turnId, t.ok])).toEqual([
      [first, true],
      [second, true],
    ]);
    expect(finalText(r, first)).toBe("one two three four five six");
    expect(finalText(r, second)).toBe("second answer");
  });

  it("interrupts mid-stream; nothing of the interrupted turn leaks into the next", async () => {
    r = await interruptibleChat();
    const first = await interruptMidStream(r);
    const result = await r.waitFor((e) => e.type === "turn_result" && e.turnId === first, 20_000);
    expect(result).toMatchObject({ ok: false, terminalReason: "aborted_streaming" });
    expect(r.of("message_final").find((m) => m.turnId === first)!.aborted).toBe(true);
    await r.waitFor((e) => e.type === "state" && e.state === "ready");
    const next = await sendAfterInterrupt(r);
    expect(finalText(r, next)).toBe("Back after the interrupt.");
    const nextStart = r.events.findIndex((e) => e.type === "turn_started" && e.turnId === next);
    expect(r.events.slice(nextStart).filter((e) => "turnId" in e && e.turnId === first)).toEqual([]);
  });

  it("an interrupted turn reads the same live and read back from its transcript", async () => {
    r = await interruptibleChat();
    const first = await interruptMidStream(r);
    const live = (await r.waitFor((e) => e.type === "turn_result" && e.turnId === first, 20_000)) as ChatEventOf<"turn_result">;
    const next = await sendAfterInterrupt(r);

    // Live: interrupted, with the tokens the API counted (the CLI's own result says 0 in, 0 out), the context
    // window for the meter, and none of the CLI's internal diagnostics.
    expect(live).toMatchObject({ ok: false, status: "interrupted", terminalReason: "aborted_streaming", errors: [] });
    expect(live.usage.input).toBeGreaterThan(0);
    expect(live.contextWindow).toBeGreaterThan(0);
    expect(JSON.stringify(r.events)).not.toContain("ede_diagnostic");

    // History: the same turn, the same words.
    const file = join(projectTranscriptDir(r.sandbox.project, {}, r.sandbox.home), `${r.chat.sessionId}.jsonl`);
    const history = (await loadTranscript(file)).events;
    const results = history.filter((e): e is ChatEventOf<"turn_result"> => e.type === "turn_result");
    expect(results.map((e) => e.status)).toEqual(["interrupted", "completed"]);
    expect(results[0]).toMatchObject({ ok: live.ok, status: live.status, terminalReason: live.terminalReason, errors: live.errors });
    expect(results[0]!.usage.input + results[0]!.usage.cacheRead + results[0]!.usage.cacheCreation).toBe(live.usage.input + live.usage.cacheRead + live.usage.cacheCreation);
    expect(JSON.stringify(history)).not.toContain("ede_diagnostic");
  });

  it("follows a background subagent after the parent turn, including the turn it starts by itself", async () => {
    r = await realChat([
      { match: "Delegate", answers: [useTool("Agent", { description: "Sub task", prompt: "Do the sub task quietly.", subagent_type: "general-purpose" }), say("Parent: the subagent is on it.")] },
      { match: "Do the sub task", answers: [say("Subagent finished its work.")] },
    ]);
    await r.chat.start();
    const turn = await r.chat.send("Delegate this to a subagent");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === turn, 20_000);
    const agentTool = r.of("tool_started").find((t) => t.name === "Agent")!;
    expect(agentTool.turnId).toBe(turn);
    await r.waitFor((e) => e.type === "subagent" && e.status === "completed", 20_000);
    const late = await r.waitFor((e) => e.type === "turn_result" && e.turnId.startsWith("u"), 20_000);
    expect(late.type === "turn_result" && late.ok).toBe(true);
    expect(r.of("turn_started").filter((s) => !s.prompted).length).toBeGreaterThan(0);
    const sub = r.of("message_final").filter((m) => m.parentToolUseId === agentTool.toolUseId);
    expect(sub.flatMap((m) => m.blocks.map((b) => b.text)).join("")).toContain("Subagent finished its work.");
    expect(sub.every((m) => m.turnId === turn)).toBe(true);
    expect(r.chat.state).toBe("ready");
  });
});

// A chat whose "Stream slowly" turn streams slowly enough to be interrupted, and which answers "After the interrupt" briefly.
function interruptibleChat(): Promise<RealChat> {
  return realChat([
    { match: "Stream slowly", answers: [slow("word0 word1 word2 word3 word4 word5 word6 word7 word8 word9", { chunkSize: 6, chunkDelayMs: 150 })] },
    { match: "After", answers: [say("Back after the interrupt.")] },
  ]);
}

// Starts the chat, sends the slow prompt and interrupts it once its first words have arrived; returns that turn's id.
async function interruptMidStream(rc: RealChat): Promise<string> {
  await rc.chat.start();
  const first = await rc.chat.send("Stream slowly");
  await rc.waitFor((e) => e.type === "message_delta" && e.turnId === first, 20_000);
  await rc.chat.interrupt();
  return first;
}

// Sends the prompt that follows the interrupt and waits until its turn has ended; returns that turn's id.
async function sendAfterInterrupt(rc: RealChat): Promise<string> {
  const next = await rc.chat.send("After the interrupt");
  await rc.waitFor((e) => e.type === "turn_result" && e.turnId === next, 20_000);
  return next;
}
