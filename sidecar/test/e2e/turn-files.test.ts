import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { say, startFakeApi, useTools, type FakeApi } from "../../../fixtures/fake-api/index.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { attachClient } from "../../src/bridge/server/router.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import type { ChatEvent } from "../../src/protocol/chat-events.js";
import { claudeBinary, makeSandbox, type Sandbox } from "./harness.js";
import { connectClient, type LiveClient } from "./live-sidecar.js";

// Per-turn file copies end to end: the REAL claude CLI (acceptEdits, so no permission cards)
// writes 10 files in one turn through the sidecar's registry, router and WebSocket; the panel's
// events announce each write before it happens and list the files before the turn's result, and
// chat.revertFiles puts every file back byte for byte.

const EXISTING: Record<string, string | Buffer> = {
  "Assets/Scripts/Player.cs": "class Player {}\n",
  "Assets/Scenes/readme.txt": "scene notes\n",
  "Assets/crlf.txt": Buffer.from("\uFEFFline one\r\nline two ü 日本語", "utf8"),
  "ProjectSettings/custom.txt": "settings=1\n",
  "notes.md": "# Notes\n",
};
const CREATED = ["Assets/Scripts/Enemy.cs", "Assets/Scripts/Boss.cs", "Packages/com.example.tool/package.json", "Assets/Data/level.json", "docs.txt"];

interface Rig {
  sandbox: Sandbox;
  api: FakeApi;
  registry: ChatRegistry;
  server: RunningServer;
  client: LiveClient;
  chatId: string;
  /** Chat events as the chat emitted them (synchronously), with what the announced file held at that moment. */
  seen: { event: ChatEvent; fileThen?: Buffer | null }[];
}

let rig: Rig | undefined;
afterEach(async () => {
  if (!rig) return;
  rig.client.ws.terminate();
  await rig.registry.closeAll();
  await rig.server.close(500);
  await rig.api.close();
  rig.sandbox.cleanup();
  rig = undefined;
});

async function start(): Promise<Rig> {
  const sandbox = makeSandbox();
  const abs = (rel: string): string => join(sandbox.project, rel);
  for (const [rel, content] of Object.entries(EXISTING)) {
    mkdirSync(dirname(abs(rel)), { recursive: true });
    writeFileSync(abs(rel), content);
  }
  const api = await startFakeApi([
    {
      match: "Write ten files",
      answers: [
        useTools(Object.keys(EXISTING).map((rel) => ({ name: "Read", input: { file_path: abs(rel) } }))),
        useTools([...Object.keys(EXISTING), ...CREATED].map((rel, i) => ({ name: "Write", input: { file_path: abs(rel), content: `// written by the agent ${i}\n` } }))),
        say("All ten files are written."),
      ],
    },
    { match: "Touch one file", answers: [useTools([{ name: "Write", input: { file_path: abs("Assets/one.txt"), content: "agent\n" } }]), say("Done.")] },
  ]);
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: claudeBinary(), cwd: sandbox.project, env: sandbox.env(api.url), permissionMode: "acceptEdits", process: { graceMs: 1000, killWaitMs: 1000 } },
    changeDelayMs: 10,
  });
  const token = "turn".repeat(8);
  const server = await startServer({ port: 0, token, version: "test", health: () => ({}), onClient: (link) => attachClient(registry, link, { project: sandbox.project }) });
  const client = await connectClient(server.port, token);
  const ack = await client.cmd({ cmd: "chat.open" });
  const chatId = ack.result.chatId as string;
  const seen: Rig["seen"] = [];
  registry.require(chatId).chat.on("event", (event) => {
    // Read synchronously as the event is emitted: claude is still waiting on the hook here.
    const fileThen = event.type === "turn_file_write" ? (existsSync(event.path) ? readFileSync(event.path) : null) : undefined;
    seen.push({ event, fileThen });
  });
  await client.cmd({ cmd: "subscribe", chatId });
  await client.waitFor((f) => f.kind === "event" && f.chatId === chatId && f.event.type === "state" && f.event.state === "ready", 60_000);
  return { sandbox, api, registry, server, client, chatId, seen };
}

const turnEnd = (r: Rig, turnId: string) => r.client.waitFor((f) => f.kind === "event" && f.chatId === r.chatId && f.event.type === "turn_result" && f.event.turnId === turnId, 90_000);

