import { PassThrough, Writable } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serializeOutbound, StdinWriter } from "../../src/claude/writer.js";
import { controlRequest, permissionAnswer, userMessage, type Outbound } from "../../src/protocol/claude/outbound.js";

const oneValidLine = (line: string, original: Outbound) => {
  expect(line.endsWith("\n")).toBe(true);
  const body = line.slice(0, -1);
  expect(body).not.toMatch(/[\n\r]/);
  expect(JSON.parse(body)).toEqual(original);
  // The bytes on the wire must be valid UTF-8 that decodes back to the same line.
  expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
};

describe("serializeOutbound", () => {
  it("writes any text as exactly one valid JSON line", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const msg = userMessage(text.length > 0 ? text : "x");
        oneValidLine(serializeOutbound(msg), msg);
      }),
      { numRuns: 500 },
    );
  });

  it("handles newlines, U+2028/U+2029, lone surrogates and NUL", () => {
    for (const text of ["a\nb\r\nc", "line\u2028sep\u2029para", "\ud800 lone high", "lone low \udc00", "nul\u0000byte", "日本語と絵文字🎮"]) {
      const msg = userMessage(text);
      const line = serializeOutbound(msg);
      oneValidLine(line, msg);
      expect(line.split("\n")).toHaveLength(2);
    }
  });

  it("serializes a 10 MB message as one line", () => {
    const text = "Unity ログ\n".repeat(1024 * 1024);
    const msg = userMessage(text);
    const line = serializeOutbound(msg);
    expect(line.indexOf("\n")).toBe(line.length - 1);
    expect(JSON.parse(line).message.content[0].text).toBe(text);
  });

  it("refuses messages that do not match the schema, with a typed error", () => {
    expect(() => serializeOutbound({ type: "user" } as unknown as Outbound)).toThrow(expect.objectContaining({ code: "invalid_outbound" }));
    expect(() => serializeOutbound(permissionAnswer("r1", { behavior: "deny", message: "  " }))).toThrow(expect.objectContaining({ code: "invalid_outbound" }));
    expect(() => serializeOutbound(controlRequest("r2", { subtype: "set_model", model: 3 } as never))).toThrow(expect.objectContaining({ code: "invalid_outbound" }));
  });
});

describe("StdinWriter", () => {
  it("writes messages in order and refuses after end()", async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
    const writer = new StdinWriter(stream);
    await Promise.all([writer.send(userMessage("one")), writer.send(userMessage("two")), writer.send(controlRequest("req_1", { subtype: "interrupt" }))]);
    const lines = chunks
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.message?.content?.[0]?.text ?? l.request.subtype)).toEqual(["one", "two", "interrupt"]);
    writer.end();
    await expect(writer.send(userMessage("three"))).rejects.toMatchObject({ code: "stdin_closed" });
  });

  it("hands a line to the stream at once when nothing is in flight, so a prompt leaves before the caller's next step", async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _enc, cb) => (lines.push(chunk.toString("utf8")), cb()) });
    const writer = new StdinWriter(stream);
    const sent = writer.send(userMessage("now"));
    expect(lines).toHaveLength(1); // before any await: same turn of the event loop
    expect(JSON.parse(lines[0]!).message.content[0].text).toBe("now");
    await sent;
  });

  it("keeps order when writes pile up behind a slow stream: each line waits for the previous one's callback", async () => {
    const lines: string[] = [];
    const callbacks: Array<() => void> = [];
    const stream = new Writable({ highWaterMark: 1, write: (chunk: Buffer, _enc, cb) => (lines.push(chunk.toString("utf8")), callbacks.push(() => cb())) });
    const writer = new StdinWriter(stream);
    const all = ["a", "b", "c"].map((t) => writer.send(userMessage(t)));
    expect(lines).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setImmediate(r));
      callbacks.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(all);
    expect(lines.map((l) => JSON.parse(l).message.content[0].text)).toEqual(["a", "b", "c"]);
    // Idle again: the next line goes out at once.
    void writer.send(userMessage("d"));
    expect(lines).toHaveLength(4);
  });

  it("rejects a malformed message synchronously without writing anything", async () => {
    const stream = new PassThrough();
    let written = 0;
    stream.on("data", () => written++);
    const writer = new StdinWriter(stream);
    expect(() => writer.send({ type: "bogus" } as unknown as Outbound)).toThrow(expect.objectContaining({ code: "invalid_outbound" }));
    await new Promise((r) => setImmediate(r));
    expect(written).toBe(0);
  });
});
