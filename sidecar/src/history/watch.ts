import { watch, type FSWatcher } from "node:fs";
import { SessionIndex, transcriptDirFor, type ListOptions } from "./list.js";
import type { SessionSummary } from "./types.js";

// Keeps the history list current: fs.watch on the transcript directory, debounced, then a list
// through the cached index (only changed transcripts are read) diffed against the last one. When
// the directory does not exist yet (no session started there) it polls until it appears.

/** What changed since the last notification. */
export interface SessionChanges {
  added: SessionSummary[];
  changed: SessionSummary[];
  removed: string[];
  /** The whole current list, newest first. */
  sessions: SessionSummary[];
}

/** Options of the watcher (list options apply to every relist). */
export interface WatchOptions extends ListOptions {
  /** Quiet time after the last file event before relisting (a live chat appends many lines). */
  debounceMs?: number;
  /** How often to look for the directory while it does not exist (or after fs.watch failed). */
  pollMs?: number;
  onError?: (err: unknown) => void;
  /**
   * Start from the list the persisted cache describes (`cached`): the first relist then verifies
   * it and reports every difference through `onChange`, like any later change.
   */
  seedFromCache?: boolean;
}

/** A running watcher. */
export interface SessionWatcher {
  /** The first checked list (empty when the directory does not exist yet). */
  readonly ready: Promise<SessionSummary[]>;
  /** With seedFromCache: the unchecked list from the cache, available at once (undefined without a cache). */
  readonly cached: SessionSummary[] | undefined;
  /** Relist now (e.g. after the panel archived or renamed a session, which fs.watch may not see). */
  refresh(): Promise<void>;
  /** Stop watching; resolves once the index cache is saved (a failed save only costs a rescan). */
  close(): Promise<void>;
}

/** Watch a project's sessions; `onChange` hears about every added, changed or removed session. */
export function watchSessions(projectRoot: string, onChange: (changes: SessionChanges) => void, opts: WatchOptions = {}): SessionWatcher {
  const dir = opts.transcriptDir ?? transcriptDirFor(projectRoot, opts.env, opts.home);
  const index = new SessionIndex(dir, { saveEveryMs: 5000, ...opts }); // a live chat changes its file often
  const debounceMs = opts.debounceMs ?? 250;
  const pollMs = opts.pollMs ?? 2000;
  let known = new Map<string, SessionSummary>();
  let fsw: FSWatcher | undefined;
  let poll: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let firstDone = false;
  const seed = opts.seedFromCache === true ? index.cachedList({ includeArchived: opts.includeArchived }) : undefined;
  if (seed) {
    known = new Map(seed.sessions.map((s) => [s.id, s]));
    firstDone = true; // the first relist's differences are corrections: report them
  }

  const relist = (): Promise<void> => {
    // One list at a time; requests while one runs share a single follow-up list.
    if (queued) return queued;
    queued = running.then(async () => {
      queued = undefined;
      if (closed) return;
      try {
        const list = await index.list({ includeArchived: opts.includeArchived });
        if (closed) return;
        if (list.exists) startWatching();
        else stopWatching();
        const next = new Map(list.sessions.map((s) => [s.id, s]));
        const changes: SessionChanges = { added: [], changed: [], removed: [], sessions: list.sessions };
        for (const [id, s] of next) {
          const before = known.get(id);
          if (!before) changes.added.push(s);
          else if (!sameSummary(before, s)) changes.changed.push(s);
        }
        for (const id of known.keys()) if (!next.has(id)) changes.removed.push(id);
        const first = !firstDone;
        known = next;
        firstDone = true;
        if (!first && (changes.added.length > 0 || changes.changed.length > 0 || changes.removed.length > 0)) onChange(changes);
      } catch (err) {
        stopWatching(); // unreadable for now: retry by polling
        opts.onError?.(err);
      }
    });
    running = queued;
    return queued;
  };

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void relist(), debounceMs);
    timer.unref?.();
  };

  function startWatching(): void {
    if (fsw || closed) return;
    if (poll) clearInterval(poll);
    poll = undefined;
    try {
      fsw = watch(dir, { persistent: false }, schedule);
      fsw.on("error", () => {
        stopWatching(); // directory deleted or watcher broken: fall back to polling
        schedule();
      });
    } catch {
      stopWatching();
    }
  }

  function stopWatching(): void {
    fsw?.close();
    fsw = undefined;
    if (!poll && !closed) {
      poll = setInterval(() => void relist(), pollMs);
      poll.unref?.();
    }
  }

  // With a seed, the check waits one turn of the event loop: whoever asked gets the cached list first.
  const first = seed ? new Promise<void>((resolve) => setImmediate(resolve)).then(relist) : relist();
  const ready = first.then(() => [...known.values()]);
  return {
    ready,
    cached: seed?.sessions,
    refresh: relist,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      fsw?.close();
      fsw = undefined;
      return index.flush();
    },
  };
}

/** Field-by-field equality of two summaries (all values are primitives): cheaper than serializing thousands. */
function sameSummary(a: SessionSummary, b: SessionSummary): boolean {
  if (a === b) return true; // the index reuses the summary of an unchanged transcript
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const key in x) if (x[key] !== y[key]) return false;
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false;
  return true;
}
