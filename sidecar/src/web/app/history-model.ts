import type { PanelEvent } from "../../protocol/panel/events.js";
import type { ServerFrameOf } from "../../protocol/panel/frames.js";
import type { SessionSummary } from "../../protocol/panel/history.js";
import { reduceAll, type ChatView } from "./store.js";

// The History view's state and actions: the session list (filtered by a search over titles and
// prompts, kept current by history.changed), and one session opened read-only, page by page
// (newest first, "Load older" prepends). Resume hands the session to the live chat.

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
}

/** What the History view renders. */
export interface HistoryState {
  open: boolean;
  query: string;
  sessions: readonly SessionSummary[];
  loading: boolean;
  selected?: OpenedSession;
}

/** What the model needs from the app. */
export interface HistoryDeps {
  request(cmd: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  changed(): void;
  toast(message: string): void;
  resume(sessionId: string): Promise<unknown>;
}

/** The History view's model. */
export class HistoryModel {
  state: HistoryState = { open: false, query: "", sessions: [], loading: false };
  private listSeq = 0;
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

  /** Filter the list by title and prompts (debounced). */
  search(query: string): void {
    this.set({ query });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.list(), 150);
  }

  /** Open a session read-only (its newest page). */
  async openSession(sessionId: string): Promise<void> {
    const title = this.state.sessions.find((s) => s.id === sessionId)?.title ?? `Session ${sessionId.slice(0, 8)}`;
    this.set({ selected: { sessionId, title, events: [], view: reduceAll([]), cursor: null, loading: true, olderPages: 0 } });
    const page = await this.load(sessionId);
    const sel = this.state.selected;
    if (!page || sel?.sessionId !== sessionId) return;
    this.set({ selected: { ...sel, events: page.events, view: reduceAll(page.events), cursor: page.cursor, loading: false } });
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
    this.set({ selected: { ...now, events, view: reduceAll(events), cursor: page.cursor, loading: false, olderPages: now.olderPages + 1 } });
  }

  /** Close the opened session (back to the list). */
  closeSession(): void {
    this.set({ selected: undefined });
  }

  /** Resume the opened (or given) session as a live chat and leave the history. */
  async resume(sessionId = this.state.selected?.sessionId): Promise<void> {
    if (sessionId === undefined) return;
    this.hide();
    await this.deps.resume(sessionId);
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
      if (s.archived || !matches(s, this.state.query)) byId.delete(s.id);
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

  private async list(): Promise<void> {
    const seq = ++this.listSeq;
    this.set({ loading: true });
    try {
      const query = this.state.query.trim();
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

/** The sidecar's list filter, for sessions arriving in history.changed (title, prompts, id prefix). */
export function matches(s: SessionSummary, query: string): boolean {
  const q = query.trim().normalize("NFKC").toLowerCase();
  if (q === "") return true;
  return s.id.startsWith(q) || [s.title, s.firstPrompt, s.lastPrompt].some((t) => t !== undefined && t.normalize("NFKC").toLowerCase().includes(q));
}
