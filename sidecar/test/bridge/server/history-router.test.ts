import { appendFileSync, copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChatRegistry } from "../../../src/bridge/hubs/chats.js";
import { PanelHistory } from "../../../src/bridge/hubs/history-service.js";
import { attachClient } from "../../../src/bridge/server/router.js";
import { ServerFrame } from "../../../src/protocol/panel/frames.js";
import { HistoryListResult, HistoryLoadResult, HistorySearchResult, HistorySubagentResult } from "../../../src/protocol/panel/history.js";
import { copyOfGameDir, tempDir, transcript } from "../../history/helpers.js";
import { FakeChat, recordingLink, stubRender, commander } from "../hub-fakes.js";

// The history.* commands through the router, against copies of real CLI transcripts: list and
// filter, full-text search, paged restore with rendered markdown trimmed to what the client asked
// for, typed errors, and history.changed frames when a transcript appears, grows or goes away.

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

function setup(opts: { history?: boolean } = {}) {
  const dir = copyOfGameDir();
  const registry = new ChatRegistry({ chatDefaults: { claudePath: "claude", cwd: "/proj" }, hub: { coalesceMs: 0, render: stubRender }, changeDelayMs: 0, createChat: () => new FakeChat() });
  const history = opts.history === false ? undefined : new PanelHistory({ project: "/proj", transcriptDir: dir, stateDir: null, render: stubRender, debounceMs: 20, pollMs: 100 });
  cleanup.push(
    () => registry.closeAll(),
    () => history?.close(),
  );
  const client = (render: string[]) => {
    const link = recordingLink();
    const handler = attachClient(registry, link, { history });
    cleanup.push(() => handler.onClose());
    const cmd = commander(handler, link, "h", 400);
    const result = async <T>(body: Record<string, unknown>): Promise<T> => {
      const f = await cmd(body);
      if (f.kind !== "ack") throw new Error(`${body.cmd} failed: ${JSON.stringify(f)}`);
      return f.result as T;
    };
    return { link, handler, cmd, result, hello: () => cmd({ cmd: "hello", protocol: 1, client: "unity", render }) };
  };
  return { dir, client };
}

