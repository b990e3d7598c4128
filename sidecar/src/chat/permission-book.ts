import type { CanUseToolRequest } from "../protocol/claude/inbound.js";
import type { ChatEvent, ChatEventOf, DecidedBy } from "../protocol/chat-events.js";
import { summarizeTool } from "../claude/summary.js";

// The permission prompts a chat is waiting on, and the events that open and close them. Every
// prompt ends exactly once: answered, withdrawn by claude, or cancelled when the chat goes away.
// It also remembers who decided each tool call it saw, so the tool's card can say so when it ends.

/** A pending permission prompt and the turn it belongs to. */
export interface PendingPermission {
  requestId: string;
  turnId: string;
  request: CanUseToolRequest;
}

/** Pending prompts of one chat, oldest first. */
export class PermissionBook {
  private readonly pending = new Map<string, PendingPermission>();
  /** Tool use id → who decided it, until the tool finishes. */
  private readonly deciders = new Map<string, DecidedBy>();

  /** How many prompts wait for an answer. */
  get size(): number {
    return this.pending.size;
  }

  /** The waiting prompts, oldest first. */
  list(): PendingPermission[] {
    return [...this.pending.values()];
  }

  /** The prompt with this id, if it still waits. */
  get(requestId: string): PendingPermission | undefined {
    return this.pending.get(requestId);
  }

  /** Record a can_use_tool request; returns the event announcing it. */
  open(requestId: string, turnId: string, req: CanUseToolRequest, cwd?: string): ChatEventOf<"permission_requested"> {
    this.pending.set(requestId, { requestId, turnId, request: req });
    return {
      type: "permission_requested",
      turnId,
      requestId,
      toolName: req.tool_name,
      toolUseId: req.tool_use_id,
      input: req.input,
      description: req.description,
      summary: summarizeTool(req.tool_name, req.input, cwd),
      suggestions: req.permission_suggestions ?? [],
      blockedPath: req.blocked_path,
      agentId: req.agent_id,
      isQuestion: req.tool_name === "AskUserQuestion",
    };
  }

  /** Close one prompt; returns the resolution event, or undefined if it was not pending. */
  close(requestId: string, outcome: "allowed" | "denied" | "cancelled", detail: string, by: DecidedBy): ChatEvent | undefined {
    const p = this.pending.get(requestId);
    if (!p) return undefined;
    this.pending.delete(requestId);
    if (p.request.tool_use_id && outcome !== "cancelled") this.deciders.set(p.request.tool_use_id, by);
    return { type: "permission_resolved", turnId: p.turnId, requestId, outcome, detail, by };
  }

  /** Cancel every waiting prompt (process gone, chat closed); returns their resolution events. */
  cancelAll(detail: string): ChatEvent[] {
    // The process is gone or going: its open tools end without claude's record, so forget them too.
    this.deciders.clear();
    return [...this.pending.keys()].map((id) => this.close(id, "cancelled", detail, "sidecar")!);
  }

  /** A tool call the sidecar allowed without asking (the read-only setting). */
  decidedWithoutCard(toolUseId: string | undefined, by: DecidedBy): void {
    if (toolUseId) this.deciders.set(toolUseId, by);
  }

  /** `event` with `decidedBy` filled in for a finished tool: what this book saw, else claude's own record. */
  attribute(event: ChatEvent): ChatEvent {
    if (event.type !== "tool_finished") return event;
    const ours = this.deciders.get(event.toolUseId);
    this.deciders.delete(event.toolUseId);
    const by = ours ?? event.decidedBy;
    return by === undefined ? event : { ...event, decidedBy: by };
  }
}
