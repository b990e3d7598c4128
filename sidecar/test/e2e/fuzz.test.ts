import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { COMMAND_NAMES } from "../../src/protocol/panel/commands.js";
import { scenario } from "../chat/fake-chat.js";
import { deepJson, startLiveSidecar, type LiveSidecar } from "./live-sidecar.js";

// Fuzzing the sidecar's two inputs with a fixed seed and a bounded budget: what claude prints
// (through the fake claude, byte for byte, into a real chat) and what clients send (over real
// WebSockets). Deep and wide JSON, huge strings, invalid UTF-8, and random events that look valid.
// The sidecar must survive all of it, and a calm chat next to it must keep streaming.

const SEED = 20261201;
let live: LiveSidecar | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

const EVENT_TYPES = ["stream_event", "assistant", "user", "result", "system", "control_request", "control_response", "control_cancel_request", "mystery"];

/** One stdout line as bytes (newline included). */
const stdoutLine: fc.Arbitrary<Buffer> = fc
  .oneof(
    {
      weight: 2,
      arbitrary: fc
        .integer({ min: 65, max: 20_000 })
        .map((d) => `{"type":"assistant","message":{"id":"m","role":"assistant","content":[{"type":"tool_use","id":"t","name":"Bash","input":${deepJson(d)}}]}}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 65, max: 20_000 })
        .map((d) => `{"type":"control_request","request_id":"r${d}","request":{"subtype":"can_use_tool","tool_name":"Bash","input":${deepJson(d, "1", "x")}}}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1000, max: 50_000 })
        .map((n) => `{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"w"}},"wide":[${Array.from({ length: n }, (_, i) => i).join(",")}]}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 3 })
        .map((mb) => `{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":"${"z".repeat(mb * 1024 * 1024)}"}]}}`),
    },
    { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b).toString("latin1").replace(/\n/g, " ")) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          type: fc.constantFrom(...EVENT_TYPES),
          subtype: fc.option(fc.string()),
          message: fc.jsonValue({ maxDepth: 5 }),
          event: fc.jsonValue({ maxDepth: 5 }),
          request: fc.jsonValue({ maxDepth: 4 }),
          request_id: fc.string(),
        })
        .map((o) => JSON.stringify(o)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ index: fc.integer({ min: -2, max: 1e9 }), kind: fc.constantFrom("text_delta", "thinking_delta", "input_json_delta", "signature_delta", "x"), text: fc.string({ unit: "binary" }) })
        .map(({ index, kind, text }) => JSON.stringify({ type: "stream_event", event: { type: "content_block_delta", index, delta: { type: kind, text, partial_json: text, thinking: text } } })),
    },
  )
  .map((line) => (Buffer.isBuffer(line) ? line : Buffer.concat([Buffer.from(line, "latin1"), Buffer.from("\n")])));

/** Invalid UTF-8 inside otherwise valid JSON lines. */
const invalidUtf8: fc.Arbitrary<Buffer> = fc
  .uint8Array({ minLength: 1, maxLength: 40 })
  .map((b) =>
    Buffer.concat([
      Buffer.from('{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"'),
      Buffer.from(b.map((x) => (x < 0x80 ? x | 0x80 : x))),
      Buffer.from('"}}}\n'),
    ]),
  );

