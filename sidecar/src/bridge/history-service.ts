import { join } from "node:path";
import { AgentPanelError } from "../errors.js";
import { loadTranscript, searchSessions, searchText, transcriptDirFor, watchSessions, type SessionChanges, type SessionSummary as IndexSummary, type SessionWatcher } from "../history/index.js";
import type { PanelEvent } from "../protocol/panel/events.js";
import type { SearchHit, SessionSummary } from "../protocol/panel/history.js";
import { preloadHtmlRenderer, renderBlocks, type Renderer } from "./hub-render.js";

// The sidecar's session history for the panel protocol: one watcher (with its one cached index)
// over the project's transcript directory, started on first use and kept for the sidecar's life.
// history.list answers from a fresh relist (only changed transcripts are read), history.changed
// subscribers hear every difference, history.load restores pages with rendered markdown like a
// live chat, and history.search runs a bounded full-text search.

/** Where the history comes from (defaults: the CLI's transcript folder for `project`, the default cache). */
export interface PanelHistoryOptions {
  project: string;
  /** Read this folder instead of the project's transcript folder (tests). */
  transcriptDir?: string;
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** Index cache folder; undefined = the history module's default, null = memory only. */
  stateDir?: string | null;
  render?: Renderer;
  debounceMs?: number;
  pollMs?: number;
  /** Bytes a full-text search may read (default 512 MB) and how long it may take (default 10 s). */
  searchMaxBytes?: number;
  searchTimeoutMs?: number;
}

/** What a history subscriber hears: sessions added or changed, and ids removed. */
export type HistoryChange = { sessions: SessionSummary[]; removed: string[] };

/** One page of a restored session. */
export interface HistoryPage { sessionId: string; events: PanelEvent[]; cursor: string | null; warnings?: string[] }

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The project's past sessions, shared by every client of the sidecar. */
export class PanelHistory {
  readonly dir: string;
  private watcher: SessionWatcher | undefined;
  private ready: Promise<void> | undefined;
  private current: IndexSummary[] = [];
  private readonly listeners = new Set<(change: HistoryChange) => void>();
  private readonly render: Renderer;
  private closed = false;

  constructor(private readonly opts: PanelHistoryOptions) {
    this.dir = opts.transcriptDir ?? transcriptDirFor(opts.project, opts.env, opts.home);
    this.render = opts.render ?? renderBlocks;
  }

  /** Sessions newest first, filtered by `query` (title and prompts); archived ones only when asked. */
  async list(opts: { query?: string; includeArchived?: boolean } = {}): Promise<SessionSummary[]> {
    await this.start();
    await this.watcher!.refresh();
    const all = opts.includeArchived === true ? this.current : this.current.filter((s) => !s.archived);
    return (opts.query ? searchSessions(all, opts.query) : all).map(toWire);
  }

  /** Full-text search over the (non-archived) sessions, newest first, bounded in hits, bytes and time. */
  async search(text: string, limit = 50): Promise<{ hits: SearchHit[]; stopped?: "max_hits" | "max_bytes" | "aborted" }> {
    const sessions = (await this.listRaw()).filter((s) => !s.archived);
    const titles = new Map(sessions.map((s) => [s.id, s.title]));
    const signal = AbortSignal.timeout(this.opts.searchTimeoutMs ?? 10_000);
    const hits: SearchHit[] = [];
    let stopped: "max_hits" | "max_bytes" | "aborted" | undefined;
    for await (const item of searchText(sessions, text, { maxHits: limit, maxHitsPerSession: Math.min(limit, 10), maxBytes: this.opts.searchMaxBytes ?? 512 * 1024 * 1024, signal })) {
      if (item.type === "done") stopped = item.stopped;
      else hits.push({ sessionId: item.sessionId, title: titles.get(item.sessionId), role: item.role, kind: item.kind, snippet: item.snippet, timestamp: item.timestamp, uuid: item.uuid });
    }
    return stopped ? { hits, stopped } : { hits };
  }

  /** One page of a session (newest first without a cursor), final text rendered like live messages. */
  async load(sessionId: string, cursor: string | undefined, wantHtml: boolean): Promise<HistoryPage> {
    if (!SESSION_ID.test(sessionId)) throw notFound(sessionId);
    if (wantHtml && this.render === renderBlocks) await preloadHtmlRenderer();
    let page;
    try {
      page = await loadTranscript(join(this.dir, `${sessionId}.jsonl`), cursor === undefined ? {} : { cursor });
    } catch (err) {
      if (err instanceof AgentPanelError && err.code === "history_not_found") throw notFound(sessionId, err);
      throw err;
    }
    const events = page.events.map((e): PanelEvent => (e.type === "message_final" ? { ...e, blocks: e.blocks.map((b) => (b.kind === "text" ? { ...b, ...this.render(b.text) } : b)) } : e));
    return { sessionId, events, cursor: page.cursor, ...(page.warnings.length > 0 ? { warnings: page.warnings } : {}) };
  }

  /** Hear about every change of the session list until the returned function is called. */
  async subscribe(listener: (change: HistoryChange) => void): Promise<() => void> {
    await this.start();
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stop watching (sidecar shutdown). */
  close(): void {
    this.closed = true;
    this.listeners.clear();
    this.watcher?.close();
  }

  private async listRaw(): Promise<IndexSummary[]> {
    await this.start();
    await this.watcher!.refresh();
    return this.current;
  }

  private start(): Promise<void> {
    if (this.closed) return Promise.reject(new AgentPanelError("shutting_down", "The sidecar is shutting down; reconnect in a moment."));
    this.ready ??= (async () => {
      const watcher = watchSessions(this.opts.project, (c) => this.changed(c), {
        transcriptDir: this.dir,
        includeArchived: true,
        ...(this.opts.stateDir !== undefined ? { stateDir: this.opts.stateDir } : {}),
        debounceMs: this.opts.debounceMs ?? 250,
        pollMs: this.opts.pollMs ?? 2000,
      });
      this.watcher = watcher;
      this.current = await watcher.ready;
    })();
    return this.ready;
  }

  private changed(c: SessionChanges): void {
    this.current = c.sessions;
    const change: HistoryChange = { sessions: [...c.added, ...c.changed].map(toWire), removed: c.removed };
    for (const fn of [...this.listeners]) {
      try {
        fn(change);
      } catch {
        // One failing client must not stop the others.
      }
    }
  }
}

/** The index's summary without its local-only fields (file path, mtime). */
function toWire(s: IndexSummary): SessionSummary {
  const { file: _file, mtimeMs: _mtime, ...rest } = s;
  return rest;
}

function notFound(sessionId: string, cause?: unknown): AgentPanelError {
  return new AgentPanelError("session_not_found", `No saved session "${sessionId.slice(0, 80)}" in this project's history (it may have been deleted or belong to another project); refresh the history list.`, cause === undefined ? undefined : { cause });
}
