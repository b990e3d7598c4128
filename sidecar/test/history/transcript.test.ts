import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ChatEvent, ChatEventOf } from "../../src/protocol/chat-events.js";
import { Normalizer } from "../../src/claude/normalize.js";
import { hasCode } from "../../src/shared/errors.js";
import { parseInbound } from "../../src/protocol/claude/parse.js";
import { encodeCursor, loadTranscript } from "../../src/history/transcript.js";
import { linesOf, tempDir, transcript } from "./helpers.js";

const of = <T extends ChatEvent["type"]>(events: ChatEvent[], type: T) => events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);
const load = async (scenario: string) => (await loadTranscript(transcript(scenario).file)).events;

/**
 * What a chat shows, independent of streaming: finals, tool cards and their results, notices.
 * Live, a `<synthetic>` error reply gets a second, aborted final when the turn's result arrives;
 * history sends one final per message, so only the first final of a message counts here.
 */
function shown(events: ChatEvent[]): string[] {
  const finals = new Set<string>();
  return events.flatMap((e) => {
    if (e.type === "message_final" && finals.has(e.messageId)) return [];
    if (e.type === "message_final") finals.add(e.messageId);
    if (e.type === "message_final") return [`final ${e.messageId} ${e.parentToolUseId} ${e.aborted} ${e.blocks.map((b) => `${b.kind}:${b.text}`).join("|")}`];
    if (e.type === "tool_started") return [`tool ${e.toolUseId} ${e.name} ${e.summary}`];
    if (e.type === "tool_finished") return [`done ${e.toolUseId} ${e.name} ${e.isError} ${e.decision} ${e.result}`];
    if (e.type === "notice") return [`notice ${e.code}`];
    return [];
  });
}

/** The live events of a reference capture (the CLI's stdout for the same session). */
function live(scenario: string): ChatEvent[] {
  const n = new Normalizer();
  for (let i = 0; i < 10; i++) n.turns.enqueue();
  const file = join(import.meta.dirname, "../../../fixtures/reference/cli-2.1.332", `${scenario}.jsonl`);
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((l) => n.handle(parseInbound(JSON.parse(l))));
}

/** Several recorded sessions one after another: a 17-turn transcript. */
function longTranscript(): string {
  const scenarios = ["tool-allow", "interrupt", "tool-deny", "api-error", "ask-user", "interrupt-permission", "tool-parallel", "thinking", "queue"];
  const path = join(tempDir(), "long.jsonl");
  writeFileSync(path, scenarios.flatMap((s) => linesOf(transcript(s).file)).join("\n") + "\n");
  return path;
}

