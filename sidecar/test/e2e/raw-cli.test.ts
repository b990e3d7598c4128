import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { say, startFakeApi, useTool, type FakeApi } from "../../../fixtures/fake-api/index.js";
import { claudeBinary, makeSandbox, spawnClaude, textDelta, type CliMessage, type RawCli, type Sandbox } from "./harness.js";

// Proves the fake Messages API is good enough for the REAL claude binary: it starts, streams a
// scripted reply, and runs a tool after a stdio permission prompt. Everything runs offline.

const GREETING = "Hello from the fake API! こんにちは、世界 🎉 Unity ✨";
const FILE_CONTENT = "written by the e2e test ✓\n";

describe("real claude CLI against the fake Messages API", () => {
  let sandbox: Sandbox;
  let api: FakeApi;
  let cli: RawCli | undefined;

  beforeAll(async () => {
    sandbox = makeSandbox({ unusualPath: true });
    api = await startFakeApi([
      { match: "Greet me", answers: [say(GREETING, { chunkSize: 5 })] },
      {
        match: "Create the file",
        answers: [useTool("Write", { file_path: join(sandbox.project, "Assets", "hello.txt"), content: FILE_CONTENT }, { text: "Writing it now." }), say("The file is written.")],
      },
    ]);
  });

  afterEach(async () => {
    await cli?.end(5_000);
    cli = undefined;
  });

  afterAll(async () => {
    await api.close();
    sandbox.cleanup();
  });

  const start = (): RawCli => (cli = spawnClaude(claudeBinary(), { cwd: sandbox.project, env: sandbox.env(api.url) }));
  const isResult = (m: CliMessage): boolean => m.type === "result";

  it("answers initialize and reports the API key from the environment", async () => {
    const before = api.requests.length;
    const c = start();
    c.control("req_1", { subtype: "initialize" });
    const res = await c.next((m) => m.type === "control_response", 10_000, "initialize response");
    const response = res.response as { subtype: string; request_id: string; response: { account: Record<string, unknown> } };
    expect(response.subtype).toBe("success");
    expect(response.request_id).toBe("req_1");
    expect(response.response.account.apiKeySource).toBe("ANTHROPIC_API_KEY");
    expect(api.requests.length).toBe(before); // initialize alone never calls the model
  });

  it("streams a scripted text turn (Japanese and emoji intact) and ends with a successful result", async () => {
    const c = start();
    c.user("Greet me, please.");
    const result = await c.next(isResult, 10_000, "result");
    const streamed = c.messages.map(textDelta).filter((t): t is string => t !== undefined);
    expect(streamed.length).toBeGreaterThan(3);
    expect(streamed.join("")).toBe(GREETING);
    expect(result).toMatchObject({ subtype: "success", is_error: false, result: GREETING });
    const turn = api.requests.find((r) => r.prompt === "Greet me, please.");
    expect(turn).toMatchObject({ kind: "turn", stream: true, step: 0, hasApiKey: true, outcome: "completed" });
    expect(turn?.sessionId).toBe(result.session_id);
    // The transcript lands in the sandbox HOME: the CLI is isolated from the developer's ~/.claude.
    const projectDir = sandbox.project.replace(/[^A-Za-z0-9]/g, "-");
    expect(existsSync(join(sandbox.home, ".claude", "projects", projectDir, `${String(result.session_id)}.jsonl`))).toBe(true);
  });

  it("asks can_use_tool for Write, runs it when allowed, and finishes the turn", async () => {
    const c = start();
    c.user("Create the file in Assets.");
    const req = await c.next((m) => m.type === "control_request", 10_000, "can_use_tool");
    const request = req.request as { subtype: string; tool_name: string; input: Record<string, unknown> };
    expect(request.subtype).toBe("can_use_tool");
    expect(request.tool_name).toBe("Write");
    c.respond(req.request_id as string, { behavior: "allow", updatedInput: request.input });
    const result = await c.next(isResult, 10_000, "result");
    expect(result).toMatchObject({ subtype: "success", is_error: false, result: "The file is written." });
    expect(readFileSync(join(sandbox.project, "Assets", "hello.txt"), "utf8")).toBe(FILE_CONTENT);
    const followUp = api.requests.find((r) => r.prompt === "Create the file in Assets." && r.step === 1);
    expect(followUp?.messages.at(-1)?.blocks.some((b) => b.type === "tool_result" && b.isError === false)).toBe(true);
  });
});
