import type { Chat } from "../../src/chat/chat.js";
import type { ChatEvent } from "../../src/protocol/chat-events.js";

// Test helper: record a chat's events and wait for the ones a test cares about.

/** Events of one chat with typed filters and waits. */
export interface EventLog {
  events: ChatEvent[];
  waitFor<T extends ChatEvent>(pred: (e: ChatEvent) => e is T, timeoutMs?: number): Promise<T>;
  waitFor(pred: (e: ChatEvent) => boolean, timeoutMs?: number): Promise<ChatEvent>;
  of<K extends ChatEvent["type"]>(type: K): Extract<ChatEvent, { type: K }>[];
}

/** Start recording `chat`'s events. */
export function collect(chat: Chat): EventLog {
  const events: ChatEvent[] = [];
  const waiters: { pred: (e: ChatEvent) => boolean; resolve: (e: ChatEvent) => void }[] = [];
  chat.on("event", (e) => {
    events.push(e);
    for (const w of [...waiters])
      if (w.pred(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
  });
  const waitFor = (pred: (e: ChatEvent) => boolean, timeoutMs = 5000): Promise<ChatEvent> => {
    const found = events.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timed out waiting; last events: ${events
                .slice(-6)
                .map((e) => e.type + ("state" in e ? `:${e.state}` : "code" in e ? `:${e.code}` : ""))
                .join(", ")}`,
            ),
          ),
        timeoutMs,
      );
      waiters.push({
        pred,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  };
  return { events, waitFor: waitFor as EventLog["waitFor"], of: (type) => events.filter((e) => e.type === type) as never };
}
