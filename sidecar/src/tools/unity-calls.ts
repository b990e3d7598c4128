import type { JournalEntry } from "../protocol/panel/tools.js";
import { errorResult, type ToolCallContext, type ToolProgress, type ToolResult } from "./types.js";
import type { Connection } from "./unity-provider.js";

// The calls of the Unity provider and their states:
//   waiting  — no ready connection (Unity reloading or closed); sent on the next publish
//   running  — sent on a connection, the answer is expected on that same connection
//   orphaned — its connection dropped while it ran; waits for the journal of the next one
// Every call ends exactly once (result, error, cancel, timeout); an unsafe call is sent at most
// once unless Unity reports it never started.

/** One call as the provider tracks it. */
export interface UnityCall {
  callId: string;
  name: string;
  args: Record<string, unknown>;
  ctx: ToolCallContext;
  dryRun: boolean;
  /** Safe to run again after an interruption (idempotency "safe", or a dry run). */
  safe: boolean;
  state: "waiting" | "running" | "orphaned";
  sentOn?: Connection;
  /** When the call started waiting for Unity (for the bounded wait and its progress). */
  awaySince?: number;
  timer?: NodeJS.Timeout;
  ticker?: NodeJS.Timeout;
  end: (result: ToolResult) => void;
}

/** Timing of the waits. */
export interface CallTiming {
  awayWaitMs: number;
  waitProgressMs: number;
}

/** The provider's call book. */
export class UnityCalls {
  private readonly calls = new Map<string, UnityCall>();

  constructor(
    private readonly timing: CallTiming,
    /** Sends a call on the ready connection and returns it; undefined when there is none. */
    private readonly send: (call: UnityCall) => Connection | undefined,
  ) {}

  /** Start a call: send it now if Unity is ready, else wait for it. */
  start(name: string, args: Record<string, unknown>, ctx: ToolCallContext, dryRun: boolean, safe: boolean): Promise<ToolResult> {
    if (ctx.signal.aborted) return Promise.resolve(cancelled());
    if (this.calls.has(ctx.callId)) return Promise.resolve(errorResult("duplicate_call", `Call id ${ctx.callId} is already running; use a new id.`));
    return new Promise<ToolResult>((resolve) => {
      const onAbort = (): void => this.cancel(call);
      const call: UnityCall = {
        callId: ctx.callId,
        name,
        args,
        ctx,
        dryRun,
        safe,
        state: "waiting",
        end: (result) => {
          ctx.signal.removeEventListener("abort", onAbort);
          resolve(result);
        },
      };
      this.calls.set(call.callId, call);
      ctx.signal.addEventListener("abort", onAbort, { once: true });
      this.dispatch(call);
    });
  }

  /** Progress reported by the connection the call runs on. */
  progress(conn: Connection, callId: string, p: Partial<ToolProgress>): void {
    const call = this.calls.get(callId);
    if (call?.state !== "running" || call.sentOn !== conn) return;
    call.ctx.progress({ progress: p.progress ?? 0, ...(p.total !== undefined ? { total: p.total } : {}), ...(p.message !== undefined ? { message: p.message } : {}) });
  }

  /** The answer of a running call (answers of calls that already ended are ignored). */
  finish(conn: Connection, callId: string, result: ToolResult): void {
    const call = this.calls.get(callId);
    if (call?.state === "running" && call.sentOn === conn) this.end(call, result);
  }

  /** The connection dropped: its running calls become orphans waiting for the next journal. */
  connectionLost(conn: Connection): void {
    for (const call of this.calls.values()) {
      if (call.state !== "running" || call.sentOn !== conn) continue;
      call.state = "orphaned";
      this.waitForUnity(call);
    }
  }

  /** Apply Unity's report on the calls it had before the reconnect. */
  settleJournal(entries: JournalEntry[]): void {
    for (const entry of entries) {
      const call = this.calls.get(entry.callId);
      if (call?.state !== "orphaned") continue;
      if (entry.outcome === "finished") this.end(call, entry.result);
      else if (entry.outcome === "not_started") this.requeue(call);
      else this.interrupted(call);
    }
  }

