import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClaudeProcess } from "../../src/claude/process.js";
import { alive, fakeChat, scenario, type ChatUnderTest } from "./fake-chat.js";

let t: ChatUnderTest | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const isState = (s: string) => (e: { type: string; state?: string }) => e.type === "state" && e.state === s;

describe("Chat lifecycle", () => {
  it("is ready only after the initialize response, and reports models, commands and version", async () => {
    t = fakeChat(scenario("text"));
    expect(t.chat.state).toBe("starting");
    await t.chat.start();
    expect(t.chat.state).toBe("ready");
    const init = t.of("init")[0]!;
    expect(init.cliVersion).toBe("2.1.332");
    expect(init.models!.length).toBeGreaterThan(0);
    expect(init.commands!.length).toBeGreaterThan(0);
    expect(t.stdin()[0]).toMatchObject({ type: "control_request", request: { subtype: "initialize" } });
  });

  it("fails start with a typed error when claude never answers initialize", async () => {
    t = fakeChat({ ...scenario("text"), init: null }, { initTimeoutMs: 300 });
    await expect(t.chat.start()).rejects.toMatchObject({ code: "control_timeout" });
    expect(t.chat.state).toBe("errored");
  });

  it("reports a missing session id as session_not_found and offers a new chat", async () => {
    t = fakeChat(scenario("resume-missing"), { resume: "00000000-0000-4000-8000-000000000000" });
    const err = await t.chat.start().catch((e) => e);
    expect(err).toMatchObject({ code: "session_not_found" });
    expect(err.message).toMatch(/new chat/i);
    expect(t.chat.state).toBe("errored");
  });

  it("reports a claude path that cannot be started", async () => {
    t = fakeChat(scenario("text"), { claudePath: "/nonexistent/claude" });
    await expect(t.chat.start()).rejects.toMatchObject({ code: "claude_spawn_failed" });
  });
});

describe("Chat turns", () => {
  it("streams a turn: user message, deltas, final text, result, back to ready", async () => {
    t = fakeChat(scenario("text"));
    await t.chat.start();
    const turnId = await t.chat.send("Hello");
    await t.waitFor((e) => e.type === "turn_result");
    await t.waitFor(isState("ready"));
    expect(t.of("user_message")[0]).toMatchObject({ turnId, text: "Hello", queued: false });
    const deltas = t
      .of("message_delta")
      .map((d) => d.text)
      .join("");
    const final = t.of("message_final")[0]!;
    expect(final.turnId).toBe(turnId);
    expect(final.blocks.map((b) => b.text).join("")).toBe(deltas);
    expect(t.of("state").map((s) => s.state)).toEqual(["ready", "streaming", "ready"]);
    expect(t.chat.sessionId).toBeTruthy();
  });

  it("hands the prompt to claude before the user_message event goes out (the panel's bookkeeping never delays claude)", async () => {
    t = fakeChat(scenario("text"));
    await t.chat.start();
    const order: string[] = [];
    const original = ClaudeProcess.prototype.send;
    const spy = vi.spyOn(ClaudeProcess.prototype, "send").mockImplementation(function (this: ClaudeProcess, message) {
      order.push(`stdin ${message.type}`);
      return original.call(this, message);
    });
    try {
      t.chat.on("event", (e) => void (e.type === "user_message" && order.push("event user_message")));
      const turnId = await t.chat.send("Hello");
      expect(order).toEqual(["stdin user", "event user_message"]);
      await t.waitFor((e) => e.type === "turn_result" && e.turnId === turnId);
    } finally {
      spy.mockRestore();
    }
  });

  it("passes claude's system init on once and drops its unchanged repeat at the next turn, but not after a change", async () => {
    const s = scenario("text");
    s.turns.push(structuredClone(s.turns[1])); // three turns, each starting with the same system init
    t = fakeChat(s);
    await t.chat.start();
    const fromClaude = () => t!.of("init").filter((e) => e.cwd !== undefined); // the system init (the initialize one has no cwd)
    for (const text of ["one", "two"]) {
      const turnId = await t.chat.send(text);
      await t.waitFor((e) => e.type === "turn_result" && e.turnId === turnId);
    }
    expect(t.stdin().filter((l) => l.type === "user")).toHaveLength(2);
    expect(fromClaude()).toHaveLength(1);
    await t.chat.setModel("sonnet"); // the chat's own init in between: claude's next one is news again
    const third = await t.chat.send("three");
    await t.waitFor((e) => e.type === "turn_result" && e.turnId === third);
    expect(fromClaude()).toHaveLength(2);
    expect(t.of("init").at(-1)).toMatchObject({ cwd: expect.any(String), sessionId: t.chat.sessionId });
  });

  it("queues a message sent mid-turn and runs it as its own turn afterwards", async () => {
    t = fakeChat(scenario("slow-text"));
    await t.chat.start();
    const first = await t.chat.send("first");
    await t.waitFor((e) => e.type === "message_delta");
    const second = await t.chat.send("second");
    expect(t.of("user_message").map((u) => u.queued)).toEqual([false, true]);
    await t.waitFor((e) => e.type === "turn_result" && e.turnId === second, 10_000);
    expect(t.of("turn_result").map((r) => r.turnId)).toEqual([first, second]);
    expect(t.of("turn_started").map((s) => s.turnId)).toEqual([first, second]);
  });

  it("interrupts a streaming turn and stays usable", async () => {
    t = fakeChat(scenario("slow-text"));
    await t.chat.start();
    const turnId = await t.chat.send("go");
    await t.waitFor((e) => e.type === "message_delta");
    await t.chat.interrupt();
    const result = await t.waitFor((e) => e.type === "turn_result");
    expect(result).toMatchObject({ turnId, ok: false });
    await t.waitFor(isState("ready"));
    expect(t.stdin().some((l) => l.request?.subtype === "interrupt")).toBe(true);
  });

  it("rejects empty messages and commands on a closed chat", async () => {
    t = fakeChat(scenario("text"));
    await t.chat.start();
    await expect(t.chat.send("   ")).rejects.toMatchObject({ code: "empty_message" });
    await t.chat.close();
    await expect(t.chat.send("hi")).rejects.toMatchObject({ code: "chat_not_ready", message: "The chat is closed; start a new chat, or resume its session from History." });
  });

  it("never tells to wait for a chat that will not become ready (claude could not start)", async () => {
    t = fakeChat(scenario("text"), { claudePath: "/no/such/claude" });
    await t.chat.start().catch(() => undefined);
    const err = await t.chat.send("hi").catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "chat_not_ready" });
    expect((err as Error).message).not.toMatch(/wait/i);
    expect((err as Error).message).toMatch(/start a new chat/);
  });

  it("reports an unreadable stdout line and carries on", async () => {
    const s = scenario("text");
    s.turns[0].unshift({ emitRaw: "this is not json\n" });
    t = fakeChat(s);
    await t.chat.start();
    await t.chat.send("hi");
    await t.waitFor((e) => e.type === "turn_result");
    expect(t.of("notice").some((n) => n.code === "output_invalid")).toBe(true);
  });
});

