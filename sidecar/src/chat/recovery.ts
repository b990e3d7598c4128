import { AgentPanelError } from "../shared/errors.js";
import { delay } from "./exits.js";

// The crash path's retry policy: after claude dies, try to resume the session a bounded number of
// times with exponential backoff. A successful turn resets the budget; a session that no longer
// exists is final at once.

/** Outcome of one recovery: resumed, given up (with the error to show), or no longer wanted. */
export type RecoveryOutcome = { kind: "resumed" } | { kind: "failed"; error: AgentPanelError } | { kind: "abandoned" };

/** Counts crashes and runs the retry loop. */
export class CrashRecovery {
  private crashes = 0;

  constructor(
    private readonly retries = 3,
    private readonly backoffMs = 500,
  ) {}

  /** A turn completed normally: claude is healthy again, so the retry budget refills. */
  succeeded(): void {
    this.crashes = 0;
  }

  /** The wait before the n-th attempt (1-based): backoff, 2×backoff, 4×backoff, … */
  delayFor(attempt: number): number {
    return this.backoffMs * 2 ** (attempt - 1);
  }

  /** Try `attempt` until it succeeds, the budget is spent, or `wanted()` turns false. */
  async run(attempt: () => Promise<void>, wanted: () => boolean): Promise<RecoveryOutcome> {
    while (wanted()) {
      this.crashes++;
      if (this.crashes > this.retries) {
        return { kind: "failed", error: new AgentPanelError("resume_failed", `claude kept exiting; gave up after ${this.retries} attempts. Start a new chat or resume this session from history.`) };
      }
      await delay(this.delayFor(this.crashes));
      if (!wanted()) break;
      try {
        await attempt();
        return wanted() ? { kind: "resumed" } : { kind: "abandoned" };
      } catch (err) {
        if (err instanceof AgentPanelError && err.code === "session_not_found") return { kind: "failed", error: err };
      }
    }
    return { kind: "abandoned" };
  }
}
