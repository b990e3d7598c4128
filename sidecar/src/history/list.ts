import { join } from "node:path";
import { AgentPanelError } from "../shared/errors.js";
import { cacheFile, defaultCacheDir, emptyCache, loadCache, saveCache, validScan, type DirCache } from "./cache.js";
import { isFsError, nodeFs, statOrUndefined, type FileStat, type HistoryFs } from "./fsio.js";
import { transcriptDirFor } from "./paths.js";
import { WINDOW, type ScanBuffers } from "./scan.js";
import { drainScans, nowMs, type ScanJob, type ScanOutcome } from "./scan-queue.js";
import { finish, summarize, type Side } from "./summary.js";
import { NO_SIDE, readSides } from "./side-read.js";
import { ARCHIVED_FILE, CUSTOM_TITLE_FILE } from "./sidefiles.js";
import type { ScanResult, SessionList, SessionSummary } from "./types.js";

// The session list of one project: one readdir, one stat per transcript, and a head/tail scan
// only for transcripts whose (size, mtime) changed since the cached scan (several in flight). A transcript that
// cannot be read is listed with a warning; listing only fails when the directory itself does.
// Stats are synchronous (much cheaper than thread-pool round trips for thousands of small
// operations) and run in slices of a few milliseconds, yielding to the event loop in between.

/** How the index reads files and where it keeps its cache. */
export interface IndexOptions {
  fs?: HistoryFs;
  /** Directory for the persistent cache; undefined = the default, null = keep it in memory only. */
  stateDir?: string | null;
  /** Longest stretch of synchronous file work before yielding to the event loop. */
  sliceMs?: number;
  /** Save the cache at most this often (0 = after every list that changed it; the watcher batches). */
  saveEveryMs?: number;
  /** Keep each summary for the next list to reuse (default; a one-shot listing saves the bookkeeping). */
  reuseSummaries?: boolean;
}

/** Options of a one-shot listing. */
export interface ListOptions extends IndexOptions {
  includeArchived?: boolean;
  /** List this directory instead of the project's transcript directory (tests, tools). */
  transcriptDir?: string;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

export { transcriptDirFor };

/** List a project's sessions, newest first (archived ones only with includeArchived). */
export async function listSessions(projectRoot: string, opts: ListOptions = {}): Promise<SessionList> {
  const index = new SessionIndex(opts.transcriptDir ?? transcriptDirFor(projectRoot, opts.env, opts.home), { reuseSummaries: false, ...opts });
  return index.list({ includeArchived: opts.includeArchived });
}

/**
 * Transcripts read at once when listing. With a cold page cache each one costs two disk reads;
 * keeping many in flight keeps libuv's four I/O threads and the disk's queue busy (for 2,000
 * transcripts read cold, 32 in flight took about two thirds of the time 8 did).
 */
export const SCAN_PARALLEL = 32;

/** Read buffers an index keeps between lists (the rest of a big cold listing's are let go). */
const SPARE_BUFS = 2;

/** One transcript during a listing: its stamp, then its scan (cached or read). */
interface Stamped {
  name: string;
  st: FileStat;
  scan?: ScanResult;
}

const SUB_ONLY: Readonly<Side> = { hasSubagents: true, archived: false, customTitle: null };

/** A transcript directory's index with its cache held in memory between lists (used by the watcher). */
export class SessionIndex {
  private readonly fs: HistoryFs;
  /** The persistent cache file (undefined when the cache is kept in memory only). */
  readonly file: string | undefined;
  private readonly sliceMs: number;
  private readonly saveEveryMs: number;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  /** Read buffers not in use by a scan (one set per scan in flight, kept for the next list). */
  private readonly spareBufs: ScanBuffers[] = [];
  private cache: DirCache | undefined;
  /** The last summary made per transcript name, with what it was made from (see summary()). */
  private readonly made = new Map<string, { scan: ScanResult; side: Side; summary: SessionSummary }>();
  private readonly reuse: boolean;
  /** `dir` normalized with a trailing separator: transcript paths are built by concatenation. */
  private readonly prefix: string;

  constructor(
    readonly dir: string,
    opts: IndexOptions = {},
  ) {
    this.fs = opts.fs ?? nodeFs;
    this.prefix = join(dir, "x").slice(0, -1);
    const stateDir = opts.stateDir === undefined ? defaultCacheDir() : opts.stateDir;
    this.file = stateDir === null ? undefined : cacheFile(stateDir, dir);
    this.sliceMs = Math.max(1, opts.sliceMs ?? 8);
    this.saveEveryMs = Math.max(0, opts.saveEveryMs ?? 0);
    this.reuse = opts.reuseSummaries !== false;
  }

