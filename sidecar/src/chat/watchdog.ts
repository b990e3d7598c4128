// The silence backstop: if claude prints nothing for too long while a turn runs, the chat stops
// waiting (a hung CLI must not leave the panel "streaming" forever).

import { guarded } from "../shared/errors.js";

/** One resettable timer; `arm` restarts it, `clear` stops it. */
export class SilenceWatchdog {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly ms: number,
    private readonly onSilence: () => void,
  ) {}

  /** Restart the countdown (only while `busy`; otherwise just stop it). */
  arm(busy: boolean): void {
    this.clear();
    if (!busy) return;
    this.timer = setTimeout(guarded("silence watchdog", this.onSilence), this.ms);
    this.timer.unref();
  }

  /** Stop the countdown. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
