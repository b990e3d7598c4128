import { AgentPanelError } from "../shared/errors.js";
import type { ErrorCode } from "../protocol/error-codes.js";
import type { ControlResponseMsg } from "../protocol/claude/inbound.js";
import { controlRequest, type OutControlBody, type OutControlRequest } from "../protocol/claude/outbound.js";

// Our control requests to the CLI (initialize, interrupt, set_model, …): ids, pending promises,
// timeouts, and matching the CLI's control_response. Echoes of our own answers are ignored.

interface Pending {
  subtype: string;
  resolve: (body: unknown) => void;
  reject: (err: AgentPanelError) => void;
  timer: NodeJS.Timeout;
}

/** Tracks outstanding host → CLI control requests for one process. */
export class ControlChannel {
  private next = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly write: (msg: OutControlRequest) => Promise<void>,
    private readonly timeoutMs = 60_000,
  ) {}

  /** Send a control request and resolve with the CLI's response body (or reject with its error). */
  request(body: OutControlBody, timeoutMs = this.timeoutMs): Promise<unknown> {
    const requestId = `req_${++this.next}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new AgentPanelError("control_timeout", `claude did not answer "${body.subtype}" within ${Math.round(timeoutMs / 1000)} s. Try again, or restart the chat.`));
      }, timeoutMs);
      this.pending.set(requestId, { subtype: body.subtype, resolve, reject, timer });
      this.write(controlRequest(requestId, body)).catch((err: unknown) => {
        this.settle(requestId)?.reject(err instanceof AgentPanelError ? err : new AgentPanelError("stdin_write_failed", "Could not send the request to claude.", { cause: err }));
      });
    });
  }

  /** Route a control_response; returns false if it was not one of ours (e.g. an echo of our answer). */
  handleResponse(msg: ControlResponseMsg): boolean {
    const p = this.settle(msg.response.request_id);
    if (!p) return false;
    if (msg.response.subtype === "success") p.resolve(msg.response.response);
    else {
      const claudeCode = msg.response.error_code;
      p.reject(new AgentPanelError("control_error", `claude refused "${p.subtype}": ${msg.response.error ?? "unknown error"}`, claudeCode !== undefined ? { details: { claudeCode } } : undefined));
    }
    return true;
  }

  /** Fail everything pending (process gone or chat closed). */
  failAll(code: ErrorCode, message: string): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(new AgentPanelError(code, message));
  }

  /** Number of requests waiting for an answer. */
  get size(): number {
    return this.pending.size;
  }

  private settle(requestId: string): Pending | undefined {
    const p = this.pending.get(requestId);
    if (!p) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(requestId);
    return p;
  }
}
