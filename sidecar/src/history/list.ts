import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { AgentPanelError } from "../errors.js";
import { cacheFile, defaultCacheDir, emptyCache, loadCache, saveCache, validScan, validStamp, type DirCache } from "./cache.js";
import { isFsError, nodeFs, type FileStat, type HistoryFs } from "./fsio.js";
import { projectTranscriptDir } from "./paths.js";
import { WINDOW, scanBuffers, scanTranscript, type ScanBuffers } from "./scan.js";
import { preview } from "./prompt.js";
import { ARCHIVED_FILE, CUSTOM_TITLE_FILE, SUBAGENTS_DIR, parseArchived, parseCustomTitle } from "./sidefiles.js";
import type { ScanResult, SessionList, SessionSummary, TitleSource } from "./types.js";

// The session list of one project: one readdir, one stat per transcript, and a head/tail scan
// only for transcripts whose (size, mtime) changed since the cached scan. A transcript that
// cannot be read is listed with a warning; listing only fails when the directory itself does.
// File calls are synchronous (much cheaper than thread-pool round trips for thousands of small
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
}

/** Options of a one-shot listing. */
export interface ListOptions extends IndexOptions {
  includeArchived?: boolean;
  /** List this directory instead of the project's transcript directory (tests, tools). */
  transcriptDir?: string;
  env?: NodeJS.ProcessEnv;
  home?: string;
}

/** List a project's sessions, newest first (archived ones only with includeArchived). */
export async function listSessions(projectRoot: string, opts: ListOptions = {}): Promise<SessionList> {
  const index = new SessionIndex(opts.transcriptDir ?? transcriptDirFor(projectRoot, opts.env, opts.home), opts);
  return index.list({ includeArchived: opts.includeArchived });
}

/** The transcript directory the CLI uses for a project root (symlinks resolved, like the CLI's cwd). */
export function transcriptDirFor(projectRoot: string, env?: NodeJS.ProcessEnv, home?: string): string {
  let root = resolve(projectRoot);
  if (process.platform !== "win32") {
    try {
      root = realpathSync.native(root);
    } catch {
      // not there (yet): use the path as given
    }
  }
  return projectTranscriptDir(root, env, home);
}

interface Side { hasSubagents: boolean; archived: boolean; customTitle: string | null }
const NO_SIDE: Side = { hasSubagents: false, archived: false, customTitle: null };

/** A transcript directory's index with its cache held in memory between lists (used by the watcher). */
export class SessionIndex {
  private readonly fs: HistoryFs;
  private readonly file: string | undefined;
  private readonly sliceMs: number;
  private readonly saveEveryMs: number;
  private saveTimer: NodeJS.Timeout | undefined;
  private dirty = false;
  private readonly bufs: ScanBuffers = scanBuffers();
  private cache: DirCache | undefined;

  constructor(readonly dir: string, opts: IndexOptions = {}) {
    this.fs = opts.fs ?? nodeFs;
    const stateDir = opts.stateDir === undefined ? defaultCacheDir() : opts.stateDir;
    this.file = stateDir === null ? undefined : cacheFile(stateDir, dir);
    this.sliceMs = Math.max(1, opts.sliceMs ?? 8);
    this.saveEveryMs = Math.max(0, opts.saveEveryMs ?? 0);
  }