  /**
   * The list as the persisted cache last saw it, without touching any transcript (one file read):
   * what a new process shows at once while `list()` checks the folder. Undefined when there is no
   * usable cache (first run, other version, damaged) — then only `list()` can answer.
   */
  cachedList(opts: { includeArchived?: boolean } = {}): SessionList | undefined {
    if (!this.cache) this.cache = this.file ? loadCache(this.fs, this.file, this.dir) : emptyCache(this.dir);
    const cache = this.cache;
    const sides = new Map<string, Side>(); // the few sessions with side files, in one pass
    for (const [key, entry] of Object.entries(cache.sides)) {
      if (key.endsWith("/")) continue; // a folder's listing (see side())
      const [id, fileName] = key.split("/") as [string, string];
      const side = sides.get(id) ?? { ...NO_SIDE };
      if (fileName === ARCHIVED_FILE) side.archived = entry?.value === true;
      else if (fileName === CUSTOM_TITLE_FILE && typeof entry?.value === "string") side.customTitle = entry.value;
      sides.set(id, side);
    }
    const found: SessionSummary[] = [];
    for (const name in cache.scans) {
      const hit = cache.scans[name];
      if (!validScan(hit)) continue;
      const id = name.slice(0, -".jsonl".length);
      const own = sides.get(id);
      if (own && hit.sub === true) own.hasSubagents = true;
      const side = own ?? (hit.sub === true ? SUB_ONLY : NO_SIDE);
      found.push(this.summary(name, id, { size: hit.size, mtimeMs: hit.mtimeMs, isFile: true, isDirectory: false }, hit.scan, side));
    }
    if (found.length === 0) return undefined;
    return { dir: this.dir, exists: true, sessions: finish(found, opts.includeArchived), scanned: 0, cached: found.length, verified: false };
  }

  /** List the directory now (every transcript's stamp checked; changed ones read again). */
  async list(opts: { includeArchived?: boolean } = {}): Promise<SessionList> {
    let entries;
    try {
      entries = this.fs.readdirSync(this.dir);
    } catch (err) {
      if (isFsError(err, "ENOENT", "ENOTDIR")) return { dir: this.dir, exists: false, sessions: [], scanned: 0, cached: 0, verified: true };
      throw new AgentPanelError("history_unreadable", `Could not read the session folder ${this.dir}; check its permissions.`, { cause: err });
    }
    if (!this.cache) this.cache = this.file ? loadCache(this.fs, this.file, this.dir) : emptyCache(this.dir);
    const cache = this.cache;
    // Names only (no typed listing): a session's side folder is the entry named like its id, and a
    // transcript name that is not a file is dropped by its stat.
    const dirs = new Set(entries.filter((name) => !name.endsWith(".jsonl")));
    const counts = { scanned: 0, cached: 0, dirty: false };
    const seen = new Set<string>();
    const found: SessionSummary[] = [];
    // First every stamp (cheap), then the transcripts that changed are read, several at a time.
    const stamped: Stamped[] = [];
    let slice = nowMs();
    let tick = 0;
    const pause = async (): Promise<void> => {
      if ((++tick & 31) !== 0 || nowMs() - slice <= this.sliceMs) return; // the clock every 32 files
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = nowMs();
    };
    for (const name of entries) {
      if (!name.endsWith(".jsonl")) continue;
      const one = this.stamp(name, cache, counts, seen);
      if (one) stamped.push(one);
      await pause();
    }
    // Side folders are read while the changed transcripts are (side-read.ts).
    const sides = new Map<string, Side>();
    const sidesRead = readSides(
      this.fs,
      this.dir,
      stamped.map((one) => one.name.slice(0, -".jsonl".length)).filter((id) => dirs.has(id)),
      cache,
      counts,
      seen,
      sides,
    );
    await this.scanChanged(
      stamped.filter((one) => one.scan === undefined),
      cache,
      counts,
    );
    await sidesRead;
    for (const one of stamped) {
      found.push(this.finishOne(one, sides, cache, counts));
      await pause();
    }
    for (const key of [...Object.keys(cache.scans), ...Object.keys(cache.sides)]) {
      if (!seen.has(key)) {
        this.made.delete(key);
        delete cache.scans[key];
        delete cache.sides[key];
        counts.dirty = true;
      }
    }
    if (counts.dirty) await this.changed();
    return { dir: this.dir, exists: true, sessions: finish(found, opts.includeArchived), scanned: counts.scanned, cached: counts.cached, verified: true };
  }

