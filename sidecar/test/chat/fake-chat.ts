import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Chat, type ChatOptions } from "../../src/chat/chat.js";
import { collect, type EventLog } from "./collect.js";

// Test helpers: run a Chat against the fake claude with a scenario, collect its events, and wait
// for the ones a test cares about.

export const FAKE_CLAUDE = join(import.meta.dirname, "../../../fixtures/fake-claude/fake-claude.mjs");
const SCENARIOS = join(import.meta.dirname, "../../../fixtures/fake-claude/scenarios");

/** A ready scenario from fixtures/fake-claude/scenarios. */
export function scenario(name: string): Record<string, any> {
  return JSON.parse(readFileSync(join(SCENARIOS, `${name}.json`), "utf8"));
}

/** A chat under test, its events, and helpers around them. */
export interface ChatUnderTest extends EventLog {
  chat: Chat;
  dir: string;
  /** Replace the scenario the next fake process will read (e.g. after a crash). */
  setScenario(s: object): void;
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
    FAKE_CLAUDE_PIDFILE: join(dir, "grandchild.pid"),
    ...extraEnv,
  };
  const chat = new Chat({ claudePath: FAKE_CLAUDE, cwd: dir, env, resumeBackoffMs: 50, process: { graceMs: 300, killWaitMs: 300 }, ...options });
  const log = collect(chat);
  return {
    chat,
    dir,
    ...log,
    setScenario: (next) => writeFileSync(file, JSON.stringify(next)),
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
    cleanup: async () => {
      await chat.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): any[] {
  try {
    return readFileSync(join(dir, "stdin.log"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
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
