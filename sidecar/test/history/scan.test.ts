import { appendFileSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFs } from "../../src/history/fsio.js";
import { lineKind, stringField, linesOf as windowLines } from "../../src/history/lines.js";
import { scanTranscript } from "../../src/history/scan.js";
import { CONFIG_DIR, GAME_DIR, linesOf, tempDir, transcript } from "./helpers.js";

const scan = (file: string) => scanTranscript(nodeFs, file, statSync(file).size);

/** Write lines (strings are written as-is, objects as JSON) to a temp transcript. */
function file(lines: Array<string | object>, end = "\n"): string {
  const path = join(tempDir(), "s.jsonl");
  writeFileSync(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + end);
  return path;
}
const user = (content: unknown, extra: object = {}) => ({
  parentUuid: null,
  isSidechain: false,
  type: "user",
  message: { role: "user", content },
  uuid: "u-" + Math.random(),
  timestamp: "2026-01-01T00:00:00.000Z",
  cwd: "/p",
  gitBranch: "main",
  sessionId: "s",
  ...extra,
});
const assistant = (text: string, model = "claude-x") => ({
  parentUuid: null,
  isSidechain: false,
  message: { id: "m1", type: "message", role: "assistant", model, content: [{ type: "text", text }], stop_reason: "end_turn" },
  type: "assistant",
  uuid: "a1",
  timestamp: "2026-01-01T00:01:00.000Z",
});

