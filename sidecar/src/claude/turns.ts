// Which turn the CLI is working on. Prompts we send are queued with their turn ids; the CLI's echo
// of a prompt (isReplay) marks the start of that prompt's turn, and `result` ends it. Output with
// no open turn (a background subagent finishing) opens an unprompted turn.

/** Tracks queued prompts, the open turn and the last one, for tagging events with a turn id. */
export class TurnTracker {
  private readonly queued: string[] = [];
  private open: string | null = null;
  private last: string | undefined;
  private counter = 0;
  private unprompted = 0;

  /** Allocate the id for a prompt we are about to send and queue it. */
  enqueue(): string {
    const turnId = `t${++this.counter}`;
    this.queued.push(turnId);
    return turnId;
  }

  /** The turn the CLI is on, or null between turns. */
  get current(): string | null {
    return this.open;
  }

  /** The most recent turn, open or ended. */
  get lastTurnId(): string | undefined {
    return this.last;
  }

  /** Prompts sent whose turn has not started yet. */
  get pending(): readonly string[] {
    return this.queued;
  }

  /** Whether a turn is open or prompts are waiting. */
  get busy(): boolean {
    return this.open !== null || this.queued.length > 0;
  }

  /** The CLI echoed a prompt: its turn starts (an unexpected echo becomes an unprompted turn). */
  startPrompted(): { turnId: string; prompted: boolean } {
    const next = this.queued.shift();
    if (next === undefined) return { turnId: this.startUnprompted(), prompted: false };
    this.open = next;
    this.last = next;
    return { turnId: next, prompted: true };
  }

  /** Output arrived with no open turn: the CLI started a turn by itself. */
  startUnprompted(): string {
    const turnId = `u${++this.unprompted}`;
    this.open = turnId;
    this.last = turnId;
    return turnId;
  }

  /** The open turn ended (result); returns its id, or null if none was open. */
  end(): string | null {
    const ended = this.open;
    this.open = null;
    return ended;
  }

  /** Put prompts back at the front of the queue (resent after a restart), keeping their ids. */
  requeue(turnIds: string[]): void {
    this.queued.unshift(...turnIds);
  }

  /** Drop prompts that will never start (process gone) and return them, oldest first. */
  drainQueued(): string[] {
    return this.queued.splice(0, this.queued.length);
  }
}