  /** Orphans the journal did not mention are treated as interrupted (nothing proves they did not run). */
  settleUnreported(): void {
    for (const call of [...this.calls.values()]) if (call.state === "orphaned") this.interrupted(call);
  }

  /** Send every waiting call, oldest first; a tool Unity no longer publishes fails. */
  dispatchWaiting(published: (name: string) => boolean): void {
    for (const call of [...this.calls.values()]) {
      if (call.state !== "waiting") continue;
      if (!published(call.name)) {
        this.end(call, errorResult("tool_not_found", `Unity no longer provides the tool "${call.name}" (its scripts changed while the call waited). List the tools again.`));
        continue;
      }
      this.dispatch(call);
    }
  }

  /** Counts for /health. */
  counts(): { waiting: number; running: number } {
    let waiting = 0;
    let running = 0;
    for (const call of this.calls.values()) call.state === "running" ? running++ : waiting++;
    return { waiting, running };
  }

  /** End every call with the same error. */
  failAll(code: string, message: string): void {
    for (const call of [...this.calls.values()]) this.end(call, errorResult(code, message));
  }

  private dispatch(call: UnityCall): void {
    const conn = this.send(call);
    if (conn) {
      this.stopWaiting(call);
      call.state = "running";
      call.sentOn = conn;
      call.ctx.waiting?.(undefined);
      return;
    }
    call.state = "waiting";
    call.sentOn = undefined;
    this.waitForUnity(call);
    this.held(call);
  }

  private requeue(call: UnityCall): void {
    call.state = "waiting";
    call.sentOn = undefined;
    this.held(call);
    // Sent with the other waiting calls when Unity publishes its catalog.
  }

  /** Tell the invoker the call is held here, not sent: until it is sent, cancelling it means it never runs. */
  private held(call: UnityCall): void {
    call.ctx.waiting?.("Unity is not connected yet (its scripts may be reloading, or the project is not open in the Editor)");
  }

  private interrupted(call: UnityCall): void {
    if (call.safe) this.requeue(call);
    else this.end(call, errorResult("interrupted", `"${call.name}" was interrupted by a domain reload; it may have partly run. Check the project's state before calling it again.`));
  }

  private waitForUnity(call: UnityCall): void {
    if (call.timer) return;
    call.awaySince = Date.now();
    const limit = Math.max(0, Math.min(this.timing.awayWaitMs, call.ctx.deadline - Date.now()));
    call.timer = setTimeout(() => {
      const message =
        call.state === "orphaned"
          ? `Unity went away while "${call.name}" ran and did not come back within ${Math.round(limit / 1000)} s; it may have partly run. Check that the Editor is open and not stuck, then call it again.`
          : `Unity is not connected (waited ${Math.round(limit / 1000)} s). Open the project in the Unity Editor (or wait for the script reload to finish), then call the tool again.`;
      this.end(call, errorResult("unity_unavailable", message));
    }, limit);
    call.ticker = setInterval(() => {
      const seconds = Math.round((Date.now() - (call.awaySince ?? Date.now())) / 1000);
      call.ctx.progress({ progress: seconds, message: `Waiting for Unity to come back (${seconds} s; scripts may be reloading)` });
    }, this.timing.waitProgressMs);
  }

  private stopWaiting(call: UnityCall): void {
    if (call.timer) clearTimeout(call.timer);
    if (call.ticker) clearInterval(call.ticker);
    call.timer = undefined;
    call.ticker = undefined;
  }

  private cancel(call: UnityCall): void {
    if (!this.calls.has(call.callId)) return;
    if (call.state === "running") call.sentOn?.link.cancel(call.callId, "The caller cancelled the call.");
    this.end(call, cancelled());
  }

  private end(call: UnityCall, result: ToolResult): void {
    if (this.calls.get(call.callId) !== call) return;
    this.calls.delete(call.callId);
    this.stopWaiting(call);
    call.end(result);
  }
}

function cancelled(): ToolResult {
  return errorResult("cancelled", "The call was cancelled before it finished.");
}