describe("scanTranscript on real CLI transcripts", () => {
  it("reads the first and last prompt, model, place and times", async () => {
    const r = await scan(transcript("text").file);
    expect(r.firstPrompt).toMatch(/^Say hello\. FAKE:/);
    expect(r.lastPrompt).toBe("And now without any directive.");
    expect(r).toMatchObject({ model: "claude-opus-5-5", cwd: "/home/dev/projects/MyGame", gitBranch: "HEAD" });
    expect(Date.parse(r.lastTimestamp!)).toBeGreaterThan(Date.parse(r.createdAt!));
    expect(r.warning).toBeUndefined();
  });

  it("skips compaction summaries, command echoes and interruption markers when picking prompts", async () => {
    expect(await scan(transcript("compact").file)).toMatchObject({ firstPrompt: expect.stringMatching(/^Some history first/), lastPrompt: expect.stringMatching(/^After compact/) });
    expect((await scan(transcript("interrupt").file)).lastPrompt).toMatch(/^After the interrupt/);
  });

  it("names the model the session switched to", async () => {
    expect((await scan(transcript("controls").file)).model).toBe("claude-sonnet-4-5");
  });

  it("counts messages exactly in small files and estimates them in large ones", async () => {
    const small = transcript("sigterm").file; // 88 KB: read whole
    expect(await scan(small)).toMatchObject({ messageCount: 1, messageCountExact: true });
    const big = await scan(transcript("tool-allow").file);
    expect(big.messageCountExact).toBe(false);
    expect(big.messageCount).toBeGreaterThan(4);
    expect(big.messageCount).toBeLessThan(20); // 9 in fact
  });

  it("tells every line's type from its first bytes", async () => {
    const dirs = [GAME_DIR, join(CONFIG_DIR, "projects", "-home-dev-projects-enc-Dir-With-Space-v1-x--n-")];
    let checked = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(dir).filter((n) => n.endsWith(".jsonl"))) {
        const buf = readFileSync(join(dir, name));
        for (const line of windowLines({ buf, base: 0, size: buf.length }, false)) {
          const type = JSON.parse(buf.toString("utf8", line.start, line.end)).type as string;
          expect(lineKind(buf, line).replace("model-attachment", "attachment")).toBe(type);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("tells odd lines apart by the same rules: attachment key, then user over assistant over system, then the reply's role", () => {
    const kind = (text: string, complete = true) => {
      const buf = Buffer.from(text);
      return lineKind(buf, { start: 0, end: buf.length, complete, terminated: true });
    };
    expect(kind('{"type":"last-prompt","lastPrompt":"x"}')).toBe("last-prompt");
    expect(kind(`{"type":"${"x".repeat(70)}"}`)).toBe("unknown"); // no bookkeeping type is that long
    expect(kind('{"type":"","x":1}')).toBe("unknown");
    expect(kind('{"type":"cost-st', false)).toBe("unknown"); // cut inside the type
    const cut = Buffer.from('{"type":"cost-state","a":1}\n{"b":2}');
    expect(lineKind(cut, { start: 0, end: 14, complete: false, terminated: false })).toBe("unknown"); // its quote lies past the line's end
    expect(lineKind(cut, { start: 0, end: 27, complete: true, terminated: true })).toBe("cost-state");
    expect(kind('{"a":1,"type":"system","m":{"type":"user"}}')).toBe("user"); // user wins wherever it is
    expect(kind('{"a":1,"type":"system","m":{"type":"assistant"}}')).toBe("assistant");
    expect(kind('{"a":1,"m":{"type":"message","role":"assistant"}}', false)).toBe("assistant");
    expect(kind('{"a":1,"attachment":{"type":"date"},"type":"user"}')).toBe("attachment");
    expect(kind('{"a":1,"attachment":{"kind":1},"x":{"attachment":{"type":"model"}}}')).toBe("model-attachment");
    expect(kind('{"a":1,"text":"say \\"type\\":\\"user\\""}', false)).toBe("unknown"); // inside a string: escaped
    expect(kind('{"a":1,"type":"users"}', false)).toBe("unknown");
    expect(kind(`{"pad":"${"p".repeat(320)}","type":"user"}`, false)).toBe("unknown"); // past the first 320 bytes
    expect(kind(`{"pad":"${"p".repeat(320)}","type":"user"}`)).toBe("user"); // unless the whole short line says so
  });

  it("reads one string field in place, escapes and all, and nothing from a cut value", () => {
    const field = (text: string, last = false) => {
      const buf = Buffer.from(text);
      return stringField(buf, 0, buf.length, "v", last);
    };
    const tricky = 'say \\"hi\\" \\\\ done';
    expect(field(JSON.stringify({ v: 'a "quoted" \\ path\\' }))).toBe('a "quoted" \\ path\\');
    expect(field(JSON.stringify({ v: tricky, w: 1 }))).toBe(tricky);
    expect(field(JSON.stringify({ v: "プレイヤー\n" }))).toBe("プレイヤー\n");
    expect(field('{"v":"first","x":{"v":"second"}}', true)).toBe("second");
    expect(field('{"v":"cut here \\"')).toBeUndefined(); // the only quote is escaped: the value runs past the window
    expect(field('{"v":"ends in a backslash\\\\"}')).toBe("ends in a backslash\\");
  });
});

describe("titles and prompts", () => {
  it("prefers the CLI's custom title, then its AI title, then a summary", async () => {
    const base = [user([{ type: "text", text: "Fix the jump" }]), assistant("ok")];
    expect(await scan(file([{ type: "summary", summary: "Old summary", leafUuid: "x" }, ...base]))).toMatchObject({ summary: "Old summary", firstPrompt: "Fix the jump" });
    const all = await scan(file([...base, { type: "ai-title", aiTitle: "Jump fix" }, { type: "custom-title", customTitle: "My title" }]));
    expect(all).toMatchObject({ aiTitle: "Jump fix", customTitle: "My title" });
  });

  it("never takes a reminder, meta line, tool result or interruption as the first prompt", async () => {
    const r = await scan(
      file([
        user("<system-reminder>\nremember\n</system-reminder>"),
        user("caveat", { isMeta: true }),
        user([{ type: "tool_result", tool_use_id: "t", content: "out" }]),
        user([{ type: "text", text: "[Request interrupted by user]" }]),
        user("<command-name>/context</command-name>\n<command-message>context</command-message>\n<command-args></command-args>"),
        user([
          { type: "text", text: "  The real\n question  " },
          { type: "text", text: '<context label="Selection">\nPlayer\n</context>' },
        ]),
      ]),
    );
    expect(r.firstPrompt).toBe("The real question");
    expect(r.firstCommand).toBe("/context");
  });

  it("keeps a command as the only title material of a command-only session", async () => {
    const r = await scan(file([user("<command-name>/compact</command-name>\n<command-args>keep code</command-args>"), user("<local-command-stdout>Compacted</local-command-stdout>")]));
    expect(r.firstPrompt).toBeUndefined();
    expect(r.firstCommand).toBe("/compact keep code");
  });

  it("shortens long prompts to one line of 200 characters", async () => {
    const r = await scan(file([user("word ".repeat(100))]));
    expect(r.firstPrompt!.length).toBeLessThanOrEqual(200);
    expect(r.firstPrompt!.endsWith("…")).toBe(true);
  });
});

describe("damaged and unusual files", () => {
  it("lists an empty file with a warning", async () => {
    expect(await scan(file([], ""))).toMatchObject({ messageCount: 0, messageCountExact: true, warning: expect.stringMatching(/empty/) });
  });

  it("ignores a truncated last line but says so", async () => {
    const path = file([user("hello"), assistant("hi"), '{"parentUuid":"a1","type":"assistant","message":{"id":"m2","con'], "");
    const r = await scan(path);
    expect(r).toMatchObject({ firstPrompt: "hello", model: "claude-x" });
    expect(r.warning).toMatch(/last line is incomplete/);
    expect(r.warning).not.toMatch(/not valid JSON/);
  });

  it("passes over line types it does not know", async () => {
    const r = await scan(file([{ type: "future-record", data: { type: "user" } }, { weird: true }, "[1,2]", user("hello"), { type: "another-new-thing" }]));
    expect(r.firstPrompt).toBe("hello");
    expect(r.warning).toBeUndefined();
  });

  it("reports lines that are not JSON, including non-UTF-8 bytes, and keeps going", async () => {
    const path = join(tempDir(), "bin.jsonl");
    const line = Buffer.from(JSON.stringify(user("café")));
    const e = line.indexOf(Buffer.from("é"));
    line[e] = 0xff; // "é" is two bytes in UTF-8: make both invalid
    line[e + 1] = 0xfe;
    writeFileSync(path, Buffer.concat([line, Buffer.from("\n"), Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0a]), Buffer.from(JSON.stringify(assistant("hi")) + "\n")]));
    const r = await scan(path);
    expect(r.firstPrompt).toBe("caf\ufffd\ufffd");
    expect(r.model).toBe("claude-x");
    expect(r.warning).toBeUndefined(); // the binary line is not a record we needed to parse
  });

  it("takes the start of a first prompt that is larger than the head window, and does not call the session damaged", async () => {
    const big = "Please look at this log: " + "x".repeat(200_000);
    const r = await scan(file([user([{ type: "text", text: big }]), assistant("done"), { type: "last-prompt", lastPrompt: "Please look" }]));
    expect(r.firstPrompt).toMatch(/^Please look at this log: x+…$/);
    expect(r).toMatchObject({ lastPrompt: "Please look", model: "claude-x" });
    expect(r.warning).toBeUndefined();
    const exactly = await scan(file([user([{ type: "text", text: "y".repeat(64 * 1024) }]), assistant("ok")]));
    expect(exactly.firstPrompt).toMatch(/^y+…$/);
    expect(exactly.warning).toBeUndefined();
  });

  it("survives a file that is one huge line", async () => {
    const path = file(["x".repeat(300_000)], "");
    const r = await scan(path);
    expect(r.firstPrompt).toBeUndefined();
    expect(r.warning).toMatch(/damaged/);
  });

  it("stays consistent when the file grows or shrinks while it is read", async () => {
    const path = join(tempDir(), "live.jsonl");
    writeFileSync(path, linesOf(transcript("tool-allow").file).join("\n") + "\n");
    const size = statSync(path).size;
    appendFileSync(path, JSON.stringify(user("appended later")) + "\n" + '{"type":"assis');
    const grown = await scanTranscript(nodeFs, path, size); // stat said `size`: the appended bytes are not looked at
    expect(grown.lastPrompt).toMatch(/^Write a file/);
    expect(grown.warning).toBeUndefined();
    truncateSync(path, 100_000);
    const shrunk = await scanTranscript(nodeFs, path, size);
    expect(shrunk.firstPrompt).toMatch(/^Run a command/);
    expect(shrunk.warning).toMatch(/shrank/);
  });
});
