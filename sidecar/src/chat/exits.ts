import { AgentPanelError } from "../shared/errors.js";
import type { ResultMsg } from "../protocol/claude/inbound.js";
import { spawnError, type ProcessExit } from "../claude/process.js";
import type { ChatEvent } from "../protocol/chat-events.js";

// Reading the CLI's failure signals: a resume of a session that does not exist, a missing login,
// and a process that died before it was ready. Each becomes a typed error that says what to do.

/** The CLI's answer to --resume with an id it has no transcript for. */
export function isSessionNotFound(msg: ResultMsg): boolean {
  return msg.is_error && (msg.errors ?? []).some((e) => e.startsWith("No conversation found"));
}

/** Why a process failed to become ready, as an error the panel can show. */
export function classifyEarlyExit(err: unknown, exit: ProcessExit | undefined, missingSession: boolean, resume: string | undefined, claudePath: string): AgentPanelError {
  if (missingSession) {
    return new AgentPanelError(
      "session_not_found",
      `No conversation ${resume ?? ""} was found for this project (it may have been deleted or belong to another folder). Start a new chat instead.`.replace("  ", " "),
      { details: { sessionId: resume } },
    );
  }
  if (exit && exit.code === null && exit.signal === null) {
    if (/\bE[MN]FILE\b/.test(exit.stderrTail)) return spawnError(claudePath, new Error(exit.stderrTail.trim()));
    return new AgentPanelError("claude_spawn_failed", `Could not start claude at ${claudePath}. Check the path in Settings or set AGENT_PANEL_CLAUDE.`, { cause: exit.stderrTail.trim() || err });
  }
  if (exit) {
    const tail = exit.stderrTail.trim().split("\n").slice(-3).join(" ");
    return new AgentPanelError("claude_exited", `claude exited while starting (${exit.signal ?? `code ${exit.code}`})${tail ? `: ${tail}` : ""}. Run \`claude\` in a terminal to see what it needs.`, {
      cause: err,
    });
  }
  return err instanceof AgentPanelError ? err : new AgentPanelError("claude_start_failed", "claude did not become ready. Try again, or run `agent-panel doctor`.", { cause: err });
}

/** The turn_result that closes a turn whose process died under it. */
export function crashResult(turnId: string): ChatEvent {
  return {
    type: "turn_result",
    turnId,
    ok: false,
    status: "failed",
    subtype: "process_exited",
    errors: ["claude exited during the turn"],
    terminalReason: "crashed",
    usage: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 },
    denials: [],
  };
}

/** Resolve after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
