import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { encodeProjectDir } from "../../src/history/paths.js";

// What every end-to-end test needs before it can run the real claude binary offline: where the
// binary is, a throw-away HOME + Unity-like project with an environment that points the CLI at
// the fake Messages API and at nothing else, and a deliberately thin raw driver of the CLI
// (spawn without shell, JSON lines in, verbatim lines out) for the raw test and the recorder.
// The product's own process supervisor and stdin writer replace the raw driver in real code.

/** Absolute path of the real claude binary installed in this project's node_modules. */
export function claudeBinary(): string {
  const rel = join("node_modules", "@anthropic-ai", "claude-code", "bin", "claude.exe");
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, rel);
    // The npm package ships a small placeholder that its postinstall replaces with the native
    // binary (hundreds of MB); a placeholder means the install did not finish.
    if (existsSync(candidate) && statSync(candidate).size > 1_000_000) return candidate;
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "node_modules"))) break;
    if (dirname(dir) === dir) break;
  }
  throw new Error(
    `The real claude binary was not found at ${rel} (or is only the npm placeholder). Run \`npm install\` in the repository root (it installs @anthropic-ai/claude-code and links its native binary).`,
  );
}

/** A temporary HOME and Unity-like project, plus the exact environment for the CLI. */
export interface Sandbox {
  root: string;
  home: string;
  project: string;
  /** Environment for the CLI: isolated HOME, offline switches, the fake API, and a test key (or none). */
  env(apiUrl: string, opts?: { apiKey?: string | null }): Record<string, string>;
  /** Remove everything the sandbox created. */
  cleanup(): void;
}

/** Options of makeSandbox. */
export interface SandboxOptions {
  /** Directory name of the project (default "MyGame"). */
  projectName?: string;
  /** Use a project path with spaces and non-ASCII characters. */
  unusualPath?: boolean;
}

/** The project name used when `unusualPath` is set. */
export const UNUSUAL_PROJECT_NAME = "My Game ü 日本語";