describe("loadTranscript renders history like the live chat", () => {
  it.each([
    "text",
    "thinking",
    "tool-allow",
    "tool-deny",
    "always-allow",
    "interrupt",
    "interrupt-permission",
    "queue",
    "controls",
    "api-error",
    "ask-user",
    "tool-parallel",
    "eof-midturn",
    "sigterm",
    "encoding",
  ])("%s: the same messages, tool cards, results and decisions as the CLI's stdout", async (scenario) => {
    expect(shown(await load(scenario))).toEqual(shown(live(scenario)));
  });

  it("opens each turn with the prompt, and closes it with a result built from the records", async () => {
    const events = await load("tool-allow");
    expect(events.slice(0, 2)).toEqual([
      { type: "user_message", turnId: expect.stringMatching(/^h-/), text: expect.stringMatching(/^Run a command\./), queued: false, attachments: 0 },
      { type: "turn_started", turnId: events[0]!.type === "user_message" ? events[0]!.turnId : "", prompted: true },
    ]);
    const results = of(events, "turn_result");
    expect(results).toHaveLength(2);
    expect(results[0]).toMatchObject({ ok: true, subtype: "history", terminalReason: "completed", errors: [], denials: [] });
    expect(results[0]!.usage.output).toBeGreaterThan(0);
    expect(results[0]!.durationMs).toBeGreaterThan(0);
    expect(of(events, "tool_finished").map((t) => t.decision)).toEqual(["accept", "accept"]);
  });

  it("marks interrupted turns and the reply that was cut off", async () => {
    const events = await load("interrupt");
    expect(of(events, "message_final")[0]).toMatchObject({ aborted: true, blocks: [{ kind: "text", text: "word0 word1 word2 " }] });
    expect(of(events, "turn_result").map((r) => [r.terminalReason, r.status, r.ok])).toEqual([
      ["aborted_streaming", "interrupted", false],
      ["completed", "completed", true],
    ]);
  });

  it.each([
    ["interrupt", 2],
    ["interrupt-permission", 2],
    ["tool-deny", 3],
  ])("%s: each turn has the status, terminal reason and input tokens it had live", async (scenario, prompts) => {
    const n = new Normalizer();
    for (let i = 0; i < prompts; i++) n.turns.enqueue();
    const file = join(import.meta.dirname, "../../../fixtures/reference/cli-2.1.332", `${scenario}.jsonl`);
    const liveResults = of(
      readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .flatMap((l) => n.handle(parseInbound(JSON.parse(l)))),
      "turn_result",
    );
    const historyResults = of(await load(scenario), "turn_result");
    const facts = (r: ChatEventOf<"turn_result">) => [r.status, r.ok, r.terminalReason, r.errors];
    expect(historyResults.map(facts)).toEqual(liveResults.map(facts));
    // The interrupted turn's tokens are real on both sides (the CLI's result itself says 0).
    const interrupted = liveResults.findIndex((r) => r.status === "interrupted");
    expect(liveResults[interrupted]!.usage.input).toBeGreaterThan(0);
    expect(historyResults[interrupted]!.usage.input).toBe(liveResults[interrupted]!.usage.input);
  });

  it("gives an interrupted reply the output tokens claude counted, not the 1 its cut-off record says", async () => {
    // The transcript's record of the cut-off message keeps message_start's usage; the run's
    // cost-state line has the real total, and the difference is the interrupted reply's.
    const n = new Normalizer();
    n.turns.enqueue();
    n.turns.enqueue();
    const file = join(import.meta.dirname, "../../../fixtures/reference/cli-2.1.332", "interrupt.jsonl");
    const liveResults = of(
      readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .flatMap((l) => n.handle(parseInbound(JSON.parse(l)))),
      "turn_result",
    );
    const historyResults = of(await load("interrupt"), "turn_result");
    expect(liveResults[0]!.usage.output).toBeGreaterThan(1);
    expect(historyResults.map((r) => r.usage.output)).toEqual(liveResults.map((r) => r.usage.output));
  });

  it("ends a turn claude refused for want of a login with the live chat's not_logged_in notice", async () => {
    const events = await load("nocreds");
    expect(of(events, "turn_result")).toEqual([]);
    expect(of(events, "message_final")).toEqual([]);
    expect(of(events, "notice")).toEqual([
      expect.objectContaining({ code: "not_logged_in", level: "error", data: { turnId: events[0]!.type === "user_message" ? events[0]!.turnId : "", detail: "Not logged in · Please run /login" } }),
    ]);
  });

  it("records denied tools on the tool card and in the turn's result", async () => {
    const events = await load("tool-deny");
    expect(of(events, "tool_finished")[0]).toMatchObject({ name: "Write", isError: true, decision: "reject" });
    expect(of(events, "turn_result")[0]!.denials).toEqual([{ toolName: "Write", toolUseId: of(events, "tool_finished")[0]!.toolUseId }]);
  });

  it("shows compaction, its summary and slash commands with their output", async () => {
    const events = await load("compact");
    expect(of(events, "notice").map((n) => n.code)).toEqual(["compacted", "compact_summary", "command_output"]);
    expect(of(events, "notice")[0]!.data).toMatchObject({ preTokens: 2568, postTokens: 2563 });
    expect(of(events, "user_message").map((m) => m.text)).toEqual([expect.stringMatching(/^Some history/), "/compact", "/context", expect.stringMatching(/^After compact/)]);
    // /context's output is a <synthetic> reply, as it is live
    expect(of(events, "message_final").some((f) => f.blocks[0]?.text.startsWith("## Context Usage"))).toBe(true);
    expect(of(events, "turn_result").every((r) => r.ok)).toBe(true);
  });

  it("reports API errors and retries", async () => {
    const events = await load("api-error");
    expect(of(events, "turn_result").map((r) => r.terminalReason)).toEqual(["api_error", "completed"]);
    expect(of(events, "turn_result")[0]!.errors).toEqual(["API Error: 400 fake: prompt is malformed"]);
    expect(of(events, "notice")[0]).toMatchObject({ code: "api_retry", data: { attempt: 1, status: 529 } });
  });

  it("links Agent tool calls to their subagents and reports background completions", async () => {
    const events = await load("subagent");
    expect(of(events, "subagent")).toEqual([
      expect.objectContaining({ taskId: "a46d31f47e0595601", status: "running", background: true, description: "Sub task", subagentType: "general-purpose" }),
      expect.objectContaining({ taskId: "a46d31f47e0595601", status: "completed" }),
    ]);
    expect(of(events, "turn_started").map((t) => t.prompted)).toEqual([true, false]);
    // the subagent's own messages are not inlined; they load on demand
    expect(events.every((e) => !("parentToolUseId" in e) || e.parentToolUseId === null)).toBe(true);
  });

  it("leaves a turn without a reply incomplete", async () => {
    expect(of(await load("sigterm"), "turn_result")).toEqual([expect.objectContaining({ ok: false, terminalReason: "incomplete" })]);
  });
});

