import { AgentPanelError } from "../shared/errors.js";
import type { CanUseToolRequest, PermissionUpdate } from "../protocol/claude/inbound.js";
import type { PermissionResult } from "../protocol/claude/outbound.js";
import type { PermissionAnswer } from "../protocol/panel/inputs.js";

// What a user can answer to a permission prompt, and how each answer becomes the CLI's
// PermissionResult. Every deny carries a message, because the model reads it.

/** A user's answer to a permission card (its schema is the panel protocol's). */
export type { PermissionAnswer };

/** Message the model gets when the user stops the turn without typing a reason. */
export const DEFAULT_STOP_MESSAGE = "The user stopped this turn instead of running the tool.";

/** Translate an answer into the CLI's PermissionResult for `request`, or throw a typed error. */
export function toPermissionResult(request: CanUseToolRequest, answer: PermissionAnswer): PermissionResult {
  switch (answer.kind) {
    case "allow":
      return { behavior: "allow", updatedInput: answer.updatedInput ?? request.input };
    case "allow_always": {
      const offered = request.permission_suggestions ?? [];
      if (offered.length === 0) {
        throw new AgentPanelError("no_permission_suggestions", `claude offered no "always allow" rule for ${request.tool_name}; choose Allow or Deny.`);
      }
      const chosen = pickSuggestions(offered, answer.suggestions);
      return { behavior: "allow", updatedInput: answer.updatedInput ?? request.input, updatedPermissions: chosen };
    }
    case "deny": {
      const message = answer.message.trim();
      if (message === "") throw new AgentPanelError("deny_message_required", "Say why you deny the tool call: the message is shown to Claude.");
      return { behavior: "deny", message };
    }
    case "deny_stop":
      return { behavior: "deny", message: answer.message?.trim() || DEFAULT_STOP_MESSAGE, interrupt: true };
    case "answer_questions": {
      if (request.tool_name !== "AskUserQuestion") {
        throw new AgentPanelError("not_a_question", `The request for ${request.tool_name} is not a question; answer it with allow or deny.`);
      }
      if (Object.keys(answer.answers).length === 0) throw new AgentPanelError("answer_required", "Pick an answer for the question before sending.");
      return { behavior: "allow", updatedInput: { ...request.input, answers: answer.answers } };
    }
  }
}

function pickSuggestions(offered: PermissionUpdate[], indexes: number[] | undefined): PermissionUpdate[] {
  if (indexes === undefined) return offered;
  const chosen = indexes.map((i) => offered[i]);
  if (indexes.length === 0 || chosen.some((s) => s === undefined)) {
    throw new AgentPanelError("invalid_suggestion", `Choose one of the ${offered.length} offered "always allow" scopes.`);
  }
  return chosen as PermissionUpdate[];
}

/** The permission mode an allow answer switches the session to ("Always → Accept edits"), if any. */
export function modeSetBy(result: PermissionResult): string | undefined {
  if (result.behavior !== "allow") return undefined;
  let mode: string | undefined;
  for (const u of result.updatedPermissions ?? []) if (u.type === "setMode" && typeof u.mode === "string") mode = u.mode;
  return mode;
}
