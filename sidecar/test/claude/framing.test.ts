import { describe, expect, it } from "vitest";
import { LineSplitter, type FrameEvent } from "../../src/claude/framing.js";

const b = (s: string): Buffer => Buffer.from(s, "utf8");

/** Feeds the chunks then ends the stream, returning every event in order. */
function run(chunks: Buffer[], maxLineBytes?: number): FrameEvent[] {
  const splitter = new LineSplitter(maxLineBytes === undefined ? {} : { maxLineBytes });
  const events = chunks.flatMap((c) => splitter.push(c));
  return [...events, ...splitter.end()];
}

describe("LineSplitter", () => {
  it("keeps a Japanese/emoji line intact when split at every byte offset", () => {
    const value = { type: "assistant", text: "こんにちは世界 🎮🧪 Ünïcødé" };
    const line = b(JSON.stringify(value) + "\n");
    for (let cut = 0; cut <= line.length; cut++) {
      const events = run([line.subarray(0, cut), line.subarray(cut)]);
      expect(events).toEqual([{ kind: "json", value, bytes: line.length - 1 }]);
    }
  });

  it("keeps multi-byte text intact when fed one byte at a time", () => {
    const value = { t: "絵文字👍🏽と改行なし" };
    const line = b(JSON.stringify(value) + "\n");
    const bytes = [...line].map((x) => Buffer.from([x]));
    expect(run(bytes)).toEqual([{ kind: "json", value, bytes: line.length - 1 }]);
  });

  it("reassembles a JSON object split across many reads", () => {
    const value = { type: "stream_event", payload: "x".repeat(5000), n: [1, 2, 3] };
    const line = b(JSON.stringify(value) + "\n");
    const chunks: Buffer[] = [];
    for (let i = 0; i < line.length; i += 97) chunks.push(line.subarray(i, i + 97));
    expect(run(chunks)).toEqual([{ kind: "json", value, bytes: line.length - 1 }]);
  });

  it("reports blank lines and non-JSON lines without stopping", () => {
    const events = run([b('\n   \nnot json at all\n{"ok":true}\n')]);
    expect(events.map((e) => e.kind)).toEqual(["blank", "blank", "invalid", "json"]);
    const invalid = events[2];
    expect(invalid?.kind === "invalid" && invalid.text).toBe("not json at all");
    expect(invalid?.kind === "invalid" && invalid.error.length).toBeGreaterThan(0);
    expect(events[3]).toEqual({ kind: "json", value: { ok: true }, bytes: 11 });
  });

  it("cuts the text of an invalid line to 200 characters", () => {
    const events = run([b("#".repeat(1000) + "\n")]);
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === "invalid" && events[0].text).toBe("#".repeat(200));
  });

  it("tolerates CRLF, also when the CR and LF arrive in different chunks", () => {
    expect(run([b('{"a":1}\r\n{"b":2}\r\n')])).toEqual([
      { kind: "json", value: { a: 1 }, bytes: 7 },
      { kind: "json", value: { b: 2 }, bytes: 7 },
    ]);
    expect(run([b('{"a":1}\r'), b("\n\r\n")])).toEqual([{ kind: "json", value: { a: 1 }, bytes: 7 }, { kind: "blank" }]);
  });

  it("emits a valid unterminated last line as json at end()", () => {
    const splitter = new LineSplitter();
    expect(splitter.push(b('{"type":"result"'))).toEqual([]);
    expect(splitter.push(b(',"is_error":false}'))).toEqual([]);
    expect(splitter.end()).toEqual([{ kind: "json", value: { type: "result", is_error: false }, bytes: 34 }]);
    expect(splitter.end()).toEqual([]);
  });

  it("reports an invalid unterminated last line as truncated", () => {
    expect(run([b('{"type":"ok"}\n{"type":"stream_ev')])).toEqual([
      { kind: "json", value: { type: "ok" }, bytes: 13 },
      { kind: "truncated", text: '{"type":"stream_ev' },
    ]);
  });

  it("drops an over-long line and still parses the next one", () => {
    const long = '{"big":"' + "y".repeat(100) + '"}';
    const events = run([b(long.slice(0, 30)), b(long.slice(30) + '\n{"next":1}\n')], 32);
    expect(events).toEqual([
      { kind: "overflow", bytes: long.length },
      { kind: "json", value: { next: 1 }, bytes: 10 },
    ]);
  });

  it("does not buffer an over-long line while discarding it", () => {
    const splitter = new LineSplitter({ maxLineBytes: 16 });
    expect(splitter.push(b("z".repeat(20)))).toEqual([]);
    for (let i = 0; i < 100; i++) expect(splitter.push(b("z".repeat(1000)))).toEqual([]);
    const state = splitter as unknown as { parts: Buffer[]; partsBytes: number };
    expect(state.parts).toEqual([]);
    expect(state.partsBytes).toBe(0);
    expect(splitter.push(b('zz\n{"n":2}\n'))).toEqual([
      { kind: "overflow", bytes: 20 + 100 * 1000 + 2 },
      { kind: "json", value: { n: 2 }, bytes: 7 },
    ]);
  });

  it("accepts a line of exactly maxLineBytes and reports an unfinished over-long line at end()", () => {
    expect(run([b('{"k":"abcdefgh"}\n')], 16)).toEqual([{ kind: "json", value: { k: "abcdefgh" }, bytes: 16 }]);
    expect(run([b('{"k":"abcdefghi"}')], 16)).toEqual([{ kind: "overflow", bytes: 17 }]);
  });

  it("parses many lines from one chunk in order", () => {
    const lines = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ i, s: `línea ${i}` }));
    const events = run([b(lines.join("\n") + "\n")]);
    expect(events).toHaveLength(1000);
    events.forEach((e, i) => expect(e).toMatchObject({ kind: "json", value: { i } }));
  });

  it("gives every line of a chunk its own UTF-8 size, CRLF and blank lines included, and caps each", () => {
    const lines = ['{"t":"日本語"}', '{"a":1}\r', "", '{"e":"🎮"}', '{"long":"' + "x".repeat(40) + '"}', '{"b":2}'];
    const events = run([b(lines.join("\n") + "\n")], 32);
    expect(events).toEqual([
      { kind: "json", value: { t: "日本語" }, bytes: b(lines[0]!).length },
      { kind: "json", value: { a: 1 }, bytes: 7 },
      { kind: "blank" },
      { kind: "json", value: { e: "🎮" }, bytes: b(lines[3]!).length },
      { kind: "overflow", bytes: lines[4]!.length },
      { kind: "json", value: { b: 2 }, bytes: 7 },
    ]);
    // A 3-byte character per UTF-16 unit: its byte size, not its length, meets the cap.
    expect(run([b('{"n":0}\n{"k":"' + "語".repeat(8) + '"}\n{"k":"' + "語".repeat(9) + '"}\n{"n":1}\n')], 32)).toEqual([
      { kind: "json", value: { n: 0 }, bytes: 7 },
      { kind: "json", value: { k: "語".repeat(8) }, bytes: 32 },
      { kind: "overflow", bytes: 8 + 27 },
      { kind: "json", value: { n: 1 }, bytes: 7 },
    ]);
  });

  it("frames the same events whatever the chunking of a mixed stream", () => {
    const text = ['{"t":"é"}', "not json", '{"a":[1,2]}\r', "", '{"z":"' + "q".repeat(50) + '"}', '{"done":true}'].join("\n") + "\n";
    const whole = run([b(text)], 40);
    for (const size of [1, 3, 7, 16, 64]) {
      const bytes = b(text);
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(run(chunks, 40)).toEqual(whole);
    }
    expect(whole.map((e) => e.kind)).toEqual(["json", "invalid", "json", "blank", "overflow", "json"]);
  });

  it("rejects a non-positive cap", () => {
    expect(() => new LineSplitter({ maxLineBytes: 0 })).toThrow(RangeError);
  });
});
