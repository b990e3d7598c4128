import type { ErrorCode } from "../protocol/error-codes.js";

// The one error type the sidecar raises on purpose: a stable `code` for programs, a `message`
// that tells the user what to do, and the underlying `cause` when there is one.

/** Every error the sidecar raises deliberately; `code` is stable, `message` is for people. */
export class AgentPanelError extends Error {
  override readonly name = "AgentPanelError";
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause !== undefined ? { cause: options.cause } : undefined);
    this.details = options?.details;
  }
  readonly details: Record<string, unknown> | undefined;

  /** Plain-JSON form for events and logs (the cause is flattened to its message). */
  toJSON(): { code: ErrorCode; message: string; cause?: string } {
    const cause = this.cause instanceof Error ? this.cause.message : this.cause === undefined ? undefined : String(this.cause);
    return cause === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, cause };
  }
}

/** True when `err` is an AgentPanelError with the given code (for tests and callers). */
export function hasCode(err: unknown, code: ErrorCode): boolean {
  return err instanceof AgentPanelError && err.code === code;
}

let internalLog: (line: string) => void = (line) => void process.stderr.write(`[agent-panel] ${line}\n`);

/** Where reportInternal writes (serve passes its stderr logger; tests capture it). */
export function setInternalErrorLog(log: (line: string) => void): void {
  internalLog = log;
}

/**
 * Log an exception caught at the top of an event source (a stdout handler, a socket handler, a
 * timer): a bug or unforeseen input that cost one line or one turn, never the process.
 */
export function reportInternal(where: string, err: unknown): void {
  const text = err instanceof Error ? (err.stack ?? err.message) : String(err);
  try {
    internalLog(`internal error in ${where}: ${text.slice(0, 4000)}`);
  } catch {
    // Logging must not be the thing that fails.
  }
}

/** Wrap a callback so an exception it throws is logged by reportInternal instead of escaping. */
export function guarded<A extends unknown[]>(where: string, fn: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      fn(...args);
    } catch (err) {
      reportInternal(where, err);
    }
  };
}
