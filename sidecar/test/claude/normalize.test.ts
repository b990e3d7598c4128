import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Normalizer } from "../../src/claude/normalize.js";
import type { ChatEvent } from "../../src/protocol/chat-events.js";
import { parseInbound } from "../../src/protocol/claude/parse.js";

const dir = join(import.meta.dirname, "../../../fixtures/reference/cli-2.1.332");

/** Run a reference capture through a Normalizer, with `prompts` sent up front. */
function replay(name: string, prompts: number): ChatEvent[] {
  const n = new Normalizer();
  for (let i = 0; i < prompts; i++) n.turns.enqueue();
  const lines = readFileSync(join(dir, `${name}.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean);
  return lines.flatMap((l) => n.handle(parseInbound(JSON.parse(l))));
}
const of = <T extends ChatEvent["type"]>(events: ChatEvent[], type: T) => events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);

describe("Normalizer on real captures", () => {
  it("streams text deltas that add up to the final text, within one prompted turn", () => {
    const events = replay("text", 1);
    const started = of(events, "turn_started");
    expect(started[0]).toMatchObject({ turnId: "t1", prompted: true });
    const deltas = of(events, "message_delta").filter((d) => d.turnId === "t1");
    const finals = of(events, "message_final").filter((f) => f.turnId === "t1");
    expect(deltas.length).toBeGreaterThan(1);
    expect(finals).toHaveLength(1);
    expect(deltas.map((d) => d.text).join("")).toBe(finals[0]!.blocks.map((b) => b.text).join(""));
    expect(of(events, "turn_result")[0]).toMatchObject({ turnId: "t1", ok: true, subtype: "success" });
  });

  it("keeps thinking separate from text", () => {
    const events = replay("thinking", 1);
    const final = of(events, "message_final")[0]!;
    expect(final.blocks.map((b) => b.kind)).toEqual(["thinking", "text"]);
    expect(of(events, "message_delta").some((d) => d.kind === "thinking")).toBe(true);
  });

  it("reports a tool from start to finish with its decision and duration", () => {
    const events = replay("tool-allow", 1);
    const started = of(events, "tool_started");
    const finished = of(events, "tool_finished");
    expect(started.length).toBeGreaterThan(0);
    expect(started[0]!.summary).toMatch(/^\w+: /);
    expect(finished.map((f) => f.toolUseId)).toEqual(started.map((s) => s.toolUseId));
    expect(finished[0]).toMatchObject({ isError: false, decision: "accept", decidedBy: "user" });
    expect(finished[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("names a saved always-allow rule as the decider of a call claude allowed by itself", () => {
    const finished = of(replay("always-allow", 2), "tool_finished");
    expect(finished.map((f) => f.decidedBy)).toEqual(["user", "rule"]);
  });

  it("marks the interrupted message as aborted and keeps the next turn clean", () => {
    const events = replay("interrupt", 2);
    const results = of(events, "turn_result");
    expect(results.map((r) => [r.turnId, r.ok, r.terminalReason])).toEqual([
      ["t1", false, "aborted_streaming"],
      ["t2", true, "completed"],
    ]);
    const t1Final = of(events, "message_final").filter((f) => f.turnId === "t1");
    expect(t1Final.at(-1)!.aborted).toBe(true);
    const t2Text = of(events, "message_final")
      .filter((f) => f.turnId === "t2")
      .flatMap((f) => f.blocks.map((b) => b.text))
      .join("");
    expect(t2Text).toContain("Back after interrupt");
    // Nothing of turn 1 arrives after turn 2 started.
    const t2Start = events.findIndex((e) => e.type === "turn_started" && e.turnId === "t2");
    expect(events.slice(t2Start).some((e) => "turnId" in e && e.turnId === "t1")).toBe(false);
  });

  it("gives a queued prompt its own turn", () => {
    const events = replay("queue", 2);
    const finals = of(events, "message_final");
    expect(finals.map((f) => [f.turnId, f.blocks[0]!.text.slice(0, 6)])).toEqual([
      ["t1", "first "],
      ["t2", "second"],
    ]);
  });

  it("attributes background subagent output to its parent turn and opens an unprompted turn", () => {
    const events = replay("subagent", 1);
    const agentTool = of(events, "tool_started").find((t) => t.name === "Agent")!;
    const subMessages = of(events, "message_final").filter((f) => f.parentToolUseId === agentTool.toolUseId);
    expect(subMessages.length).toBeGreaterThan(0);
    expect(subMessages.every((m) => m.turnId === "t1")).toBe(true);
    expect(of(events, "turn_started").map((t) => [t.turnId, t.prompted])).toEqual([
      ["t1", true],
      ["u1", false],
    ]);
    expect(of(events, "turn_result").map((r) => r.turnId)).toEqual(["t1", "u1"]);
    expect(of(events, "subagent").some((s) => s.status === "completed")).toBe(true);
  });

  it("reports an interrupted turn as interrupted, with the tokens the CLI counted and no internal diagnostics", () => {
    const events = replay("interrupt", 2);
    const [interrupted, next] = of(events, "turn_result");
    // The CLI's result says usage 0/0 and errors ["[ede_diagnostic] …"]; its per-turn model usage has the real figures.
    expect(interrupted).toMatchObject({ status: "interrupted", ok: false, errors: [], usage: { input: 2626, output: 6, cacheRead: 0, cacheCreation: 0 }, contextWindow: 1_000_000 });
    expect(next).toMatchObject({ status: "completed", ok: true, usage: { input: 2682, output: 12 } });
    expect(JSON.stringify(events)).not.toContain("ede_diagnostic");
    // Stopped at a tool ("Deny and stop", or interrupt while a permission is open): interrupted as well.
    expect(of(replay("interrupt-permission", 2), "turn_result").map((r) => [r.terminalReason, r.status])).toEqual([
      ["aborted_tools", "interrupted"],
      ["completed", "completed"],
    ]);
    expect(of(replay("tool-deny", 3), "turn_result").map((r) => [r.terminalReason, r.status, r.errors])).toEqual([
      ["completed", "completed", []],
      ["aborted_tools", "interrupted", []],
      ["completed", "completed", []],
    ]);
    expect(JSON.stringify([replay("interrupt-permission", 2), replay("tool-deny", 3)])).not.toContain("ede_diagnostic");
  });

  it("turns a refused login into one not_logged_in notice: no message, no turn result", () => {
    for (const [file, detail, key] of [
      [join(dir, "nocreds.jsonl"), "Not logged in · Please run /login", false],
      [join(dir, "../../captures/auth-refused.jsonl"), "Invalid API key · Fix external API key", true],
    ] as const) {
      const n = new Normalizer();
      n.turns.enqueue();
      const events = readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .flatMap((l) => n.handle(parseInbound(JSON.parse(l))));
      expect(events.filter((e) => e.type !== "init").map((e) => e.type)).toEqual(["turn_started", "notice"]);
      const notice = of(events, "notice")[0]!;
      expect(notice).toMatchObject({ level: "error", code: "not_logged_in", data: { turnId: "t1", detail } });
      expect(notice.message).toMatch(key ? /API key was refused/ : /is not logged in/);
      expect(notice.message).toMatch(/Run claude in a terminal|run claude in a terminal/);
      expect(n.turns.busy).toBe(false);
    }
  });

  it("says a retried 401 is a refused login, not a busy API", () => {
    // Recorded from claude 2.1.332 against the fake API answering 401 (retryable) to every request.
    const line = {
      type: "system",
      subtype: "api_retry",
      attempt: 3,
      max_retries: 10,
      retry_delay_ms: 2255,
      error_status: 401,
      error: "authentication_failed",
      session_id: "bf47c21e-b4c1-409a-98a5-e362dc8e6c99",
      uuid: "5f716653-52fb-44a4-8b41-c0c3b6726bd7",
    };
    const [retry] = new Normalizer().handle(parseInbound(line));
    expect(retry).toMatchObject({ type: "notice", code: "api_retry", message: "The API refused the login (401); retry 3 of 10 in 2.3 s." });
  });

  it("turns api_retry and compaction into notices", () => {
    expect(of(replay("api-error", 1), "notice").some((n) => n.code === "api_retry")).toBe(true);
    expect(of(replay("compact", 1), "notice").some((n) => n.code === "compacted")).toBe(true);
  });

  it("does not open a turn for claude's 'Set model to …' echo after a turn (set_model sends no result)", () => {
    const n = new Normalizer();
    n.turns.enqueue();
    const lines = readFileSync(join(dir, "controls.jsonl"), "utf8").split("\n").filter(Boolean);
    const events = lines.flatMap((l) => n.handle(parseInbound(JSON.parse(l))));
    expect(lines.some((l) => l.includes("Set model to"))).toBe(true);
    expect(of(events, "turn_started")).toEqual([{ type: "turn_started", turnId: "t1", prompted: true }]);
    expect(n.turns.busy).toBe(false);
  });

  it("ignores a local command's echo while a model switch is in flight, even with a prompt waiting", () => {
    const n = new Normalizer();
    n.turns.enqueue();
    n.modelSwitches = 1;
    const echo = {
      type: "user",
      message: { role: "user", content: "<local-command-stdout>Set model to `claude-sonnet-4-5`</local-command-stdout>" },
      session_id: "s",
      parent_tool_use_id: null,
      uuid: "u",
      isReplay: true,
    };
    expect(n.handle(parseInbound(echo))).toEqual([]);
    expect(n.turns.current).toBeNull();
  });

  it("still starts the turn of a queued /compact at its local command echo", () => {
    const events = replay("compact", 4);
    expect(of(events, "turn_started").slice(0, 2)).toEqual([
      { type: "turn_started", turnId: "t1", prompted: true },
      { type: "turn_started", turnId: "t2", prompted: true },
    ]);
  });

  it("reports the context window and cost in the turn result", () => {
    const result = of(replay("text", 1), "turn_result")[0]!;
    expect(result.contextWindow).toBeGreaterThan(0);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.usage.input).toBeGreaterThanOrEqual(0);
  });

  it("closes open tools and messages when the process is gone", () => {
    const n = new Normalizer();
    n.turns.enqueue();
    const lines = readFileSync(join(dir, "tool-allow.jsonl"), "utf8").split("\n").filter(Boolean);
    const cut = lines.findIndex((l) => l.includes('"can_use_tool"'));
    for (const l of lines.slice(0, cut)) n.handle(parseInbound(JSON.parse(l)));
    const closing = n.abandonAll("gone");
    expect(closing.some((e) => e.type === "tool_finished" && e.isError && e.result === "gone")).toBe(true);
    expect(n.runningMainTools).toBe(0);
  });
});
