import { EventEmitter } from "node:events";
import { execa, type ResultPromise } from "execa";
import { AgentPanelError, reportInternal } from "../shared/errors.js";
import treeKill from "tree-kill";
import type { Outbound } from "../protocol/claude/outbound.js";
import { parseInbound, type Inbound } from "../protocol/claude/parse.js";
import { reportClaudeChild } from "./children.js";
import { hasDescriptorHeadroom } from "./fd-headroom.js";
import { LineSplitter, type FrameEvent } from "./framing.js";
import { buildArgs, buildEnv, type LaunchOptions } from "./spawn.js";
import { StdinWriter } from "./writer.js";

// One running claude CLI: spawned without a shell, stdout framed and parsed into typed messages,
// stdin reachable only through the typed writer, and a stop that never leaves a process behind.

/** How the process ended; `requested` is true when we asked it to stop. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  requested: boolean;
  stderrTail: string;
}

/**
 * Problems with the output that do not stop the chat: framing problems, a line whose too-deep
 * parts were left out (`clipped`), and an exception thrown while handling a line (`handler_failed`).
 */
export type FrameProblem = Exclude<FrameEvent, { kind: "json" } | { kind: "blank" }> | { kind: "clipped"; bytes: number } | { kind: "handler_failed"; error: string };

/** Events of a ClaudeProcess. */
export interface ClaudeProcessEvents {
  message: [Inbound];
  frame_problem: [FrameProblem];
  stderr: [string];
  exit: [ProcessExit];
}

/** Tuning for a process; the defaults suit interactive chats. */
export interface ProcessOptions {
  maxLineBytes?: number;
  graceMs?: number;
  killWaitMs?: number;
}

const STDERR_TAIL = 16 * 1024;

/** A live claude process with typed input and output. */
export class ClaudeProcess extends EventEmitter<ClaudeProcessEvents> {
  readonly pid: number | undefined;
  private readonly child: ResultPromise;
  private readonly writer: StdinWriter;
  private readonly splitter: LineSplitter;
  private stderrTail = "";
  private stopRequested = false;
  private exited: ProcessExit | undefined;
  private readonly exitPromise: Promise<ProcessExit>;

