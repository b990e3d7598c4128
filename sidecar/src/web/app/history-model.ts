import type { PanelEvent } from "../../protocol/panel/events.js";
import type { ServerFrameOf } from "../../protocol/panel/frames.js";
import type { SearchHit, SessionSummary } from "../../protocol/panel/history.js";
import { reduceAll, type ChatView } from "./store.js";

// The History view's state and actions: the session list (filtered by a search over titles and
// prompts, kept current by history.changed) or, with "Full text" on, the hits of a full-text
// search; and one session opened read-only, page by page (newest first, "Load older" prepends),
// whose subagent cards load their own transcript when expanded. Resume hands the session to the
// live chat.

/** A past session opened read-only. */
export interface OpenedSession {
  sessionId: string;
  title: string;
  /** Every loaded event, oldest first. */
  events: readonly PanelEvent[];
  view: ChatView;
  /** Cursor of the next older page; null when the beginning is loaded. */
  cursor: string | null;
  loading: boolean;
  /** Increments when older events are prepended (the view keeps the scroll position then). */
  olderPages: number;
  /** Subagent transcripts the user expanded, by the card's taskId (the agent id). */
  subagents: Readonly<Record<string, SubagentState>>;
}

/** An expanded subagent card: loading, its events (shown under the card), or gone from disk. */
export type SubagentState = { status: "loading" } | { status: "loaded"; events: readonly PanelEvent[] } | { status: "missing" };

/** Full-text search results (only while "Full text" is on and the query is not empty). */
export interface TextSearch {
  query: string;
  hits: readonly SearchHit[];
  searching: boolean;
  /** Why the sidecar stopped early (max_hits, max_bytes, aborted), if it did. */
  stopped?: string;
}

/** What the History view renders. */
export interface HistoryState {
  open: boolean;
  query: string;
  sessions: readonly SessionSummary[];
  loading: boolean;
  /** Search the whole transcripts (history.search) instead of titles and prompts. */
  fullText: boolean;
  text?: TextSearch;
  selected?: OpenedSession;
}

/** What the model needs from the app. */
export interface HistoryDeps {
  request(cmd: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  changed(): void;
  toast(message: string): void;
  resume(sessionId: string, fork: boolean): Promise<unknown>;
}

/** The History view's model. */
export class HistoryModel {
  state: HistoryState = { open: false, query: "", sessions: [], loading: false, fullText: false };
  private listSeq = 0;
  private searchSeq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: HistoryDeps) {}

  /** Show the history: subscribe to changes, then list. */
  show(): void {
    if (this.state.open) return;
    this.set({ open: true });
    void this.sync();
  }

  /** Back to the live chat (stops the change frames). */
  hide(): void {
    if (!this.state.open) return;
    this.set({ open: false, selected: undefined });
    this.deps.request("history.unsubscribe").catch(() => undefined);
  }