const until = async (fn: () => boolean, what: string) => {
  for (let i = 0; i < 400; i++) {
    if (fn()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("router: history commands", () => {
  it("lists the project's sessions newest first, filters by title and prompts, and leaves out local-only fields", async () => {
    const { client } = setup();
    const c = client(["unity"]);
    await c.hello();
    const all = HistoryListResult.parse(await c.result({ cmd: "history.list" })).sessions;
    expect(all.length).toBeGreaterThan(10);
    const times = all.map((s) => s.lastActivity);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]).not.toHaveProperty("file");
    expect(all[0]).not.toHaveProperty("mtimeMs");
    const text = transcript("text").sessionId;
    const found = HistoryListResult.parse(await c.result({ cmd: "history.list", query: "SAY HELLO" })).sessions;
    expect(found.map((s) => s.id)).toContain(text);
    expect(found.length).toBeLessThan(all.length);
    expect(found.every((s) => [s.title, s.firstPrompt, s.lastPrompt].some((t) => t?.toLowerCase().includes("say hello")))).toBe(true);
  });

  it("searches the full text, bounded by the limit", async () => {
    const { client } = setup();
    const c = client(["unity"]);
    await c.hello();
    const r = HistorySearchResult.parse(await c.result({ cmd: "history.search", text: "Hello from the fake API" }));
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.map((h) => h.sessionId)).toContain(transcript("text").sessionId);
    expect(r.hits.every((h) => h.snippet.toLowerCase().includes("hello from the fake api"))).toBe(true);
    const one = HistorySearchResult.parse(await c.result({ cmd: "history.search", text: "the", limit: 1 }));
    expect(one).toMatchObject({ hits: [expect.any(Object)], stopped: "max_hits" });
    expect(await c.cmd({ cmd: "history.search", text: "" })).toMatchObject({ kind: "error", code: "invalid_command" });
  });

  it("loads a session as panel events with the rendered forms the client asked for", async () => {
    const { client } = setup();
    const unity = client(["unity"]);
    const browser = client(["html"]);
    await unity.hello();
    await browser.hello();
    const { sessionId } = transcript("text");
    const u = HistoryLoadResult.parse(await unity.result({ cmd: "history.load", sessionId }));
    expect(u).toMatchObject({ sessionId, cursor: null });
    expect(u.events.find((e) => e.type === "user_message")).toMatchObject({ text: expect.stringContaining("Say hello.") });
    const finals = u.events.filter((e) => e.type === "message_final");
    expect(finals.length).toBeGreaterThan(0);
    const block = finals.flatMap((e) => e.blocks).find((b) => b.kind === "text")!;
    expect(block.text).toContain("Hello from the fake API");
    expect(block.unity).toEqual([{ type: "paragraph", text: block.text }]);
    expect(block).not.toHaveProperty("html");
    const b = HistoryLoadResult.parse(await browser.result({ cmd: "history.load", sessionId }));
    const bBlock = b.events.flatMap((e) => (e.type === "message_final" ? e.blocks : [])).find((x) => x.kind === "text")!;
    expect(bBlock.html).toBe(`<p>${bBlock.text}</p>`);
    expect(bBlock).not.toHaveProperty("unity");
  });

  it("pages older turns with the cursor until it is null", async () => {
    const { client, dir } = setup();
    const c = client(["unity"]);
    await c.hello();
    // A session of many turns: the same two-prompt transcript appended 25 more times, renamed.
    const src = transcript("text").file;
    const sessionId = "0f0f0f0f-aaaa-4bbb-8ccc-000000000001";
    copyFileSync(src, join(dir, `${sessionId}.jsonl`));
    const body = (await import("node:fs")).readFileSync(src, "utf8");
    for (let i = 0; i < 25; i++) appendFileSync(join(dir, `${sessionId}.jsonl`), body.replaceAll("Say hello.", `Say hello ${i}.`));
    const prompts: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = HistoryLoadResult.parse(await c.result({ cmd: "history.load", sessionId, ...(cursor ? { cursor } : {}) }));
      prompts.unshift(...page.events.flatMap((e) => (e.type === "user_message" ? [e.text.split("\n")[0]!] : [])));
      cursor = page.cursor;
      pages++;
    } while (cursor !== null && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2); // 20 turns per page
    expect(pages).toBeLessThan(10);
    expect(prompts.filter((p) => p.startsWith("Say hello"))).toEqual(["Say hello.", ...Array.from({ length: 25 }, (_, i) => `Say hello ${i}.`)]);
  });

  it("answers a missing session, a path-like id and a stale cursor with typed errors", async () => {
    const { client } = setup();
    const c = client(["unity"]);
    await c.hello();
    for (const sessionId of ["11111111-2222-4333-8444-555555555555", "../../etc/passwd", "a/b"]) {
      const err = await c.cmd({ cmd: "history.load", sessionId });
      expect(err).toMatchObject({ kind: "error", code: "session_not_found", message: expect.stringContaining("refresh the history list") });
    }
    const bad = await c.cmd({ cmd: "history.load", sessionId: transcript("text").sessionId, cursor: "eyJ2IjoxLCJlbmQiOjV9" });
    expect(bad).toMatchObject({ kind: "error", code: "history_bad_cursor", message: expect.stringContaining("reopen") });
  });

  it("answers a folder named like a transcript with a typed error, not internal_error", async () => {
    const { client, dir } = setup();
    const id = "11111111-2222-4333-8444-555555555555";
    mkdirSync(join(dir, `${id}.jsonl`));
    const c = client(["unity"]);
    await c.hello();
    const err = await c.cmd({ cmd: "history.load", sessionId: id });
    expect(err).toMatchObject({ kind: "error", code: "history_not_a_file", message: expect.stringContaining("is a folder") });
    expect((await c.cmd({ cmd: "history.list" })).kind).toBe("ack"); // and the list still answers
  });

  it("fails history commands with history_unavailable when the sidecar has no history", async () => {
    const { client } = setup({ history: false });
    const c = client(["unity"]);
    await c.hello();
    for (const body of [{ cmd: "history.list" }, { cmd: "history.subscribe" }, { cmd: "history.load", sessionId: "x" }]) {
      expect(await c.cmd(body)).toMatchObject({ kind: "error", code: "history_unavailable" });
    }
  });

  it("pushes history.changed to subscribers when a session appears, changes or is removed, and stops after unsubscribe", async () => {
    const { client, dir } = setup();
    const a = client(["unity"]);
    const b = client(["html"]);
    await a.hello();
    await b.hello();
    expect(await a.cmd({ cmd: "history.subscribe" })).toMatchObject({ kind: "ack" });
    const { sessionId, file } = transcript("text");
    const copy = "0f0f0f0f-aaaa-4bbb-8ccc-000000000002";
    copyFileSync(file, join(dir, `${copy}.jsonl`));
    await until(() => a.link.of("history.changed").some((f) => f.sessions.some((s) => s.id === copy)), "the new session");
    const added = a.link.of("history.changed").find((f) => f.sessions.some((s) => s.id === copy))!;
    expect(ServerFrame.parse(added)).toEqual(added);
    expect(added.sessions.find((s) => s.id === copy)).toMatchObject({ title: expect.any(String), archived: false });
    rmSync(join(dir, `${sessionId}.jsonl`));
    await until(() => a.link.of("history.changed").some((f) => f.removed.includes(sessionId)), "the removal");
    expect(b.link.of("history.changed")).toEqual([]); // not subscribed
    expect(await a.cmd({ cmd: "history.unsubscribe" })).toMatchObject({ kind: "ack" });
    const seen = a.link.of("history.changed").length;
    appendFileSync(join(dir, `${copy}.jsonl`), "\n");
    rmSync(join(dir, `${copy}.jsonl`));
    await new Promise((r) => setTimeout(r, 300));
    expect(a.link.of("history.changed")).toHaveLength(seen);
  });

  it("loads a subagent's transcript on demand, by agent id or by its Agent tool call, and degrades when it is gone", async () => {
    const { client, dir } = setup();
    const c = client(["html"]);
    await c.hello();
    const { sessionId } = transcript("subagent");
    const AGENT = "a46d31f47e0595601";
    const TOOL = "toolu_fake_554d98bf59a130961d";
    const byId = HistorySubagentResult.parse(await c.result({ cmd: "history.subagent", sessionId, agentId: AGENT }));
    expect(byId).toMatchObject({ sessionId, agentId: AGENT, toolUseId: TOOL, description: "Sub task", agentType: "general-purpose", missing: false, cursor: null });
    expect(byId.events.map((e) => e.type)).toEqual(["message_start", "message_final", "tool_started", "tool_finished", "message_start", "message_final"]);
    expect(byId.events.every((e) => "parentToolUseId" in e && e.parentToolUseId === TOOL)).toBe(true);
    const text = byId.events.flatMap((e) => (e.type === "message_final" ? e.blocks : [])).find((b) => b.kind === "text")!;
    expect(text.html).toBe(`<p>${text.text}</p>`); // rendered for the client like a live message
    const byTool = HistorySubagentResult.parse(await c.result({ cmd: "history.subagent", sessionId, toolUseId: TOOL }));
    expect(byTool).toEqual(byId);

    expect(await c.result({ cmd: "history.subagent", sessionId, toolUseId: "toolu_none" })).toEqual({ sessionId, toolUseId: "toolu_none", missing: true, events: [], cursor: null });
    rmSync(join(dir, sessionId, "subagents", `agent-${AGENT}.jsonl`));
    expect(await c.result({ cmd: "history.subagent", sessionId, agentId: AGENT })).toMatchObject({ agentId: AGENT, description: "Sub task", missing: true, events: [], cursor: null });

    expect(await c.cmd({ cmd: "history.subagent", sessionId })).toMatchObject({ kind: "error", code: "history_bad_request" });
    expect(await c.cmd({ cmd: "history.subagent", sessionId, agentId: "../x" })).toMatchObject({ kind: "error", code: "history_bad_agent_id" });
    expect(await c.cmd({ cmd: "history.subagent", sessionId: "../etc", agentId: AGENT })).toMatchObject({ kind: "error", code: "session_not_found" });
  });

  it("answers the first list of a new sidecar from the index cache, then corrects it with history.changed", async () => {
    const dir = copyOfGameDir();
    const state = tempDir();
    const make = () => new PanelHistory({ project: "/proj", transcriptDir: dir, stateDir: state, render: stubRender, debounceMs: 20, pollMs: 100 });
    const first = make();
    const before = await first.list();
    expect(before.verified).toBe(true); // no cache yet: checked
    await first.close(); // saves the index cache the second sidecar starts from

    const { sessionId } = transcript("text");
    appendFileSync(join(dir, `${sessionId}.jsonl`), JSON.stringify({ type: "last-prompt", lastPrompt: "Typed while the sidecar was down" }) + "\n");
    const second = make();
    cleanup.push(() => second.close());
    const changes: Array<{ sessions: Array<{ id: string; lastPrompt?: string }> }> = [];
    await second.subscribe((c) => changes.push(c));
    const early = await second.list();
    expect(early.verified).toBe(false);
    expect(early.sessions).toEqual(before.sessions);
    await until(() => changes.some((c) => c.sessions.some((s) => s.id === sessionId)), "the correction");
    expect(changes.flatMap((c) => c.sessions).find((s) => s.id === sessionId)?.lastPrompt).toBe("Typed while the sidecar was down");
    const checked = await second.list();
    expect(checked.verified).toBe(true);
    expect(checked.sessions.find((s) => s.id === sessionId)?.lastPrompt).toBe("Typed while the sidecar was down");
  });
});