  /** Spawn the CLI for `launch`. Throws a typed error if the executable cannot be started. */
  constructor(
    launch: LaunchOptions,
    private readonly options: ProcessOptions = {},
  ) {
    super();
    this.splitter = new LineSplitter({ maxLineBytes: options.maxLineBytes });
    this.child = spawnClaude(launch);
    this.pid = this.child.pid;
    reportClaudeChild("spawn", this.pid);
    this.writer = new StdinWriter(this.child.stdin!);
    // Each handler below is the top of an event source: an exception there must not reach the
    // event loop (it would end the whole sidecar), only cost this chat the line being handled.
    this.child.stdout!.on("data", (chunk: Buffer) => this.guarded("stdout", () => this.onFrames(this.splitter.push(chunk))));
    this.child.stderr!.on("data", (chunk: Buffer) =>
      this.guarded("stderr", () => {
        const text = chunk.toString("utf8");
        this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL);
        this.emit("stderr", text);
      }),
    );
    this.exitPromise = this.child.then(
      (result) => this.finish(result.exitCode ?? null, result.signal ?? null, result),
      (error: unknown) => this.finish(null, null, error),
    );
  }

  /** Write one typed message to stdin (the only way to talk to the CLI). */
  send(message: Outbound): Promise<void> {
    return this.writer.send(message);
  }

  /** Whether the process is still running and accepting input. */
  get alive(): boolean {
    return this.exited === undefined && this.writer.isOpen;
  }

  /** Resolves once the process has exited. */
  whenExited(): Promise<ProcessExit> {
    return this.exitPromise;
  }

  /** Last bytes the CLI wrote to stderr (for error messages). */
  get stderr(): string {
    return this.stderrTail;
  }

  /**
   * Stop the process: close stdin so the CLI can finish and exit on its own, wait `graceMs`,
   * then kill the whole process tree (TERM, then KILL). Resolves when it has exited.
   */
  async stop(): Promise<ProcessExit> {
    this.stopRequested = true;
    if (!this.exited) {
      this.writer.end();
      if (!(await this.exitsWithin(this.options.graceMs ?? 1500))) {
        this.killTree("SIGTERM");
        if (!(await this.exitsWithin(this.options.killWaitMs ?? 1500))) this.killTree("SIGKILL");
      }
    }
    const exit = await this.exitPromise;
    this.killGroup("SIGKILL");
    return exit;
  }

  /** Kill the tree at once (sidecar shutdown, or tests simulating a crash when `requested` is false). */
  kill(signal: NodeJS.Signals = "SIGKILL", requested = true): void {
    if (requested) this.stopRequested = true;
    this.killTree(signal);
  }

  private killTree(signal: NodeJS.Signals): void {
    if (this.pid === undefined || this.exited) return;
    this.killGroup(signal);
    treeKill(this.pid, signal, () => {
      // The tree may already be gone; exit is reported by the child's own promise.
    });
  }

  /** Signal the CLI's process group (POSIX): reaches descendants orphaned by the CLI's exit. */
  private killGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined || process.platform === "win32") return;
    try {
      process.kill(-this.pid, signal);
    } catch {
      // ESRCH: the group is empty, nothing left behind.
    }
  }

  private exitsWithin(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.exitPromise.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private onFrames(frames: FrameEvent[]): void {
    for (const frame of frames) {
      if (frame.kind === "blank") continue;
      if (frame.kind !== "json") {
        this.emit("frame_problem", frame);
        continue;
      }
      if (frame.clipped) this.emit("frame_problem", { kind: "clipped", bytes: frame.bytes });
      // One line's handler failing (a bug, or input we did not foresee) costs that line only.
      this.guarded("message", () => this.emit("message", parseInbound(frame.value)));
    }
  }

  /** Run `fn`; an exception is logged and reported as a `handler_failed` problem, never rethrown. */
  private guarded(where: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      reportInternal(`claude ${where} handler (pid ${this.pid ?? "?"})`, err);
      try {
        this.emit("frame_problem", { kind: "handler_failed", error: err instanceof Error ? err.message : String(err) });
      } catch (again) {
        reportInternal(`claude ${where} problem handler (pid ${this.pid ?? "?"})`, again);
      }
    }
  }

  private finish(code: number | null, signal: string | null, detail: unknown): ProcessExit {
    if (this.exited) return this.exited;
    this.guarded("stdout", () => this.onFrames(this.splitter.end()));
    this.writer.end();
    const spawnError = (detail as { failed?: boolean; exitCode?: number; cause?: unknown; code?: string }) ?? {};
    if (code === null && signal === null && spawnError.cause) {
      this.stderrTail += `\n${String((spawnError.cause as Error).message ?? spawnError.cause)}`;
    }
    this.exited = { code, signal, requested: this.stopRequested, stderrTail: this.stderrTail };
    reportClaudeChild("exit", this.pid);
    const exited = this.exited;
    this.guarded("exit", () => this.emit("exit", exited));
    return exited;
  }
}

/**
 * Start the executable without a shell. A spawn that fails (missing file, EMFILE when the sidecar
 * is out of descriptors) becomes a typed error instead of an `error` event nobody handles.
 */
function spawnClaude(launch: LaunchOptions): ResultPromise {
  if (!hasDescriptorHeadroom()) throw spawnError(launch.claudePath, Object.assign(new Error("no file descriptors left"), { code: "EMFILE" }));
  let child: ResultPromise;
  try {
    child = execa(launch.claudePath, buildArgs(launch), {
      cwd: launch.cwd,
      env: buildEnv(launch),
      extendEnv: false,
      shell: false,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      buffer: false,
      reject: false,
      windowsHide: true,
      // On POSIX the CLI leads its own process group, so stop() can reach every descendant
      // (Bash tool children, background servers) even after the CLI itself has exited.
      detached: process.platform !== "win32",
      cleanup: true,
    });
  } catch (err) {
    throw spawnError(launch.claudePath, err);
  }
  if (!child.stdin || !child.stdout || !child.stderr) {
    child.catch(() => undefined);
    throw spawnError(launch.claudePath, new Error("the process has no stdio pipes"));
  }
  return child;
}

/** The typed error of a failed spawn; running out of descriptors gets its own code and advice. */
export function spawnError(claudePath: string, cause: unknown): AgentPanelError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const text = cause instanceof Error ? cause.message : String(cause);
  if (code === "EMFILE" || code === "ENFILE" || /\bE[MN]FILE\b/.test(text)) {
    return new AgentPanelError("too_many_open_files", "The sidecar has no file descriptors left to start claude. Close some chats (or other programs), then try again.", { cause });
  }
  return new AgentPanelError("claude_spawn_failed", `Could not start claude at ${claudePath}. Check the path in Settings or set AGENT_PANEL_CLAUDE.`, { cause });
}
