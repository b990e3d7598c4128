import type { InitializeResponse } from "../protocol/claude/inbound.js";
import type { ChatEvent } from "../protocol/chat-events.js";

/** The init event for an initialize response: what the panel's pickers and status bar need. */
export function initEvent(info: InitializeResponse | undefined, sessionId: string | undefined): ChatEvent {
  return {
    type: "init",
    sessionId,
    cliVersion: info?.claude_code_version,
    permissionMode: info?.current_permission_mode,
    models: info?.models?.map((m) => ({ value: m.value, displayName: m.displayName, description: m.description })),
    commands: info?.commands?.map((c) => ({ name: c.name, description: c.description })),
    account: info?.account,
  };
}
