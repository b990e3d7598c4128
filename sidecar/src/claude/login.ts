import type { ChatEventOf } from "../protocol/chat-events.js";

// claude answers a turn it cannot send (no login, or a key the API refuses) with a synthetic
// reply such as "Not logged in · Please run /login". The panels show one notice instead, in
// plain words with the steps to take; claude's own words travel in data.detail.

/** The notice code of a turn refused for want of a usable login. */
export const NOT_LOGGED_IN = "not_logged_in";

/** The one event that ends a turn claude refused because it is not logged in. */
export function notLoggedIn(turnId: string, detail: string): ChatEventOf<"notice"> {
  const refusedKey = /api key/i.test(detail);
  const message = refusedKey
    ? "Claude Code's API key was refused. Check ANTHROPIC_API_KEY, or remove it and log in: run claude in a terminal and type /login there. Then send your message again."
    : "Claude Code is not logged in. Run claude in a terminal and log in (type /login there), or set ANTHROPIC_API_KEY. Then send your message again.";
  return { type: "notice", level: "error", code: NOT_LOGGED_IN, message, data: { turnId, detail } };
}

/** The first text block of claude's synthetic reply. */
export function replyText(content: readonly unknown[]): string | undefined {
  const block = content.find((b) => (b as { type?: unknown }).type === "text") as { text?: unknown } | undefined;
  return typeof block?.text === "string" ? block.text : undefined;
}