  /** List the directory now. */
  async list(opts: { includeArchived?: boolean } = {}): Promise<SessionList> {
    let entries;
    try {
      entries = this.fs.readdirSync(this.dir);
    } catch (err) {
      if (isFsError(err, "ENOENT", "ENOTDIR")) return { dir: this.dir, exists: false, sessions: [], scanned: 0, cached: 0 };
      throw new AgentPanelError("history_unreadable", `Could not read the session folder ${this.dir}; check its permissions.`, { cause: err });
    }
    if (!this.cache) this.cache = this.file ? loadCache(this.fs, this.file, this.dir) : emptyCache(this.dir);
    const cache = this.cache;
    const dirs = new Set(entries.filter((e) => e.isDirectory).map((e) => e.name));
    const counts = { scanned: 0, cached: 0, dirty: false };
    const seen = new Set<string>();
    const found: SessionSummary[] = [];
    let slice = performance.now();
    for (const e of entries) {
      if (e.isDirectory || !e.name.endsWith(".jsonl")) continue;
      const summary = this.one(e.name, dirs, cache, counts, seen);
      if (summary) found.push(summary);
      if (performance.now() - slice > this.sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
    }
    for (const key of [...Object.keys(cache.scans), ...Object.keys(cache.sides)]) {
      if (!seen.has(key)) {
        delete cache.scans[key];
        delete cache.sides[key];
        counts.dirty = true;
      }
    }
    if (counts.dirty) await this.changed();
    const sessions = found.filter((s) => opts.includeArchived === true || !s.archived);
    sessions.sort((a, b) => (a.lastActivity < b.lastActivity ? 1 : a.lastActivity > b.lastActivity ? -1 : a.id.localeCompare(b.id)));
    return { dir: this.dir, exists: true, sessions, scanned: counts.scanned, cached: counts.cached };
  }

  private one(name: string, dirs: Set<string>, cache: DirCache, counts: { scanned: number; cached: number; dirty: boolean }, seen: Set<string>): SessionSummary | undefined {
    const file = join(this.dir, name);
    const id = name.slice(0, -".jsonl".length);
    let st: FileStat;
    try {
      st = this.fs.statSync(file);
    } catch {
      return undefined; // removed since readdir
    }
    if (!st.isFile) return undefined;
    seen.add(name);
    let scan: ScanResult;
    const hit = Object.hasOwn(cache.scans, name) ? cache.scans[name] : undefined;
    if (validScan(hit) && hit.size === st.size && hit.mtimeMs === st.mtimeMs) {
      scan = hit.scan;
      counts.cached++;
    } else {
      counts.scanned++;
      try {
        scan = scanTranscript(this.fs, file, st.size, this.bufs);
        cache.scans[name] = { size: st.size, mtimeMs: st.mtimeMs, scan };
        counts.dirty = true;
      } catch (err) {
        // Not cached: a locked or briefly unreadable file is retried on the next list.
        scan = { messageCount: Math.round(st.size / WINDOW), messageCountExact: false, warning: `The transcript could not be read: ${(err as Error).message}` };
      }
    }
    const side = dirs.has(id) ? this.side(id, cache, counts, seen) : NO_SIDE;
    return summarize(id, file, st, scan, side);
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

  /** Subagents folder, archived flag and user title from `<dir>/<id>/`, cached by each file's stamp. */
  private side(id: string, cache: DirCache, counts: { dirty: boolean }, seen: Set<string>): Side {
    let names: string[];
    try {
      names = this.fs.readdirSync(join(this.dir, id)).map((e) => e.name);
    } catch {
      return NO_SIDE;
    }
    const read = (fileName: string): string | boolean | null | undefined => {
      if (!names.includes(fileName)) return undefined;
      const key = `${id}/${fileName}`;
      const path = join(this.dir, id, fileName);
      try {
        const st = this.fs.statSync(path);
        seen.add(key);
        const hit = Object.hasOwn(cache.sides, key) ? cache.sides[key] : undefined;
        if (validStamp(hit) && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit.value;
        const raw = this.fs.readFileSync(path);
        const value = fileName === ARCHIVED_FILE ? parseArchived(raw) : parseCustomTitle(raw);
        cache.sides[key] = { size: st.size, mtimeMs: st.mtimeMs, value };
        counts.dirty = true;
        return value;
      } catch {
        return undefined;
      }
    };
    const archived = read(ARCHIVED_FILE);
    const title = read(CUSTOM_TITLE_FILE);
    return { hasSubagents: names.includes(SUBAGENTS_DIR), archived: archived === true, customTitle: typeof title === "string" ? title : null };
  }
}

/** Combine a scan, the file's stat and the side files into the summary the panel shows. */
function summarize(id: string, file: string, st: FileStat, scan: ScanResult, side: Side): SessionSummary {
  const [title, titleSource] = pickTitle(id, scan, side.customTitle);
  // One literal with every key (absent ones undefined, dropped by JSON): a single object shape is
  // much faster for thousands of sessions than adding optional keys one by one.
  return {
    id,
    file,
    title,
    titleSource,
    firstPrompt: scan.firstPrompt,
    lastPrompt: scan.lastPrompt,
    createdAt: scan.createdAt,
    lastActivity: scan.lastTimestamp ?? new Date(st.mtimeMs).toISOString(),
    mtimeMs: st.mtimeMs,
    model: scan.model,
    gitBranch: scan.gitBranch,
    cwd: scan.cwd,
    messageCount: scan.messageCount,
    messageCountExact: scan.messageCountExact,
    size: st.size,
    hasSubagents: side.hasSubagents,
    archived: side.archived,
    warning: scan.warning,
  };
}

function pickTitle(id: string, scan: ScanResult, userTitle: string | null): [string, TitleSource] {
  if (userTitle) return [preview(userTitle), "custom"];
  if (scan.customTitle) return [preview(scan.customTitle), "custom"];
  if (scan.aiTitle) return [preview(scan.aiTitle), "ai"];
  if (scan.summary) return [preview(scan.summary), "summary"];
  if (scan.firstPrompt) return [scan.firstPrompt, "prompt"];
  if (scan.firstCommand) return [scan.firstCommand, "command"];
  return [`Session ${id.slice(0, 8)}`, "none"];
}
