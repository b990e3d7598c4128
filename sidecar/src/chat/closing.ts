import type { ChatEvent } from "../protocol/chat-events.js";
import type { Normalizer } from "../claude/normalize.js";

// How a chat ends a turn that is still open when the chat closes. claude is asked to stop the
// turn first and gets a short moment to say so with its own events (the partial message, the
// interrupted tool, the turn's result with its usage); whatever is still open after that is
// finished here, so `state closed` is always the chat's last event and no card keeps a spinner.

/** How long close waits for claude to end the open turn after the interrupt. */
export const CLOSE_TURN_WAIT_MS = 1000;

/** Why tools still running when the chat closed were finished by the panel. */
export const CLOSED_TOOL_RESULT = "The chat was closed before the tool finished.";

/** The turn_result that ends a turn the chat closed under (claude did not end it in time). */
export function closedResult(turnId: string): ChatEvent {
  return {
    type: "turn_result",
    turnId,
    ok: false,
    subtype: "chat_closed",
    errors: ["The chat was closed during the turn."],
    terminalReason: "chat_closed",
    usage: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 },
    denials: [],
  };
}

/** The events that finish whatever the normalizer still has open: tool cards, messages, the turn. */
export function finishOpenTurn(normalizer: Normalizer): ChatEvent[] {
  const open = normalizer.turns.end();
  const out = normalizer.abandonAll(CLOSED_TOOL_RESULT);
  // Prompts claude never started stay as sent (marked queued); they get no turn.
  normalizer.turns.drainQueued();
  if (open) out.push(closedResult(open));
  return out;
}
