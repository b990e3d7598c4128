import { open } from "node:fs/promises";
import { join } from "node:path";
import type { z } from "zod";
import { AgentPanelError } from "../../shared/errors.js";
import {
  encodeCursor,
  setCustomTitle,
  listSubagents,
  loadSubagentTranscript,
  loadTranscript,
  searchSessions,
  searchText,
  transcriptDirFor,
  watchSessions,
  type SessionChanges,
  type SessionSummary as IndexSummary,
  type SessionWatcher,
} from "../../history/index.js";
import type { ChatEvent } from "../../protocol/chat-events.js";
import type { PanelEvent } from "../../protocol/panel/events.js";
import { boundEvent } from "./hub-bounds.js";
import type { HistorySubagentResult, SearchHit, SessionSummary } from "../../protocol/panel/history.js";
import { renderPage } from "./history-render.js";
import { preloadHtmlRenderer, renderBlocks, renderBlocksOffThread, type AsyncRenderer, type Renderer } from "./hub-render.js";

// The sidecar's session history for the panel protocol: one watcher (with its one cached index)
// over the project's transcript directory, started on first use and kept for the sidecar's life.
// The first history.list of a new sidecar answers at once from the persisted index cache (one
// file read) while the folder is checked in the background; what that check corrects reaches
// history.changed subscribers. Later lists answer from a fresh relist (only changed transcripts
// are read), history.changed subscribers hear every difference, history.load restores pages with rendered markdown like a
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
  /** Inline renderer (tests give a stub; then every record renders inline). */
  render?: Renderer;
  /** Renderer for big records, off the event loop (default: the render worker, unless `render` is given). */
  renderAsync?: AsyncRenderer;
  debounceMs?: number;
  pollMs?: number;
  /** Bytes a full-text search may read (default 512 MB) and how long it may take (default 10 s). */
  searchMaxBytes?: number;
  searchTimeoutMs?: number;
}

/** What a history subscriber hears: sessions added or changed, and ids removed. */
export type HistoryChange = { sessions: SessionSummary[]; removed: string[] };

/** One page of a restored session. */
export interface HistoryPage {
  sessionId: string;
  events: PanelEvent[];
  cursor: string | null;
  warnings?: string[];
}

/** One page of a subagent's transcript (or only what is known about it when the file is gone). */
export type SubagentPage = z.infer<typeof HistorySubagentResult>;

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The project's past sessions, shared by every client of the sidecar. */
export class PanelHistory {
  readonly dir: string;
  private watcher: SessionWatcher | undefined;
  private ready: Promise<void> | undefined;
  private current: IndexSummary[] = [];
  /** False while the list came from the cache and the first check of the folder has not finished. */
  private verified = false;
  private readonly listeners = new Set<(change: HistoryChange) => void>();
  private readonly render: Renderer;
  private readonly renderAsync: AsyncRenderer | undefined;
  private closed = false;

  constructor(private readonly opts: PanelHistoryOptions) {
    this.dir = opts.transcriptDir ?? transcriptDirFor(opts.project, opts.env, opts.home);
    this.render = opts.render ?? renderBlocks;
    this.renderAsync = opts.renderAsync ?? (opts.render ? undefined : renderBlocksOffThread);
  }

  /**
   * Sessions newest first, filtered by `query` (title and prompts); archived ones only when asked.
   * `verified` is false when the answer came from the index cache before the folder was checked
   * (right after the sidecar started); corrections then follow as history.changed.
   */
  async list(opts: { query?: string; includeArchived?: boolean } = {}): Promise<{ sessions: SessionSummary[]; verified: boolean }> {
    await this.start();
    const verified = this.verified;
    if (verified) await this.watcher!.refresh();
    const all = opts.includeArchived === true ? this.current : this.current.filter((s) => !s.archived);
    return { sessions: (opts.query ? searchSessions(all, opts.query) : all).map(toWire), verified };
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
    const { events, warnings } = this.bounded(await this.rendered(page.events), page.warnings);
    return { sessionId, events, cursor: page.cursor, ...(warnings.length > 0 ? { warnings } : {}) };
  }