describe("paging", () => {
  it("returns the newest turns first and older pages by cursor, adding up to the whole transcript", async () => {
    const file = longTranscript();
    const whole = await loadTranscript(file, { turns: 1000 });
    expect(whole).toMatchObject({ cursor: null, start: 0, turns: 17 });
    const pages = [];
    let cursor: string | undefined;
    do {
      const page = await loadTranscript(file, { turns: 3, cursor });
      expect(page.turns).toBeLessThanOrEqual(3);
      pages.push(page);
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(pages).toHaveLength(6);
    expect(pages[0]!.end).toBe(statSync(file).size);
    for (let i = 1; i < pages.length; i++) expect(pages[i]!.end).toBe(pages[i - 1]!.start);
    expect(pages.reverse().flatMap((p) => p.events)).toEqual(whole.events);
  });

  it("keeps every tool call with its result on one page, and turn ids stable across pages", async () => {
    const file = longTranscript();
    const page = await loadTranscript(file, { turns: 4 });
    const started = new Set(of(page.events, "tool_started").map((t) => t.toolUseId));
    expect(of(page.events, "tool_finished").every((t) => started.has(t.toolUseId) && t.name !== "unknown")).toBe(true);
    const ids = of(page.events, "user_message").map((m) => m.turnId);
    expect(new Set(ids).size).toBe(4);
    const again = await loadTranscript(file, { turns: 2 });
    expect(of(again.events, "user_message").map((m) => m.turnId)).toEqual(ids.slice(2));
  });

  it("splits a turn that is larger than the page budget, covering every byte once", async () => {
    const file = longTranscript();
    const ranges: Array<[number, number]> = [];
    let cursor: string | undefined;
    let midTurn = false;
    do {
      const page = await loadTranscript(file, { maxBytes: 20_000, cursor });
      ranges.push([page.start, page.end]);
      midTurn ||= page.startsMidTurn;
      cursor = page.cursor ?? undefined;
    } while (cursor);
    expect(midTurn).toBe(true);
    ranges.reverse();
    expect(ranges[0]![0]).toBe(0);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
    expect(ranges.at(-1)![1]).toBe(statSync(file).size);
  });

  it("refuses a cursor that does not point at a record boundary", async () => {
    const file = transcript("text").file;
    await expect(loadTranscript(file, { cursor: "garbage" })).rejects.toSatisfy((e) => hasCode(e, "history_bad_cursor"));
    await expect(loadTranscript(file, { cursor: encodeCursor(10) })).rejects.toSatisfy((e) => hasCode(e, "history_bad_cursor"));
    await expect(loadTranscript(file, { cursor: encodeCursor(10 ** 9) })).rejects.toSatisfy((e) => hasCode(e, "history_bad_cursor"));
  });

  it("says when the transcript is gone", async () => {
    await expect(loadTranscript(join(tempDir(), "gone.jsonl"))).rejects.toSatisfy((e) => hasCode(e, "history_not_found"));
  });
});

describe("damaged transcripts", () => {
  it("leaves out a cut last record and broken records, and says so", async () => {
    const path = join(tempDir(), "cut.jsonl");
    const lines = linesOf(transcript("text").file);
    lines.splice(5, 0, '{"type":"user","message":{"role":"user","content":"oops"'); // a whole but broken record
    writeFileSync(path, lines.join("\n") + "\n");
    appendFileSync(path, '{"parentUuid":"x","type":"assistant","message":{"id":"m9","role":"assist');
    const page = await loadTranscript(path);
    expect(page.warnings).toEqual([expect.stringMatching(/1 record is not valid JSON/), expect.stringMatching(/last record is incomplete/)]);
    expect(shown(page.events)).toEqual(shown(await load("text")));
  });

  it("restores an empty transcript as nothing", async () => {
    const path = join(tempDir(), "empty.jsonl");
    writeFileSync(path, "");
    expect(await loadTranscript(path)).toMatchObject({ events: [], cursor: null, turns: 0, warnings: [] });
  });

  it("skips records too large to hold, without losing the rest", async () => {
    const path = join(tempDir(), "huge.jsonl");
    const lines = linesOf(transcript("tool-allow").file);
    const huge = JSON.stringify({ type: "attachment", attachment: { type: "blob", data: "z".repeat(300_000) } });
    writeFileSync(path, [...lines.slice(0, 20), huge, ...lines.slice(20)].join("\n") + "\n");
    const page = await loadTranscript(path, { maxRecordBytes: 100_000 });
    expect(page.warnings).toEqual([expect.stringMatching(/1 record larger than/)]);
    expect(shown(page.events)).toEqual(shown(await load("tool-allow")));
  });
});