  /** Filter the list by title and prompts, or search the full text when that is on (debounced). */
  search(query: string): void {
    this.set({ query });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void (this.state.fullText ? this.searchText() : this.list()), this.state.fullText ? 300 : 150);
  }

  /** Switch between filtering titles and prompts, and searching the full text of every session. */
  setFullText(on: boolean): void {
    if (on === this.state.fullText) return;
    this.set({ fullText: on, text: undefined });
    if (this.timer) clearTimeout(this.timer);
    void this.list(); // the plain list is unfiltered in full-text mode
    if (on) void this.searchText();
  }

  /** Open a session read-only (its newest page); `title` when the list does not have it (a search hit). */
  async openSession(sessionId: string, title?: string): Promise<void> {
    const known = this.state.sessions.find((s) => s.id === sessionId)?.title ?? title ?? `Session ${sessionId.slice(0, 8)}`;
    this.set({ selected: { sessionId, title: known, events: [], view: reduceAll([]), cursor: null, loading: true, olderPages: 0, subagents: {} } });
    const page = await this.load(sessionId);
    const sel = this.state.selected;
    if (!page || sel?.sessionId !== sessionId) return;
    this.set({ selected: { ...sel, events: page.events, view: viewOf(page.events, sel.subagents), cursor: page.cursor, loading: false } });
  }

  /** Expand a subagent card (its transcript is loaded now, once) or collapse it again. */
  async toggleSubagent(taskId: string, toolUseId?: string): Promise<void> {
    const sel = this.state.selected;
    if (!sel) return;
    const current = sel.subagents[taskId];
    if (current?.status === "loading") return;
    if (current !== undefined) return this.setSubagent(sel.sessionId, taskId, undefined);
    this.setSubagent(sel.sessionId, taskId, { status: "loading" });
    try {
      const r = await this.deps.request("history.subagent", { sessionId: sel.sessionId, agentId: taskId, ...(toolUseId ? { toolUseId } : {}) });
      this.setSubagent(sel.sessionId, taskId, r.missing === true ? { status: "missing" } : { status: "loaded", events: r.events as PanelEvent[] });
    } catch (err) {
      this.setSubagent(sel.sessionId, taskId, undefined);
      this.deps.toast((err as Error).message);
    }
  }

  /** Prepend the next older page of the opened session. */
  async loadOlder(): Promise<void> {
    const sel = this.state.selected;
    if (!sel || sel.cursor === null || sel.loading) return;
    this.set({ selected: { ...sel, loading: true } });
    const page = await this.load(sel.sessionId, sel.cursor);
    const now = this.state.selected;
    if (now?.sessionId !== sel.sessionId) return;
    if (!page) return this.set({ selected: { ...now, loading: false } });
    const events = [...page.events, ...now.events];
    this.set({ selected: { ...now, events, view: viewOf(events, now.subagents), cursor: page.cursor, loading: false, olderPages: now.olderPages + 1 } });
  }

  /** Close the opened session (back to the list). */
  closeSession(): void {
    this.set({ selected: undefined });
  }

  /** Resume the opened (or given) session as a live chat and leave the history; a fork continues under a new session id. */
  async resume(sessionId = this.state.selected?.sessionId, fork = false): Promise<void> {
    if (sessionId === undefined) return;
    this.hide();
    await this.deps.resume(sessionId, fork);
  }

  /** After every (re)connect: the subscription is gone with the old socket, so take it again. */
  onWelcome(): void {
    if (this.state.open) void this.sync();
  }

  /** Merge a history.changed frame into the list. */
  onChanged(frame: ServerFrameOf<"history.changed">): void {
    if (!this.state.open) return;
    const gone = new Set(frame.removed);
    const byId = new Map(this.state.sessions.filter((s) => !gone.has(s.id)).map((s) => [s.id, s]));
    for (const s of frame.sessions) {
      if (s.archived || !matches(s, this.state.fullText ? "" : this.state.query)) byId.delete(s.id);
      else byId.set(s.id, s);
    }
    const sessions = [...byId.values()].sort((a, b) => (a.lastActivity < b.lastActivity ? 1 : a.lastActivity > b.lastActivity ? -1 : 0));
    this.set({ sessions });
  }

  private async sync(): Promise<void> {
    try {
      await this.deps.request("history.subscribe");
    } catch (err) {
      this.deps.toast((err as Error).message);
    }
    await this.list();
  }

  private setSubagent(sessionId: string, taskId: string, next: SubagentState | undefined): void {
    const sel = this.state.selected;
    if (sel?.sessionId !== sessionId) return;
    const subagents = { ...sel.subagents };
    if (next === undefined) delete subagents[taskId];
    else subagents[taskId] = next;
    this.set({ selected: { ...sel, subagents, view: viewOf(sel.events, subagents) } });
  }

  private async searchText(): Promise<void> {
    const seq = ++this.searchSeq;
    const query = this.state.query.trim();
    if (!this.state.fullText || query === "") return this.set({ text: undefined });
    this.set({ text: { query, hits: this.state.text?.hits ?? [], searching: true } });
    try {
      const r = await this.deps.request("history.search", { text: query, limit: 50 });
      if (seq !== this.searchSeq) return;
      this.set({ text: { query, hits: r.hits as SearchHit[], searching: false, ...(typeof r.stopped === "string" ? { stopped: r.stopped } : {}) } });
    } catch (err) {
      if (seq === this.searchSeq) this.set({ text: { query, hits: [], searching: false } });
      this.deps.toast((err as Error).message);
    }
  }

  private async list(): Promise<void> {
    const seq = ++this.listSeq;
    this.set({ loading: true });
    try {
      const query = this.state.fullText ? "" : this.state.query.trim();
      const r = await this.deps.request("history.list", query ? { query } : {});
      if (seq === this.listSeq) this.set({ sessions: r.sessions as SessionSummary[], loading: false });
    } catch (err) {
      if (seq === this.listSeq) this.set({ loading: false });
      this.deps.toast((err as Error).message);
    }
  }

  private async load(sessionId: string, cursor?: string): Promise<{ events: PanelEvent[]; cursor: string | null } | undefined> {
    try {
      const r = await this.deps.request("history.load", cursor ? { sessionId, cursor } : { sessionId });
      return { events: r.events as PanelEvent[], cursor: (r.cursor as string | null | undefined) ?? null };
    } catch (err) {
      this.deps.toast((err as Error).message);
      const sel = this.state.selected;
      if (sel?.sessionId === sessionId && sel.events.length === 0) this.set({ selected: undefined });
      return undefined;
    }
  }

  private set(patch: Partial<HistoryState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.changed();
  }
}

/** The transcript's view with each expanded subagent's events placed right after its card. */
export function viewOf(events: readonly PanelEvent[], subagents: Readonly<Record<string, SubagentState>>): ChatView {
  const open = Object.entries(subagents).filter(([, s]) => s.status === "loaded");
  if (open.length === 0) return reduceAll(events);
  const pending = new Map(open.map(([id, s]) => [id, (s as { events: readonly PanelEvent[] }).events]));
  const out: PanelEvent[] = [];
  for (const e of events) {
    out.push(e);
    const nested = e.type === "subagent" ? pending.get(e.taskId) : undefined;
    if (nested) {
      out.push(...nested);
      pending.delete(e.type === "subagent" ? e.taskId : "");
    }
  }
  return reduceAll(out);
}

/** The sidecar's list filter, for sessions arriving in history.changed (title, prompts, id prefix). */
export function matches(s: SessionSummary, query: string): boolean {
  const q = query.trim().normalize("NFKC").toLowerCase();
  if (q === "") return true;
  return s.id.startsWith(q) || [s.title, s.firstPrompt, s.lastPrompt].some((t) => t !== undefined && t.normalize("NFKC").toLowerCase().includes(q));
}