describe("fuzz", () => {
  it("claude's stdout: the sidecar survives hostile output in one chat while another chat keeps streaming", async () => {
    const lines = [...fc.sample(stdoutLine, { seed: SEED, numRuns: 90 }), ...fc.sample(invalidUtf8, { seed: SEED, numRuns: 20 })];
    const text = scenario("text");
    const base = text.turns[0] as object[];
    const at = base.findIndex((s) => "replay" in s) + 1;
    const turns = [0, 1, 2].map((i) => [...base.slice(0, at), ...lines.filter((_, j) => j % 3 === i).map((b) => ({ emitBytes: b.toString("base64") })), ...base.slice(at)]);
    live = await startLiveSidecar({ fuzz: { ...text, turns }, calm: scenario("slow-text"), text: scenario("text") });
    const client = await live.connect();
    const fuzz = await client.openChat("fuzz");
    const calm = await client.openChat("calm");
    await client.cmd({ cmd: "chat.send", chatId: calm, text: "keep streaming" });
    for (let i = 0; i < 3; i++) await client.cmd({ cmd: "chat.send", chatId: fuzz, text: `fuzz ${i}` });
    await client.waitFor((f) => f.chatId === calm && f.event?.type === "turn_result", 25_000);
    expect(client.events(calm).filter((e) => e.type === "message_delta").length).toBeGreaterThan(3);
    // The fuzzed chat lives on (its turns may have been cut short by random results), and the
    // sidecar still opens a new chat that answers normally.
    await client.waitFor((f) => f.chatId === fuzz && f.event?.type === "notice", 25_000);
    const after = await client.openChat("text");
    await client.cmd({ cmd: "chat.send", chatId: after, text: "still there?" });
    await client.waitFor((f) => f.chatId === after && f.event?.type === "turn_result", 20_000);
    expect((await client.cmd({ cmd: "chats.list" })).kind).toBe("ack");
  }, 60_000);

  it("client frames: random, deep, huge and invalid frames get errors or a closed socket, never a dead sidecar", async () => {
    live = await startLiveSidecar({ calm: scenario("slow-text") });
    const watcher = await live.connect();
    const calm = await watcher.openChat("calm");
    const names = [...COMMAND_NAMES];
    const frame = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc
        .record({
          id: fc.option(fc.string()),
          cmd: fc.constantFrom(...names),
          chatId: fc.option(fc.constantFrom("nope", "", "c1")),
          text: fc.option(fc.string()),
          afterSeq: fc.option(fc.integer()),
          answer: fc.option(fc.jsonValue({ maxDepth: 4 })),
          extra: fc.jsonValue({ maxDepth: 4 }),
        })
        .map((o) => JSON.stringify(o)),
      fc.integer({ min: 65, max: 30_000 }).map((d) => `{"id":"d","cmd":"permission.answer","chatId":"${calm}","requestId":"r","answer":{"kind":"allow","updatedInput":${deepJson(d)}}}`),
      fc.integer({ min: 1, max: 3 }).map((mb) => JSON.stringify({ id: "big", cmd: "chat.send", chatId: "nope", text: "y".repeat(mb * 1024 * 1024) })),
      fc.constant("[".repeat(100_000)),
    );
    const frames = fc.sample(frame, { seed: SEED, numRuns: 150 });
    const fuzzer = await live.connect();
    let answered = 0;
    for (const f of frames) {
      if (fuzzer.ws.readyState !== WebSocket.OPEN) break;
      fuzzer.raw(f);
    }
    // A random chat.close may close a chat, as it may for any token holder; the calm chat's id is never offered.
    // Invalid UTF-8 and binary frames are answered (bad_json) and the connection carries on.
    for (const [i, bytes] of fc.sample(fc.uint8Array({ minLength: 1, maxLength: 64 }), { seed: SEED, numRuns: 10 }).entries()) {
      const c = await live.connect();
      c.raw(Buffer.from(bytes.map((x) => x | 0x80)), i % 2 === 0);
      await c.waitFor((f) => f.kind === "error" && f.code === "bad_json");
      answered += (await c.cmd({ cmd: "chats.list" })).kind === "ack" ? 1 : 0;
    }
    expect(answered).toBe(10);
    expect((await fuzzer.cmd({ cmd: "chats.list" })).kind).toBe("ack");
    await watcher.cmd({ cmd: "chat.send", chatId: calm, text: "after the storm" });
    await watcher.waitFor((f) => f.chatId === calm && f.event?.type === "turn_result", 20_000);
    expect(fuzzer.frames.some((f) => f.kind === "error")).toBe(true);
  }, 60_000);
});