  /**
   * Where a resumed chat's earlier conversation ends: a cursor at the transcript's last whole line
   * when the chat opens, so history.load with it pages back through what was said before, never
   * the chat's own new turns (claude appends them to the same file). Undefined when the session has
   * no readable transcript yet.
   */
  async resumePoint(sessionId: string): Promise<{ sessionId: string; cursor: string } | undefined> {
    if (!SESSION_ID.test(sessionId)) return undefined;
    let handle;
    try {
      handle = await open(join(this.dir, `${sessionId}.jsonl`), "r");
      const { size } = await handle.stat();
      const window = Math.min(size, 256 * 1024);
      const buf = Buffer.alloc(window);
      const { bytesRead } = await handle.read(buf, 0, window, size - window);
      const nl = buf.subarray(0, bytesRead).lastIndexOf(0x0a);
      return nl < 0 ? undefined : { sessionId, cursor: encodeCursor(size - window + nl + 1) };
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  }

  /** Give a session of this project the panel's own title (a fork's "Fork of …"); the list shows it from the next look. */
  async setTitle(sessionId: string, title: string): Promise<void> {
    if (!SESSION_ID.test(sessionId)) return;
    await setCustomTitle(this.dir, sessionId, title);
  }

  /**
   * One page of a subagent's transcript, found by its agent id or by the Agent tool call that
   * started it. A transcript that is gone (or a tool call with no subagent) is not an error: the
   * answer says `missing` with what the meta file knows, so the card keeps its summary.
   */
  async subagent(sessionId: string, ref: { agentId?: string; toolUseId?: string }, cursor: string | undefined, wantHtml: boolean): Promise<SubagentPage> {
    if (!SESSION_ID.test(sessionId)) throw notFound(sessionId);
    if (ref.agentId === undefined && ref.toolUseId === undefined) {
      throw new AgentPanelError("history_bad_request", "history.subagent needs the subagent's agentId (the taskId of its card) or the toolUseId of its Agent tool call.");
    }
    const file = join(this.dir, `${sessionId}.jsonl`);
    let agentId = ref.agentId;
    if (agentId === undefined) {
      agentId = (await listSubagents(file)).find((a) => a.toolUseId === ref.toolUseId)?.agentId;
      if (agentId === undefined) return { sessionId, toolUseId: ref.toolUseId, missing: true, events: [], cursor: null };
    }
    if (wantHtml && this.render === renderBlocks) await preloadHtmlRenderer();
    const r = await loadSubagentTranscript(file, agentId, cursor === undefined ? {} : { cursor });
    const { info } = r;
    const known = { sessionId, agentId, toolUseId: info.toolUseId ?? ref.toolUseId, description: info.description, agentType: info.agentType, model: info.model };
    if (r.missing) return { ...known, missing: true, events: [], cursor: null };
    const bounded = this.bounded(await this.rendered(r.page.events), r.page.warnings);
    return { ...known, missing: false, events: bounded.events, cursor: r.page.cursor, ...(bounded.warnings.length > 0 ? { warnings: bounded.warnings } : {}) };
  }

  /**
   * Every event small enough to send (a single 20–60 MB record used to disconnect the panel on
   * each open of its session): oversized ones are shortened or replaced, and the page says so.
   */
  private bounded(events: PanelEvent[], warnings: string[]): { events: PanelEvent[]; warnings: string[] } {
    let shortened = 0;
    const out = events.map((e) => {
      const b = boundEvent(e).event;
      if (b !== e) shortened++;
      return b;
    });
    if (shortened === 0) return { events: out, warnings };
    return {
      events: out,
      warnings: [...warnings, `${shortened} record${shortened === 1 ? " was" : "s were"} too large to send whole; their longest texts were shortened (the transcript file is unchanged).`],
    };
  }

  /** Final text blocks rendered like live messages (markdown once, in the sidecar; big ones in the render worker). */
  private rendered(events: ChatEvent[]): Promise<PanelEvent[]> {
    return renderPage(events, this.render, this.renderAsync);
  }

  /** Hear about every change of the session list until the returned function is called. */
  async subscribe(listener: (change: HistoryChange) => void): Promise<() => void> {
    await this.start();
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Stop watching (sidecar shutdown); resolves once the index cache is saved for the next start. */
  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.watcher?.close();
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
        seedFromCache: true,
      });
      this.watcher = watcher;
      const checked = watcher.ready.then((list) => {
        this.current = list;
        this.verified = true;
      });
      if (watcher.cached) this.current = watcher.cached;
      else await checked;
    })();
    return this.ready;
  }

  private changed(c: SessionChanges): void {
    this.current = c.sessions;
    this.verified = true; // every change comes from a check of the folder
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
  return new AgentPanelError(
    "session_not_found",
    `No saved session "${sessionId.slice(0, 80)}" in this project's history (it may have been deleted or belong to another project); refresh the history list.`,
    cause === undefined ? undefined : { cause },
  );
}
