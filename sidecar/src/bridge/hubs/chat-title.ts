import type { ChatHub } from "./hub.js";

// One name for a chat everywhere: a resumed session keeps the title the History list shows it
// under (the tab and the header say the same), and a fork says so — in the tab, the header and,
// once claude has named the fork's own session, in History too (a panel-owned custom title).

/** Longest chat title in the chat list (the first prompt is cut the same way). */
export const MAX_TITLE = 80;

/** `text` on one line, cut to MAX_TITLE characters; undefined when empty. */
export function chatTitle(text: string | undefined): string | undefined {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (line === "") return undefined;
  return line.length > MAX_TITLE ? `${line.slice(0, MAX_TITLE - 1)}…` : line;
}

/** The title a chat resuming a session titled `title` opens with ("Fork of …" for a fork). */
export function resumedTitle(title: string | undefined, fork: boolean): string | undefined {
  const base = chatTitle(title);
  if (base === undefined) return fork ? "Fork" : undefined;
  return fork ? chatTitle(`Fork of ${base}`) : base;
}

/** Once the forked chat has its own session id (claude names it at the first turn), give that session `title`. */
export function nameForkWhenKnown(hub: ChatHub, original: string, title: string, name: (sessionId: string, title: string) => Promise<void>): void {
  const check = (): void => {
    const id = hub.chat.sessionId;
    if (id === undefined || id === original) return;
    hub.off("change", check);
    void name(id, title).catch(() => undefined); // History then shows the original's title: not worth an error
  };
  hub.on("change", check);
  hub.once("closed", () => hub.off("change", check));
  check();
}
