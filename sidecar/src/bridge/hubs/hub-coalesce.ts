import type { ChatEvent, ChatEventOf } from "../../protocol/chat-events.js";

// Coalescing of streamed text: at most one message_delta per message per window (33 ms by
// default), text concatenated in order. The first delta after a quiet window goes out at once;
// the following ones wait for the window's end. Any other event flushes every pending delta
// first and then goes out immediately, so control events (permission requests, results) are
// never delayed and always follow the text that preceded them.

/** Time source and timers, injectable so tests control time. */
export interface HubClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock (Date.now and global timers). */
export const realClock: HubClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type Delta = ChatEventOf<"message_delta">;
interface Pending {
  segments: Delta[];
  timer: unknown;
}

/** Per-chat delta coalescer; `out` receives the events to publish, in order. */
export class DeltaCoalescer {
  private readonly pending = new Map<string, Pending>();
  private readonly lastSent = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly clock: HubClock,
    private readonly out: (event: ChatEvent) => void,
  ) {}

  /** Take one engine event. */
  push(event: ChatEvent): void {
    if (event.type !== "message_delta") {
      this.flushAll();
      if (event.type === "message_final") this.lastSent.delete(event.messageId);
      this.out(event);
      return;
    }
    const id = event.messageId;
    let p = this.pending.get(id);
    if (!p) {
      const now = this.clock.now();
      const last = this.lastSent.get(id);
      if (this.windowMs <= 0 || last === undefined || now - last >= this.windowMs) {
        this.lastSent.set(id, now);
        this.out(event);
        return;
      }
      p = { segments: [], timer: this.clock.setTimeout(() => this.flush(id), last + this.windowMs - now) };
      this.pending.set(id, p);
    }
    const tail = p.segments[p.segments.length - 1];
    if (tail && tail.index === event.index && tail.kind === event.kind) p.segments[p.segments.length - 1] = { ...tail, text: tail.text + event.text };
    else p.segments.push({ ...event });
  }

  /** Send every pending delta now (oldest message first). */
  flushAll(): void {
    for (const id of [...this.pending.keys()]) this.flush(id);
  }

  /** Flush and stop all timers (the chat is closing). */
  dispose(): void {
    this.flushAll();
    this.lastSent.clear();
  }

  private flush(id: string): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.clock.clearTimeout(p.timer);
    this.pending.delete(id);
    this.lastSent.set(id, this.clock.now());
    for (const segment of p.segments) this.out(segment);
  }
}
