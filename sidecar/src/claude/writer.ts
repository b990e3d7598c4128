import type { Writable } from "node:stream";
import { AgentPanelError } from "../shared/errors.js";
import { Outbound } from "../protocol/claude/outbound.js";
import { tryStringify } from "../protocol/json-bounds.js";

// The only path to the CLI's stdin. An invalid stdin line makes the CLI exit at once, so every
// line is produced here from a typed message: validated, serialized to one line of JSON, written.

/** Turn a typed outbound message into exactly one line of UTF-8 JSON (with its "\n"). */
export function serializeOutbound(message: Outbound): string {
  const checked = Outbound.safeParse(message);
  if (!checked.success) {
    throw new AgentPanelError("invalid_outbound", `Refused to send a malformed message to claude: ${checked.error.issues[0]?.message ?? "invalid"}`, {
      cause: checked.error,
    });
  }
  // JSON.stringify escapes "\n", "\r" and lone surrogates, so the text is always one line of
  // well-formed UTF-16; the check below guards that invariant rather than trusting it.
  const line = tryStringify(message);
  if (line === undefined) throw new AgentPanelError("invalid_outbound", "Refused to send a message to claude that cannot be encoded as JSON (nested too deeply?).");
  if (line.includes("\n") || line.includes("\r")) {
    throw new AgentPanelError("invalid_outbound", "Serializer produced a multi-line message; refusing to send it.");
  }
  return line + "\n";
}

/** Writes typed messages to a child's stdin in order, honouring backpressure, refusing after close. */
export class StdinWriter {
  private closed = false;
  private chain: Promise<void> = Promise.resolve();
  /** Writes queued or waiting for their callback; at 0 the next line goes out at once. */
  private inFlight = 0;

  constructor(private readonly stream: Writable) {
    stream.on("error", () => {
      // EPIPE when the child died: the process supervisor reports the exit; writes just fail.
      this.closed = true;
    });
  }

  /** Serialize and queue one message; resolves when the OS accepted it. */
  send(message: Outbound): Promise<void> {
    if (this.closed || this.stream.destroyed || this.stream.writableEnded) {
      return Promise.reject(new AgentPanelError("stdin_closed", "claude is no longer accepting input (its process ended). Start or resume the chat again."));
    }
    const line = serializeOutbound(message);
    // Nothing in flight: write now, within the caller's turn of the event loop, so a prompt reaches
    // claude before whatever the caller does next (telling the panel about it). Otherwise after the
    // previous write's callback, in order.
    const next = this.inFlight === 0 ? this.writeLine(line) : this.chain.then(() => this.writeLine(line));
    this.inFlight++;
    this.chain = next.then(
      () => void this.inFlight--,
      () => void this.inFlight--,
    );
    return next;
  }

  /** Close stdin (the CLI finishes the current turn, then exits). */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.stream.destroyed) this.stream.end();
  }

  /** Whether the writer still accepts messages. */
  get isOpen(): boolean {
    return !this.closed && !this.stream.destroyed;
  }

  private writeLine(line: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stream.destroyed) {
        reject(new AgentPanelError("stdin_closed", "claude's input closed before the message could be sent."));
        return;
      }
      this.stream.write(line, "utf8", (err) => {
        if (err) reject(new AgentPanelError("stdin_write_failed", "Could not write to claude's input; the process probably exited.", { cause: err }));
        else resolve();
      });
    });
  }
}