describe("Chat settings", () => {
  it("switches model and permission mode through control requests", async () => {
    t = fakeChat(scenario("text"));
    await t.chat.start();
    await t.chat.setModel("sonnet");
    await t.chat.setPermissionMode("acceptEdits");
    const sent = t
      .stdin()
      .filter((l) => l.type === "control_request")
      .map((l) => l.request);
    expect(sent).toContainEqual({ subtype: "set_model", model: "sonnet" });
    expect(sent).toContainEqual({ subtype: "set_permission_mode", mode: "acceptEdits" });
  });

  it("refuses bypassPermissions unless the chat was launched with the opt-in", async () => {
    t = fakeChat(scenario("text"));
    await t.chat.start();
    await expect(t.chat.setPermissionMode("bypassPermissions")).rejects.toMatchObject({ code: "bypass_not_allowed" });
    expect(t.stdin().some((l) => l.request?.mode === "bypassPermissions")).toBe(false);
    await t.cleanup();
    t = fakeChat(scenario("text"), { allowBypassPermissions: true });
    await t.chat.start();
    expect(t.args().argv).toContain("--allow-dangerously-skip-permissions");
    // The fake, like a CLI that refuses, answers with an error that reaches the caller typed (claude's own code kept in the details).
    await expect(t.chat.setPermissionMode("bypassPermissions")).rejects.toMatchObject({ code: "control_error", details: { claudeCode: "bypass_not_launched" } });
  });
});

describe("Chat process ownership", () => {
  it("close() kills the whole tree, even a claude that ignores SIGTERM and its children", async () => {
    const s = { ...scenario("hang"), ignoreSigterm: true, spawnGrandchild: true };
    t = fakeChat(s);
    const pidfile = join(t.dir, "grandchild.pid");
    await t.chat.start();
    await t.chat.send("hang please");
    await t.waitFor(isState("streaming"));
    const { pid } = t.args();
    const grandchild = Number(readFileSync(pidfile, "utf8"));
    expect(alive(pid)).toBe(true);
    expect(alive(grandchild)).toBe(true);
    await t.chat.close();
    expect(t.chat.state).toBe("closed");
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
    expect(alive(grandchild)).toBe(false);
  });
});
