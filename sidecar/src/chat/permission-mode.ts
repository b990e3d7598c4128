import { AgentPanelError } from "../shared/errors.js";

// The one rule for permission modes, checked wherever a mode is set (chat.open, a later switch):
// bypassPermissions runs every tool without asking, so it needs the chat's explicit opt-in.

/** Throw `bypass_not_allowed` unless `mode` is allowed for a chat with (or without) the bypass opt-in. */
export function assertModeAllowed(mode: string | undefined, allowBypassPermissions: boolean | undefined): void {
  if (mode === "bypassPermissions" && allowBypassPermissions !== true) {
    throw new AgentPanelError("bypass_not_allowed", "Bypass mode was not enabled for this chat. Start a new chat with bypass explicitly allowed.");
  }
}
