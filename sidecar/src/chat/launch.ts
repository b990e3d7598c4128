import { ClaudeProcess, type FrameProblem, type ProcessExit, type ProcessOptions } from "../claude/process.js";
import type { LaunchOptions } from "../claude/spawn.js";
import { InitializeResponse } from "../protocol/claude/inbound.js";
import type { Inbound } from "../protocol/claude/parse.js";
import type { OutHooks } from "../protocol/claude/outbound.js";
import { ControlChannel } from "./control.js";
import { classifyEarlyExit, delay } from "./exits.js";

// Starting one claude process for a chat: spawn, wire its output to the chat, send initialize and
// wait for the answer. A process that fails before it is ready is stopped and explained.

/** What the chat hands the launcher: where its output goes, and how to read early failures. */
export interface LaunchHooks {
  /** Called synchronously with the new process, before any output can arrive. */
  adopt(proc: ClaudeProcess, control: ControlChannel): void;
  onMessage(proc: ClaudeProcess, message: Inbound): void;
  onProblem(proc: ClaudeProcess, problem: FrameProblem): void;
  onExit(proc: ClaudeProcess, exit: ProcessExit): void;
  /** Whether claude reported that the session to resume does not exist. */
  missingSession(): boolean;
}

/** Spawn claude (resuming `resume` if given) and resolve with its initialize answer once ready. */
export async function launchClaude(
  launch: LaunchOptions,
  resume: string | undefined,
  tuning: { initTimeoutMs?: number; process?: ProcessOptions; hooks?: OutHooks },
  hooks: LaunchHooks,
): Promise<InitializeResponse | undefined> {
  const proc = new ClaudeProcess({ ...launch, resume }, tuning.process);
  const control = new ControlChannel((msg) => proc.send(msg));
  hooks.adopt(proc, control);
  proc.on("message", (m) => hooks.onMessage(proc, m));
  proc.on("frame_problem", (p) => hooks.onProblem(proc, p));
  proc.on("exit", (exit) => hooks.onExit(proc, exit));
  let body: unknown;
  try {
    body = await control.request({ subtype: "initialize", ...(tuning.hooks ? { hooks: tuning.hooks } : {}) }, tuning.initTimeoutMs ?? 60_000);
  } catch (err) {
    const exit = await Promise.race([proc.whenExited(), delay(250).then(() => undefined)]);
    if (!exit) await proc.stop();
    throw classifyEarlyExit(err, exit, hooks.missingSession(), resume, launch.claudePath);
  }
  const init = InitializeResponse.safeParse(body);
  return init.success ? init.data : undefined;
}
