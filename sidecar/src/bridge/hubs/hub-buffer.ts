import type { PanelEvent } from "../../protocol/panel/events.js";

// The replay buffer of one chat: the most recent events with their seq, bounded by count and by
// serialized size. Eviction is from the oldest end; the newest event is always kept.

/** One buffered event. */
export interface Buffered {
  seq: number;
  event: PanelEvent;
  bytes: number;
}

/** Ring buffer of recent events, bounded by `maxEvents` and `maxBytes`. */
export class EventRing {
  private items: Buffered[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private readonly maxEvents: number,
    private readonly maxBytes: number,
  ) {}

  /** Append an event (its seq must be the previous one + 1) of `bytes` serialized bytes, and evict what no longer fits. */
  push(seq: number, event: PanelEvent, bytes: number): void {
    this.items.push({ seq, event, bytes });
    this.bytes += bytes;
    while (this.size > 1 && (this.size > this.maxEvents || this.bytes > this.maxBytes)) {
      this.bytes -= this.items[this.head]!.bytes;
      this.items[this.head++] = undefined as never;
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
  }

  /** Number of buffered events. */
  get size(): number {
    return this.items.length - this.head;
  }

  /** Total serialized size of the buffered events. */
  get totalBytes(): number {
    return this.bytes;
  }

  /** Seq of the oldest buffered event (undefined when empty). */
  get firstSeq(): number | undefined {
    return this.items[this.head]?.seq;
  }

  /** Every event with seq > afterSeq, or undefined if some of them were already evicted. */
  since(afterSeq: number, lastSeq: number): Buffered[] | undefined {
    if (afterSeq >= lastSeq) return [];
    const first = this.firstSeq;
    if (first === undefined || afterSeq + 1 < first) return undefined;
    return this.items.slice(this.head + (afterSeq + 1 - first));
  }
}
