import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Chat, type ChatOptions } from "../../src/chat/chat.js";
import type { ChatEvent } from "../../src/chat/events.js";

// Test helpers: run a Chat against the fake claude with a scenario, collect its events, and wait
// for the ones a test cares about.

export const FAKE_CLAUDE = join(import.meta.dirname, "../../../fixtures/fake-claude/fake-claude.mjs");
const SCENARIOS = join(import.meta.dirname, "../../../fixtures/fake-claude/scenarios");

/** A ready scenario from fixtures/fake-claude/scenarios. */
export function scenario(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(SCENARIOS, `${name}.json`), "utf8"));
}

/** A chat under test, its events, and helpers around them. */
export interface ChatUnderTest {
  chat: Chat;
  events: ChatEvent[];
  dir: string;
  /** Replace the scenario the next fake process will read (e.g. after a crash). */
  setScenario(s: object): void;
  waitFor<T extends ChatEvent>(pred: (e: ChatEvent) => e is T, timeoutMs?: number): Promise<T>;
  waitFor(pred: (e: ChatEvent) => boolean, timeoutMs?: number): Promise<ChatEvent>;
  of<K extends ChatEvent["type"]>(type: K): Extract<ChatEvent, { type: K }>[];
  /** Every stdin line the fake(s) received, parsed. */
  stdin(): any[];
  /** Wait until the fake has logged a stdin line matching `pred` (the log is written asynchronously). */
  waitStdin(pred: (line: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Command lines the fake processes were started with (latest process only). */
  args(): { argv: string[]; pid: number };
  cleanup(): Promise<void>;
}

/** Create (not start) a chat against the fake claude playing `s`. */
export function fakeChat(s: object, options: Partial<ChatOptions> = {}, extraEnv: Record<string, string> = {}): ChatUnderTest {
  const dir = mkdtempSync(join(tmpdir(), "ap-chat-"));
  const file = join(dir, "scenario.json");
  writeFileSync(file, JSON.stringify(s));
  const env = {
    PATH: process.env.PATH ?? "",
    FAKE_CLAUDE_SCENARIO: file,
    FAKE_CLAUDE_LOG: join(dir, "stdin.log"),
    FAKE_CLAUDE_ARGS_FILE: join(dir, "args.json"),
    ...extraEnv,
  };
  const chat = new Chat({ claudePath: FAKE_CLAUDE, cwd: dir, env, resumeBackoffMs: 50, process: { graceMs: 300, killWaitMs: 300 }, ...options });
  const events: ChatEvent[] = [];
  const waiters: { pred: (e: ChatEvent) => boolean; resolve: (e: ChatEvent) => void }[] = [];
  chat.on("event", (e) => {
    events.push(e);
    for (const w of [...waiters]) if (w.pred(e)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(e); }
  });
  const waitFor = (pred: (e: ChatEvent) => boolean, timeoutMs = 5000): Promise<ChatEvent> => {
    const found = events.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting; last events: ${events.slice(-5).map((e) => e.type).join(", ")}`)), timeoutMs);
      waiters.push({ pred, resolve: (e) => { clearTimeout(timer); resolve(e); } });
    });
  };
  return {
    chat, events, dir,
    setScenario: (next) => writeFileSync(file, JSON.stringify(next)),
    waitFor: waitFor as ChatUnderTest["waitFor"],
    of: (type) => events.filter((e) => e.type === type) as never,
    stdin: () => readLog(dir),
    waitStdin: async (pred, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = readLog(dir).find(pred);
        if (line !== undefined) return line;
        if (Date.now() > deadline) throw new Error("timed out waiting for a stdin line");
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    args: () => JSON.parse(readFileSync(join(dir, "args.json"), "utf8")),
    cleanup: async () => { await chat.close(); rmSync(dir, { recursive: true, force: true }); },
  };
}

function readLog(dir: string): any[] {
  try {
    return readFileSync(join(dir, "stdin.log"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

/** True while a process with this pid runs (a zombie awaiting its reaper counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}