/** Create a sandbox under the OS temp directory. */
export function makeSandbox(opts: SandboxOptions = {}): Sandbox {
  // realpath: on macOS the temp dir is a symlink, and the CLI reports the resolved cwd.
  const root = realpathSync(mkdtempSync(join(tmpdir(), "agent-panel-e2e-")));
  const home = join(root, "home");
  const tmp = join(root, "tmp");
  const name = opts.projectName ?? (opts.unusualPath === true ? UNUSUAL_PROJECT_NAME : "MyGame");
  const project = join(root, "projects", name);
  for (const d of [home, tmp, join(project, "Assets"), join(project, "ProjectSettings"), join(project, "Packages")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(project, "ProjectSettings", "ProjectVersion.txt"), "m_EditorVersion: 2022.3.20f1\n");
  writeFileSync(join(project, "Packages", "manifest.json"), '{\n  "dependencies": {}\n}\n');
  return {
    root,
    home,
    project,
    env: (apiUrl, envOpts = {}) => cliEnv({ home, tmp, apiUrl, apiKey: envOpts.apiKey === undefined ? "sk-test-fake-key" : envOpts.apiKey }),
    cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
  };
}

// Only what the CLI needs; nothing inherited except PATH and a few OS essentials, so no
// CLAUDE_* / ANTHROPIC_* variable of the developer's shell leaks into a test.
function cliEnv(o: { home: string; tmp: string; apiUrl: string; apiKey: string | null }): Record<string, string> {
  const env: Record<string, string> = {
    HOME: o.home,
    USERPROFILE: o.home,
    TMPDIR: o.tmp,
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    ANTHROPIC_BASE_URL: o.apiUrl,
  };
  if (o.apiKey !== null) env.ANTHROPIC_API_KEY = o.apiKey;
  if (process.platform === "win32") {
    for (const k of ["SystemRoot", "SYSTEMROOT", "ComSpec", "PATHEXT", "TEMP", "TMP", "APPDATA", "LOCALAPPDATA"]) {
      const v = process.env[k];
      if (v !== undefined) env[k] = v;
    }
  }
  return env;
}

/** The flags the product runs claude with (bidirectional stream-json, stdio permission prompts). */
export const CLAUDE_STREAM_ARGS: readonly string[] = [
  "-p",
  "--input-format",
  "stream-json",
  "--output-format",
  "stream-json",
  "--verbose",
  "--include-partial-messages",
  "--replay-user-messages",
  "--permission-prompt-tool",
  "stdio",
];

/** Spawn `binary` with the stream-json flags (plus `extraArgs`) in `cwd` with exactly `env`. */
export function spawnClaude(binary: string, o: { cwd: string; env: Record<string, string>; extraArgs?: readonly string[] }): RawCli {
  const args = [...CLAUDE_STREAM_ARGS, ...(o.extraArgs ?? [])];
  return new RawCli(spawn(binary, args, { cwd: o.cwd, env: o.env, stdio: ["pipe", "pipe", "pipe"], shell: false }), args);
}

/** Any JSON object the CLI printed. */
export type CliMessage = Record<string, unknown> & { type?: string };

/** Exit status of the child. */
export interface CliExit {
  code: number | null;
  signal: string | null;
}

/** A running CLI: verbatim stdout lines, parsed messages, the lines sent, and its exit. */
export class RawCli {
  readonly lines: string[] = [];
  readonly messages: CliMessage[] = [];
  readonly sent: string[] = [];
  readonly exited: Promise<CliExit>;
  stderr = "";
  exit: CliExit | undefined;
  private cursor = 0;
  private readonly listeners = new Set<() => void>();
  private readonly handlers: ((m: CliMessage, line: string) => void)[] = [];

  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    readonly args: readonly string[],
  ) {
    child.stdin.on("error", () => undefined); // EPIPE after exit: `exited` reports the exit
    child.stderr.setEncoding("utf8").on("data", (d: string) => (this.stderr += d));
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => this.onLine(line));
    this.exited = new Promise((resolve) =>
      child.on("close", (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
        this.notify();
      }),
    );
  }

  /** Write one message as a JSON line (plain JSON.stringify, one object per line). */
  send(obj: object): void {
    const line = JSON.stringify(obj);
    this.sent.push(line);
    if (this.exit === undefined) this.child.stdin.write(line + "\n");
  }

  /** Send a user prompt the way the SDK does. */
  user(text: string): void {
    this.send({ type: "user", session_id: "", message: { role: "user", content: [{ type: "text", text }] }, parent_tool_use_id: null });
  }

  /** Send a control request to the CLI. */
  control(requestId: string, request: Record<string, unknown>): void {
    this.send({ type: "control_request", request_id: requestId, request });
  }

  /** Answer a control request of the CLI with success. */
  respond(requestId: string, response: Record<string, unknown>): void {
    this.send({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });
  }

  /** Call `fn` for every stdout message from now on (recorder drivers react with it). */
  onMessage(fn: (m: CliMessage, line: string) => void): void {
    this.handlers.push(fn);
  }

  /** The next message (after the previous `next` match) satisfying `pred`; rejects on timeout or exit. */
  next(pred: (m: CliMessage) => boolean, timeoutMs = 10_000, what = "a matching line"): Promise<CliMessage> {
    return new Promise((resolve, reject) => {
      const settle = (err: Error | undefined, m?: CliMessage): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (err !== undefined) reject(err);
        else resolve(m as CliMessage);
      };
      const check = (): void => {
        const i = this.messages.findIndex((m, idx) => idx >= this.cursor && pred(m));
        if (i >= 0) {
          this.cursor = i + 1;
          settle(undefined, this.messages[i]);
        } else if (this.exit !== undefined) settle(this.failure(`claude exited (${JSON.stringify(this.exit)}) while waiting for ${what}`));
      };
      const timer = setTimeout(() => settle(this.failure(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  /** Close stdin and wait for the exit, SIGKILLing only this child after `timeoutMs`. */
  async end(timeoutMs = 10_000): Promise<CliExit> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), timeoutMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL this child if it is still running. */
  kill(): void {
    if (this.exit === undefined) this.child.kill("SIGKILL");
  }

  private onLine(line: string): void {
    this.lines.push(line);
    let m: CliMessage;
    try {
      const parsed: unknown = JSON.parse(line);
      m = typeof parsed === "object" && parsed !== null ? (parsed as CliMessage) : { type: "__not_object__", value: parsed };
    } catch {
      m = { type: "__invalid__", line };
    }
    this.messages.push(m);
    for (const h of this.handlers) h(m, line);
    this.notify();
  }

  private notify(): void {
    for (const l of [...this.listeners]) l();
  }

  private failure(what: string): Error {
    const tail = this.lines
      .slice(-5)
      .map((l) => l.slice(0, 300))
      .join("\n");
    return new Error(`${what}. Last stdout lines:\n${tail}\nstderr: ${this.stderr.slice(-500)}`);
  }
}

/** The text of a stream_event text delta, or undefined for any other message. */
export function textDelta(m: CliMessage): string | undefined {
  const ev = m.type === "stream_event" ? (m.event as { type?: string; delta?: { type?: string; text?: string } } | undefined) : undefined;
  return ev?.type === "content_block_delta" && ev.delta?.type === "text_delta" ? (ev.delta.text ?? "") : undefined;
}

/**
 * The bundled sidecar (dist/agent-panel.mjs), built only when it is missing: rebuilding it here would
 * delete dist/chunks under the other test files that run the bundle at the same time (the test script
 * builds once before the suites; after a source change, run `npm run build` before these tests).
 */
export function bundledSidecar(): string {
  const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
  const bundle = join(root, "dist", "agent-panel.mjs");
  if (!existsSync(bundle)) execFileSync(process.execPath, ["esbuild.config.mjs"], { cwd: root, stdio: "inherit" });
  return bundle;
}

/** A project `Game` under `home` whose Claude Code history (in `home`/.claude) holds one session with one typed prompt. */
export function oneSessionProject(home: string): {
  project: string;
  dir: string;
  line: { type: string; sessionId: string; timestamp: string; cwd: string; message: { role: string; content: string } };
} {
  const project = join(home, "Game");
  mkdirSync(project, { recursive: true });
  const dir = join(home, ".claude", "projects", encodeProjectDir(project));
  mkdirSync(dir, { recursive: true });
  const line = { type: "user", sessionId: "5b1f4a9e-0c1d-4e5f-8a7b-9c0d1e2f3a4b", timestamp: "2026-11-30T10:00:00.000Z", cwd: project, message: { role: "user", content: "Add a jump to the player" } };
  writeFileSync(join(dir, `${line.sessionId}.jsonl`), JSON.stringify(line) + "\n");
  return { project, dir, line };
}
