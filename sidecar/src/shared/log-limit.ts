// A log that cannot be flooded: a local process can make the sidecar refuse thousands of
// connections a second, and one line each would bury everything else in the log. Each kind of line
// gets a few lines per window; the rest are counted and reported in one line when the next window
// opens.

/** Logs `line` under `key`, at most `burst` lines per `windowMs` per key. */
export type LimitedLog = (key: string, line: string) => void;

/** Wrap `log` so each key logs at most `burst` lines per window, then one summary of what was left out. */
export function rateLimitedLog(log: (line: string) => void, windowMs = 10_000, burst = 5, now: () => number = Date.now): LimitedLog {
  const windows = new Map<string, { start: number; count: number; dropped: number }>();
  return (key, line) => {
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= windowMs) {
      if (w && w.dropped > 0) log(`… ${w.dropped} more "${key}" lines left out in the last ${Math.round(windowMs / 1000)} s`);
      w = { start: t, count: 0, dropped: 0 };
      windows.set(key, w);
    }
    if (w.count < burst) {
      w.count++;
      log(line);
    } else {
      w.dropped++;
    }
  };
}
