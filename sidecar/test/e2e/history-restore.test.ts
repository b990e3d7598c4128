import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PanelHistory } from "../../src/bridge/hubs/history-service.js";
import type { ChatEvent, ChatEventOf } from "../../src/protocol/chat-events.js";
import { listSessions, loadSubagentTranscript, loadTranscript, transcriptDirFor } from "../../src/history/index.js";
import { say, startFakeApi, useTool, type FakeApi } from "../../../fixtures/fake-api/index.js";
import { claudeBinary, makeSandbox, spawnClaude, type CliMessage, type RawCli, type Sandbox } from "./harness.js";

// Restore against transcripts OUR runs of the real claude binary wrote (not the reference copies):
// the fake model makes the CLI start a foreground subagent through the Agent tool, and a second
// session is compacted with /compact (the fake answers the CLI's summary request). Then the
// history index lists both, the loader restores them, and the subagent's own transcript loads on
// demand, through the loader and through the panel's history.subagent path.

const DELEGATE = "Delegate the input check to a subagent.";
const SUB_PROMPT = "Check which scripts read the jump input.";
const SUB_REPLY = "Subagent: only PlayerController reads the jump input.";
const SUMMARY_MARK = "Primary Request and Intent";

describe("restoring sessions the real CLI wrote", () => {
  let sandbox: Sandbox;
  let api: FakeApi;
  let subagentSession = "";
  let compactSession = "";

  beforeAll(async () => {
    sandbox = makeSandbox();
    api = await startFakeApi([
      {
        match: DELEGATE,
        answers: [
          useTool("Agent", { description: "Check jump input", prompt: SUB_PROMPT, subagent_type: "general-purpose", run_in_background: false }, { text: "Asking a subagent." }),
          say("The subagent found it: PlayerController."),
        ],
      },
      // The subagent's own requests carry its task prompt as their prompt.
      { match: SUB_PROMPT, answers: [useTool("Read", { file_path: `${sandbox.project}/ProjectSettings/ProjectVersion.txt` }, { text: "Reading the version." }), say(SUB_REPLY)] },
      { match: "Some history first", answers: [say("Here is some history.")] },
      { match: "After compact", answers: [say("Answer after the compaction.")] },
    ]);
    subagentSession = await runCli(sandbox, api, async (cli) => {
      cli.user(DELEGATE);
      await cli.next(isResult, 45_000, "the delegating turn's result");
    });
    compactSession = await runCli(sandbox, api, async (cli) => {
      cli.user("Some history first.");
      await cli.next(isResult, 20_000, "the first turn's result");
      cli.user("/compact");
      await cli.next(isResult, 30_000, "the /compact result");
      cli.user("After compact.");
      await cli.next(isResult, 20_000, "the post-compact result");
    });
  }, 150_000);

  afterAll(async () => {
    await api?.close();
    sandbox?.cleanup();
  });

  it("made the CLI run a subagent and a compaction against the fake model", () => {
    expect(api.requests.some((r) => r.kind === "subagent" && r.prompt?.includes(SUB_PROMPT) === true)).toBe(true);
    expect(api.requests.some((r) => r.kind === "compact")).toBe(true);
  });

  it("lists both sessions, the subagent one marked as having subagents", async () => {
    const list = await listSessions(sandbox.project, { home: sandbox.home, env: {}, stateDir: null });
    const byId = new Map(list.sessions.map((s) => [s.id, s]));
    expect(byId.get(subagentSession)).toMatchObject({ title: DELEGATE, hasSubagents: true });
    expect(byId.get(compactSession)).toMatchObject({ title: "Some history first.", hasSubagents: false });
  });

  it("restores the subagent session with its card, and loads the subagent's transcript lazily", async () => {
    const dir = transcriptDirFor(sandbox.project, {}, sandbox.home);
    const page = await loadTranscript(`${dir}/${subagentSession}.jsonl`);
    const card = of(page.events, "subagent").find((e) => e.toolUseId !== undefined)!;
    expect(card).toMatchObject({ description: "Check jump input", subagentType: "general-purpose", status: "completed" });
    const agentTool = of(page.events, "tool_started").find((e) => e.name === "Agent")!;
    expect(card.toolUseId).toBe(agentTool.toolUseId);
    // Nothing of the subagent's own work is in the parent page: it loads only when asked for.
    expect(page.events.some((e) => "parentToolUseId" in e && e.parentToolUseId === card.toolUseId)).toBe(false);

    const sub = await loadSubagentTranscript(`${dir}/${subagentSession}.jsonl`, card.taskId);
    if (sub.missing) throw new Error("the subagent transcript was not written");
    expect(sub.info).toMatchObject({ agentId: card.taskId, toolUseId: card.toolUseId, description: "Check jump input" });
    expect(of(sub.page.events, "tool_finished")).toEqual([expect.objectContaining({ name: "Read", isError: false, parentToolUseId: card.toolUseId })]);
    const texts = of(sub.page.events, "message_final").flatMap((e) => e.blocks.map((b) => b.text));
    expect(texts).toContain(SUB_REPLY);

    const history = new PanelHistory({ project: sandbox.project, home: sandbox.home, env: {}, stateDir: null, render: () => ({}) });
    try {
      const panel = await history.subagent(subagentSession, { toolUseId: card.toolUseId }, undefined, false);
      expect(panel).toMatchObject({ agentId: card.taskId, missing: false, cursor: null });
      expect(panel.events.length).toBe(sub.page.events.length);
    } finally {
      await history.close();
    }
  });

  it("restores the compacted session with the boundary, the summary and the turns on both sides", async () => {
    const dir = transcriptDirFor(sandbox.project, {}, sandbox.home);
    const page = await loadTranscript(`${dir}/${compactSession}.jsonl`);
    const codes = of(page.events, "notice").map((n) => n.code);
    expect(codes).toContain("compacted");
    expect(codes).toContain("compact_summary");
    const summary = of(page.events, "notice").find((n) => n.code === "compact_summary")!;
    expect(JSON.stringify(summary.data)).toContain(SUMMARY_MARK);
    const order = page.events.flatMap((e) => (e.type === "user_message" ? [e.text] : e.type === "notice" && e.code === "compacted" ? ["<boundary>"] : []));
    // The CLI writes the boundary (and the summary) before the echo of the /compact command itself.
    expect(order).toEqual(["Some history first.", "<boundary>", "/compact", "After compact."]);
    const finals = of(page.events, "message_final").flatMap((e) => e.blocks.map((b) => b.text));
    expect(finals).toEqual(expect.arrayContaining(["Here is some history.", "Answer after the compaction."]));
  });
});

const isResult = (m: CliMessage): boolean => m.type === "result";

/** Run one CLI process through `drive` (allowing every tool it asks about); returns its session id. */
async function runCli(sandbox: Sandbox, api: FakeApi, drive: (cli: RawCli) => Promise<void>): Promise<string> {
  const cli = spawnClaude(claudeBinary(), { cwd: sandbox.project, env: sandbox.env(api.url) });
  let session = "";
  cli.onMessage((m) => {
    if (typeof m.session_id === "string" && m.session_id !== "") session = m.session_id;
    const request = m.request as { subtype?: string; input?: Record<string, unknown> } | undefined;
    if (m.type === "control_request" && request?.subtype === "can_use_tool") cli.respond(m.request_id as string, { behavior: "allow", updatedInput: request.input ?? {} });
  });
  try {
    cli.control("req_1", { subtype: "initialize" });
    await drive(cli);
  } finally {
    await cli.end(10_000);
  }
  if (session === "") throw new Error(`the CLI reported no session id; stderr: ${cli.stderr.slice(-500)}`);
  return session;
}

function of<T extends ChatEvent["type"]>(events: ChatEvent[], type: T): ChatEventOf<T>[] {
  return events.filter((e): e is ChatEventOf<T> => e.type === type);
}