  /** Stat one transcript; its cached scan when the stamp still matches (undefined: gone or not a file). */
  private stamp(name: string, cache: DirCache, counts: { cached: number }, seen: Set<string>): Stamped | undefined {
    // dir is already normalized: no join() per session. Undefined: removed since readdir.
    const st = statOrUndefined(this.fs, this.prefix + name);
    if (!st?.isFile) return undefined;
    seen.add(name);
    const hit = Object.hasOwn(cache.scans, name) ? cache.scans[name] : undefined;
    if (validScan(hit) && hit.size === st.size && hit.mtimeMs === st.mtimeMs) {
      counts.cached++;
      return { name, st, scan: hit.scan };
    }
    return { name, st };
  }

  /**
   * Read the head and tail windows of each changed transcript (see scan-queue.ts: from memory in
   * turn, from disk SCAN_PARALLEL at a time).
   */
  private async scanChanged(todo: Stamped[], cache: DirCache, counts: { scanned: number; dirty: boolean }): Promise<void> {
    if (todo.length === 0) return;
    const jobs: ScanJob[] = todo.map((one) => ({ path: this.prefix + one.name, size: one.st.size, mtimeMs: one.st.mtimeMs }));
    const apply = (i: number, outcome: ScanOutcome): void => {
      const one = todo[i]!;
      counts.scanned++;
      if (outcome.scan) {
        one.scan = outcome.scan;
        cache.scans[one.name] = { size: one.st.size, mtimeMs: one.st.mtimeMs, scan: one.scan };
        counts.dirty = true;
      } else {
        // Not cached: a locked or briefly unreadable file is retried on the next list.
        one.scan = { messageCount: Math.round(one.st.size / WINDOW), messageCountExact: false, warning: `The transcript could not be read: ${outcome.error}` };
      }
    };
    await drainScans(this.fs, jobs, apply, { sliceMs: this.sliceMs, parallel: SCAN_PARALLEL, spare: this.spareBufs, keep: SPARE_BUFS });
  }

  /** The summary of a stamped and scanned transcript, with its side files (read by readSides). */
  private finishOne(one: Stamped, sides: Map<string, Side>, cache: DirCache, counts: { dirty: boolean }): SessionSummary {
    const { name, st } = one;
    const id = name.slice(0, -".jsonl".length);
    const side = sides.get(id) ?? NO_SIDE;
    const entry = cache.scans[name];
    if (entry && entry.size === st.size && entry.mtimeMs === st.mtimeMs && (entry.sub === true) !== side.hasSubagents) {
      entry.sub = side.hasSubagents; // kept for cachedList() of the next process
      counts.dirty = true;
    }
    return this.summary(name, id, st, one.scan!, side);
  }

  /**
   * The summary of one transcript; the previous list's object when nothing it is made of changed
   * (same scan object, stamp and side facts), so relisting thousands of unchanged sessions
   * allocates nothing for them. Summaries are shared between lists: callers must not mutate them.
   */
  private summary(name: string, id: string, st: FileStat, scan: ScanResult, side: Side): SessionSummary {
    const old = this.made.get(name);
    if (
      old &&
      old.scan === scan &&
      old.side.hasSubagents === side.hasSubagents &&
      old.side.archived === side.archived &&
      old.side.customTitle === side.customTitle &&
      old.summary.size === st.size &&
      old.summary.mtimeMs === st.mtimeMs
    ) {
      return old.summary;
    }
    const summary = summarize(id, this.prefix + name, st, scan, side);
    if (this.reuse) this.made.set(name, { scan, side, summary });
    return summary;
  }

  /** Write the cache now if it changed since the last save (a failure only costs a rescan later). */
  async flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dirty || !this.file || !this.cache) return;
    this.dirty = false;
    await saveCache(this.fs, this.file, this.cache).catch(() => undefined);
  }

  private async changed(): Promise<void> {
    this.dirty = true;
    if (this.saveEveryMs === 0) return this.flush();
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => void this.flush(), this.saveEveryMs);
    this.saveTimer.unref?.();
  }
}
