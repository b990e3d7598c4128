import type { CanUseToolRequest } from "../protocol/claude/inbound.js";
import type { ChatEvent, ChatEventOf } from "./events.js";
import { summarizeTool } from "./summary.js";

// The permission prompts a chat is waiting on, and the events that open and close them. Every
// prompt ends exactly once: answered, withdrawn by claude, or cancelled when the chat goes away.

/** A pending permission prompt and the turn it belongs to. */
export interface PendingPermission { requestId: string; turnId: string; request: CanUseToolRequest }

/** Pending prompts of one chat, oldest first. */
export class PermissionBook {
  private readonly pending = new Map<string, PendingPermission>();

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
      type: "permission_requested", turnId, requestId, toolName: req.tool_name, toolUseId: req.tool_use_id, input: req.input,
      description: req.description, summary: summarizeTool(req.tool_name, req.input, cwd), suggestions: req.permission_suggestions ?? [],
      blockedPath: req.blocked_path, agentId: req.agent_id, isQuestion: req.tool_name === "AskUserQuestion",
    };
  }

  /** Close one prompt; returns the resolution event, or undefined if it was not pending. */
  close(requestId: string, outcome: "allowed" | "denied" | "cancelled", detail: string): ChatEvent | undefined {
    const p = this.pending.get(requestId);
    if (!p) return undefined;
    this.pending.delete(requestId);
    return { type: "permission_resolved", turnId: p.turnId, requestId, outcome, detail };
  }

  /** Cancel every waiting prompt (process gone, chat closed); returns their resolution events. */
  cancelAll(detail: string): ChatEvent[] {
    return [...this.pending.keys()].map((id) => this.close(id, "cancelled", detail)!);
  }
}
