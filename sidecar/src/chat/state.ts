import { AgentPanelError } from "../shared/errors.js";
import type { ChatStateName } from "../protocol/chat-events.js";

// The chat lifecycle as an explicit table. Every state change goes through `ChatStateMachine`,
// which refuses transitions the table does not list with a typed error.

/** Which states may follow each state. `closed` is terminal. */
export const transitions: Readonly<Record<ChatStateName, readonly ChatStateName[]>> = {
  starting: ["ready", "auth_required", "resuming", "errored", "closed"],
  ready: ["streaming", "tool_running", "waiting_permission", "resuming", "auth_required", "errored", "closed"],
  streaming: ["ready", "tool_running", "waiting_permission", "resuming", "auth_required", "errored", "closed"],
  tool_running: ["ready", "streaming", "waiting_permission", "resuming", "auth_required", "errored", "closed"],
  waiting_permission: ["ready", "streaming", "tool_running", "resuming", "auth_required", "errored", "closed"],
  resuming: ["ready", "auth_required", "errored", "closed"],
  auth_required: ["starting", "ready", "streaming", "tool_running", "waiting_permission", "resuming", "errored", "closed"],
  errored: ["starting", "resuming", "closed"],
  closed: [],
};

/** States in which the CLI process is up and initialized, so commands can be written to it. */
export const liveStates: ReadonlySet<ChatStateName> = new Set(["ready", "streaming", "tool_running", "waiting_permission", "auth_required"]);

/** Thrown when code asks for a transition the table does not allow (a bug, or a command at the wrong time). */
export class InvalidTransitionError extends AgentPanelError {
  constructor(
    readonly from: ChatStateName,
    readonly to: ChatStateName,
  ) {
    super("invalid_transition", `The chat cannot go from "${from}" to "${to}".`, { details: { from, to } });
  }
}

/** Holds the current state and applies guarded transitions, reporting each change. */
export class ChatStateMachine {
  private current: ChatStateName = "starting";

  constructor(private readonly onChange: (to: ChatStateName, from: ChatStateName, reason?: string) => void) {}

  /** The current state. */
  get state(): ChatStateName {
    return this.current;
  }

  /** Whether `to` is allowed from the current state (same state counts as allowed, a no-op). */
  can(to: ChatStateName): boolean {
    return to === this.current || transitions[this.current].includes(to);
  }

  /** Move to `to`, or throw InvalidTransitionError. Moving to the current state does nothing. */
  go(to: ChatStateName, reason?: string): void {
    if (to === this.current) return;
    if (!transitions[this.current].includes(to)) throw new InvalidTransitionError(this.current, to);
    const from = this.current;
    this.current = to;
    this.onChange(to, from, reason);
  }
}
