import type { ChatEvent } from "../protocol/chat-events.js";

// The last resort of Esc: a turn claude leaves open after an interrupt (it answered nothing, or
// the turn was never really running) is ended by the panel, so the chat can never stay "busy"
// with every later prompt queued behind a turn that will not end.

/** How long after an interrupt claude may stay silent before the panel ends the turn itself. */
export const INTERRUPT_SETTLE_MS = 5000;

/** The turn_result and notice that end a turn claude did not end after the interrupt. */
export function unansweredInterrupt(turnId: string, waitedMs: number): ChatEvent[] {
  return [
    {
      type: "turn_result",
      turnId,
      ok: false,
      status: "interrupted",
      subtype: "interrupted",
      errors: [],
      terminalReason: "interrupt_unanswered",
      usage: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 },
      denials: [],
    },
    {
      type: "notice",
      level: "warning",
      code: "interrupt_unanswered",
      message: `claude did not end the turn within ${Math.round(waitedMs / 100) / 10} s of the interrupt, so the panel ended it. You can send again; if claude stays silent, start a new chat.`,
      data: { turnId },
    },
  ];
}
