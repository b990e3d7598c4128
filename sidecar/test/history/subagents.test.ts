import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasCode } from "../../src/shared/errors.js";
import { listSubagents, loadSubagentTranscript } from "../../src/history/subagents.js";
import { copyOfGameDir, transcript } from "./helpers.js";

const AGENT = "a46d31f47e0595601";
const AGENT_TOOL = "toolu_fake_554d98bf59a130961d";

describe("subagent transcripts", () => {
  it("lists a session's subagents from their meta files", async () => {
    expect(await listSubagents(transcript("subagent").file)).toEqual([
      { agentId: AGENT, description: "Sub task", agentType: "general-purpose", toolUseId: AGENT_TOOL, model: "claude-opus-5-5", background: true, finished: true },
    ]);
    expect(await listSubagents(transcript("text").file)).toEqual([]);
  });

  it("loads a subagent's messages and tools under its Agent tool call, on request", async () => {
    const result = await loadSubagentTranscript(transcript("subagent").file, AGENT, { turnId: "h-parent" });
    if (result.missing) throw new Error("expected the transcript");
    const events = result.page.events;
    expect(events.map((e) => e.type)).toEqual(["message_start", "message_final", "tool_started", "tool_finished", "message_start", "message_final"]);
    for (const e of events) expect(e).toMatchObject({ turnId: "h-parent", parentToolUseId: AGENT_TOOL });
    expect(events[3]).toMatchObject({ name: "Bash", decision: "accept", result: "(Bash completed with no output)" });
    expect(result.page.cursor).toBeNull();
  });

  it("answers with what is known when the transcript is missing", async () => {
    const dir = copyOfGameDir();
    const session = join(dir, `${transcript("subagent").sessionId}.jsonl`);
    rmSync(join(dir, transcript("subagent").sessionId, "subagents", `agent-${AGENT}.jsonl`));
    expect(await loadSubagentTranscript(session, AGENT)).toEqual({ missing: true, info: expect.objectContaining({ agentId: AGENT, description: "Sub task" }) });
    expect(await loadSubagentTranscript(session, "a0000000000000000")).toEqual({ missing: true, info: { agentId: "a0000000000000000" } });
  });

  it("refuses agent ids that could leave the folder", async () => {
    await expect(loadSubagentTranscript(transcript("subagent").file, "../x")).rejects.toSatisfy((e) => hasCode(e, "history_bad_agent_id"));
  });
});
