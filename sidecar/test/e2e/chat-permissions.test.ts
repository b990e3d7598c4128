import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { say, useTool } from "../../../fixtures/fake-api/index.js";
import type { ChatEventOf } from "../../src/protocol/chat-events.js";
import { finalText, realChat, type RealChat } from "./real-chat.js";

// Permission prompts answered through the chat engine, on the real claude binary.

let r: RealChat | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

const permission = async (rc: RealChat) => (await rc.waitFor((e) => e.type === "permission_requested", 20_000)) as ChatEventOf<"permission_requested">;
const result = (rc: RealChat, turnId: string) => rc.waitFor((e) => e.type === "turn_result" && e.turnId === turnId, 20_000) as Promise<ChatEventOf<"turn_result">>;

describe("real claude: permissions", () => {
  it("applies an edited input when the user allows with changes", async () => {
    const target = (sb: { project: string }) => join(sb.project, "Assets", "Notes.txt");
    r = await realChat((sb) => [{ match: "Write the notes", answers: [useTool("Write", { file_path: target(sb), content: "proposed by the model\n" }), say("Written.")] }]);
    await r.chat.start();
    const turn = await r.chat.send("Write the notes");
    const req = await permission(r);
    expect(req.toolName).toBe("Write");
    expect(r.chat.state).toBe("waiting_permission");
    await r.chat.answerPermission(req.requestId, { kind: "allow", updatedInput: { ...req.input, content: "edited by the user\n" } });
    expect(await result(r, turn)).toMatchObject({ ok: true });
    expect(readFileSync(target(r.sandbox), "utf8")).toBe("edited by the user\n");
    expect(r.of("permission_resolved")[0]).toMatchObject({ requestId: req.requestId, outcome: "allowed", by: "user" });
    expect(r.of("tool_finished")[0]).toMatchObject({ name: "Write", isError: false, decidedBy: "user" });
  });

  it("denies with a message the model gets, and the turn goes on", async () => {
    r = await realChat([{ match: "Clean up", answers: [useTool("Bash", { command: "rm -rf Library", description: "clean" }), say("Understood, I will not delete it.")] }]);
    await r.chat.start();
    const turn = await r.chat.send("Clean up the project");
    const req = await permission(r);
    await r.chat.answerPermission(req.requestId, { kind: "deny", message: "Never delete the Library folder." });
    const res = await result(r, turn);
    expect(res).toMatchObject({ ok: true, denials: [expect.objectContaining({ toolName: "Bash" })] });
    expect(r.of("tool_finished")[0]).toMatchObject({ isError: true });
    expect(r.of("tool_finished")[0]!.result).toContain("Never delete the Library folder.");
    expect(finalText(r, turn)).toContain("I will not delete it");
    const seen = r.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? "")));
    expect(seen.some((t) => t.includes("Never delete the Library folder."))).toBe(true);
  });

  it("deny and stop ends the turn", async () => {
    r = await realChat([{ match: "Touch", answers: [useTool("Bash", { command: "touch never.txt", description: "touch" }), say("should not be reached")] }]);
    await r.chat.start();
    const turn = await r.chat.send("Touch a file");
    const req = await permission(r);
    await r.chat.answerPermission(req.requestId, { kind: "deny_stop" });
    // The CLI names the stop after what it was doing when the answer came: usually the tool
    // (aborted_tools), now and then the reply's stream still closing (aborted_streaming; seen once
    // in a CI run). Either way the turn reads as interrupted.
    const done = await result(r, turn);
    expect(done).toMatchObject({ ok: false, status: "interrupted" });
    expect(["aborted_tools", "aborted_streaming"]).toContain(done.terminalReason);
    expect(existsSync(join(r.sandbox.project, "never.txt"))).toBe(false);
    expect(finalText(r, turn)).not.toContain("should not be reached");
    await r.waitFor((e) => e.type === "state" && e.state === "ready");
  });

  it("always-allow persists the rule: the same command runs next time without a prompt", async () => {
    r = await realChat([{ match: "Mark", answers: [useTool("Bash", { command: "touch always-a.txt", description: "mark" }), say("Marked.")] }]);
    await r.chat.start();
    const first = await r.chat.send("Mark the project");
    const req = await permission(r);
    expect(req.suggestions.length).toBeGreaterThan(0);
    await r.chat.answerPermission(req.requestId, { kind: "allow_always" });
    expect(await result(r, first)).toMatchObject({ ok: true });
    const settings = JSON.parse(readFileSync(join(r.sandbox.project, ".claude", "settings.local.json"), "utf8"));
    expect(JSON.stringify(settings.permissions.allow)).toContain("touch always-a.txt");
    const second = await r.chat.send("Mark the project again");
    expect(await result(r, second)).toMatchObject({ ok: true });
    expect(r.of("permission_requested")).toHaveLength(1);
    expect(r.of("tool_finished").filter((t) => t.turnId === second && !t.isError)).toHaveLength(1);
    // The first call was the user's answer; the second ran under the saved rule.
    expect(r.of("tool_finished").map((t) => t.decidedBy)).toEqual(["user", "rule"]);
  });

  it("interrupt while a permission is pending withdraws the prompt and keeps the chat usable", async () => {
    r = await realChat([
      { match: "Needs permission", answers: [useTool("Bash", { command: "echo hi > out.txt", description: "write" }), say("done")] },
      { match: "Next", answers: [say("Fine after the interrupted permission.")] },
    ]);
    await r.chat.start();
    const turn = await r.chat.send("Needs permission");
    const req = await permission(r);
    await r.chat.interrupt();
    expect(await result(r, turn)).toMatchObject({ ok: false });
    expect(r.of("permission_resolved")).toEqual([expect.objectContaining({ requestId: req.requestId, outcome: "cancelled" })]);
    await expect(r.chat.answerPermission(req.requestId, { kind: "allow" })).rejects.toMatchObject({ code: "permission_not_pending" });
    const next = await r.chat.send("Next turn");
    await result(r, next);
    expect(finalText(r, next)).toBe("Fine after the interrupted permission.");
  });

  it("answers AskUserQuestion with the chosen option", async () => {
    const questions = [
      {
        question: "Which render pipeline?",
        header: "Pipeline",
        multiSelect: false,
        options: [
          { label: "URP", description: "universal" },
          { label: "HDRP", description: "high definition" },
        ],
      },
    ];
    r = await realChat([{ match: "Ask me", answers: [useTool("AskUserQuestion", { questions }), say("URP it is.")] }]);
    await r.chat.start();
    const turn = await r.chat.send("Ask me which pipeline");
    const req = await permission(r);
    expect(req.isQuestion).toBe(true);
    await r.chat.answerPermission(req.requestId, { kind: "answer_questions", answers: { "Which render pipeline?": "URP" } });
    await result(r, turn);
    expect(r.of("tool_finished")[0]!.result).toContain("URP");
  });
});