describe("turn files with the real claude CLI", () => {
  it("announces 10 writes before they happen, lists them before turn_result, and reverts all 10 byte for byte", async () => {
    rig = await start();
    const r = rig;
    const abs = (rel: string): string => join(r.sandbox.project, rel);
    const sent = await r.client.cmd({ cmd: "chat.send", chatId: r.chatId, text: "Write ten files." });
    const turnId = sent.result.turnId as string;
    await turnEnd(r, turnId);

    const events = r.client.events(r.chatId);
    const writes = events.filter((e) => e.type === "turn_file_write");
    expect(writes).toHaveLength(10);
    expect(writes.filter((w) => w.assetPath !== undefined).map((w) => w.assetPath)).toHaveLength(7);
    // Each announcement went out while the file still held its earlier bytes (or did not exist yet).
    for (const { event, fileThen } of r.seen.filter((s) => s.event.type === "turn_file_write")) {
      const rel = (event as { relPath: string }).relPath;
      const before = EXISTING[rel];
      if (before === undefined) expect(fileThen, rel).toBeNull();
      else expect(fileThen?.equals(Buffer.from(before)), rel).toBe(true);
    }
    // ...and before its tool's card finished.
    for (const w of writes) {
      const finished = events.findIndex((e) => e.type === "tool_finished" && e.toolUseId === w.toolUseId);
      expect(events.indexOf(w)).toBeLessThan(finished);
    }
    const filesAt = events.findIndex((e) => e.type === "turn_files");
    const resultAt = events.findIndex((e) => e.type === "turn_result");
    expect(filesAt).toBeGreaterThan(-1);
    expect(filesAt).toBe(resultAt - 1);
    const card = events[filesAt].files as { relPath: string; change: string; revertible: boolean; diff?: string }[];
    expect(
      card
        .filter((f) => f.change === "created")
        .map((f) => f.relPath)
        .sort(),
    ).toEqual([...CREATED].sort());
    expect(
      card
        .filter((f) => f.change === "modified")
        .map((f) => f.relPath)
        .sort(),
    ).toEqual(Object.keys(EXISTING).sort());
    expect(card.every((f) => f.revertible && typeof f.diff === "string")).toBe(true);
    expect(readFileSync(abs("notes.md"), "utf8")).toContain("written by the agent");

    const reverted = await r.client.cmd({ cmd: "chat.revertFiles", chatId: r.chatId, turnId });
    expect(reverted.kind).toBe("ack");
    expect(reverted.result.restored).toHaveLength(10);
    expect(reverted.result.skipped).toEqual([]);
    for (const [rel, content] of Object.entries(EXISTING)) expect(readFileSync(abs(rel)).equals(Buffer.from(content)), rel).toBe(true);
    for (const rel of CREATED) expect(existsSync(abs(rel)), rel).toBe(false);
    await r.client.waitFor((f) => f.kind === "event" && f.chatId === r.chatId && f.event.type === "files_reverted" && f.event.restored.length === 10);
  }, 180_000);

  it("refuses to revert a file changed after the turn (files_changed_since) until asked with force; an unknown turn is refused", async () => {
    rig = await start();
    const r = rig;
    const file = join(r.sandbox.project, "Assets/one.txt");
    const sent = await r.client.cmd({ cmd: "chat.send", chatId: r.chatId, text: "Touch one file." });
    const turnId = sent.result.turnId as string;
    await turnEnd(r, turnId);
    expect(readFileSync(file, "utf8")).toBe("agent\n");
    writeFileSync(file, "the user's own edit\n");

    const refused = await r.client.cmd({ cmd: "chat.revertFiles", chatId: r.chatId, turnId });
    expect(refused).toMatchObject({ kind: "error", code: "files_changed_since", data: { paths: [file] } });
    expect(readFileSync(file, "utf8")).toBe("the user's own edit\n");
    const forced = await r.client.cmd({ cmd: "chat.revertFiles", chatId: r.chatId, turnId, force: true });
    expect(forced).toMatchObject({ kind: "ack", result: { restored: [file], skipped: [] } });
    expect(existsSync(file)).toBe(false);

    const unknown = await r.client.cmd({ cmd: "chat.revertFiles", chatId: r.chatId, turnId: "t99" });
    expect(unknown).toMatchObject({ kind: "error", code: "turn_not_found", message: expect.stringContaining("last 30 turns") });
  }, 180_000);
});
