import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startFakeApi, type FakeApi, type Rule } from "../../../fixtures/fake-api/index.js";
import { Chat, type ChatOptions } from "../../src/chat/chat.js";
import { projectTranscriptDir } from "../../src/history/paths.js";
import { collect, type EventLog } from "../chat/collect.js";
import { claudeBinary, makeSandbox, type Sandbox } from "./harness.js";

// End-to-end rig: the product's Chat driving the REAL claude binary, offline, against the fake
// Messages API with a per-test script, in an isolated HOME and Unity-like project.

/** A chat on the real CLI with its sandbox, fake API and event log. */
export interface RealChat extends EventLog {
  chat: Chat;
  api: FakeApi;
  sandbox: Sandbox;
  /** Open another chat in the same sandbox (e.g. to resume). */
  another(options?: Partial<ChatOptions>): { chat: Chat } & EventLog;
  /** The session's transcript lines as written by the CLI. */
  transcript(sessionId: string): any[];
  close(): Promise<void>;
}

/** Start a fake API with `rules` (or rules built from the sandbox's paths), a sandbox, and a chat on the real binary (not started). */
export async function realChat(rules: readonly Rule[] | ((sandbox: Sandbox) => readonly Rule[]), options: Partial<ChatOptions> = {}, env: { apiKey?: string | null } = {}): Promise<RealChat> {
  const sandbox = makeSandbox();
  const api = await startFakeApi(typeof rules === "function" ? rules(sandbox) : rules);
  const chats: Chat[] = [];
  const make = (o: Partial<ChatOptions>) => {
    const chat = new Chat({ claudePath: claudeBinary(), cwd: sandbox.project, env: sandbox.env(api.url, env), resumeBackoffMs: 100, process: { graceMs: 1000, killWaitMs: 1000 }, ...options, ...o });
    chats.push(chat);
    return { chat, ...collect(chat) };
  };
  const first = make({});
  return {
    ...first,
    api,
    sandbox,
    another: (o = {}) => make(o),
    transcript: (sessionId) => {
      const file = join(projectTranscriptDir(sandbox.project, {}, sandbox.home), `${sessionId}.jsonl`);
      return existsSync(file)
        ? readFileSync(file, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [];
    },
    close: async () => {
      await Promise.all(chats.map((c) => c.close()));
      await api.close();
      sandbox.cleanup();
    },
  };
}

/** Text of all final text blocks of a turn. */
export function finalText(log: EventLog, turnId: string): string {
  return log
    .of("message_final")
    .filter((m) => m.turnId === turnId && m.parentToolUseId === null)
    .flatMap((m) => m.blocks.filter((b) => b.kind === "text").map((b) => b.text))
    .join("");
}
