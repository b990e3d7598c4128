import { chatOpenOptions, loadSettings } from "./preferences.js";
import type { ContextAttachment, PermissionAnswer } from "../../protocol/panel/inputs.js";
import { attachmentProblem } from "../../protocol/panel/limits.js";
import type { ChatSummary, PanelEvent } from "../../protocol/panel/events.js";
import { CommandError, PanelConnection, type ConnectionStatus, type SocketFactory } from "./connection.js";
import { mergedView, startEarlier, withPage, type EarlierConversation } from "./earlier.js";
import { HistoryModel } from "./history-model.js";
import { emptyChatView, isBusy, reduce, reduceAll, type ChatView } from "./store.js";

// The panel's application state and actions, between the connection and the view: the chat
// list, the active chat, one reduced ChatView per subscribed chat, and error toasts. The view
// calls the actions and re-renders on change; no DOM here.

/** A message shown in the alert area until dismissed or expired. */
export interface Toast {
  id: number;
  message: string;
}

/** Everything the view renders. */
export interface AppState {
  connection: ConnectionStatus;
  project?: string;
  serverVersion?: string;
  chats: readonly ChatSummary[];
  activeChatId?: string;
  views: ReadonlyMap<string, ChatView>;
  /** The earlier conversation of chats this page resumed, by chat id. */
  earlier: ReadonlyMap<string, EarlierConversation>;
  toasts: readonly Toast[];
}

/** How the controller connects. */
export interface ControllerOptions {
  url: string;
  token: string;
  createSocket: SocketFactory;
  clientVersion?: string;
  /** How long a toast stays (default 10 s). */
  toastMs?: number;
}

/** The app: state, change notifications, and the user's actions. */
export class PanelController {
  state: AppState = { connection: { phase: "connecting", attempt: 0 }, chats: [], views: new Map(), earlier: new Map(), toasts: [] };
  /** The History view (past sessions); its changes notify the same listeners. */
  readonly history: HistoryModel;
  private readonly listeners = new Set<() => void>();
  private readonly conn: PanelConnection;
  private toastId = 0;
  private autoSelected = false;
  /** Chats opened by this page that no chats frame has listed yet (the list is debounced). */
  private readonly justOpened = new Set<string>();
  /** The last summary the sidecar listed for each chat, so a gone chat keeps its title. */
  private readonly lastSummaries = new Map<string, ChatSummary>();

  constructor(private readonly opts: ControllerOptions) {
    this.history = new HistoryModel({
      request: (cmd, params) => this.conn.request(cmd, params),
      changed: () => this.notify(),
      toast: (message) => this.toast(message),
      resume: (sessionId, fork) => this.open(sessionId, fork),
    });
    this.conn = new PanelConnection({
      url: opts.url,
      token: opts.token,
      createSocket: opts.createSocket,
      clientVersion: opts.clientVersion,
      handlers: {
        onStatus: (connection) => this.set({ connection }),
        onWelcome: (w) => {
          this.set({ project: w.project, serverVersion: w.serverVersion });
          this.history.onWelcome();
        },
        onHistoryChanged: (frame) => this.history.onChanged(frame),
        onChats: (chats) => this.onChats(chats),
        onSnapshot: (chatId, _seq, events) => this.setView(chatId, reduceAll(events)),
        onEvent: (chatId, _seq, event) => this.setView(chatId, reduce(this.view(chatId) ?? emptyChatView(), event)),
        onSubscribeFailed: (_chatId, err) => this.toast(err.message),
        onProtocolError: (_code, message) => this.toast(message),
      },
    });
  }

  /** Connect. */
  start(): void {
    this.conn.start();
  }

  /** Disconnect for good. */
  stop(): void {
    this.conn.stop();
  }

  /** Call `fn` after every state change; returns the unsubscribe function. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** The reduced view of a chat, if subscribed. */
  view(chatId: string | undefined): ChatView | undefined {
    return chatId === undefined ? undefined : this.state.views.get(chatId);
  }

  /** What the transcript shows for a chat: a resumed session's earlier conversation, then the chat's own events. */
  displayView(chatId: string | undefined): ChatView | undefined {
    return chatId === undefined ? undefined : mergedView(this.state.earlier.get(chatId), this.view(chatId));
  }

  /** The earlier conversation of a resumed chat, if it has one. */
  earlier(chatId: string | undefined): EarlierConversation | undefined {
    return chatId === undefined ? undefined : this.state.earlier.get(chatId);
  }

  /** Prepend the next older page of the active chat's earlier conversation. */
  async loadOlder(chatId = this.state.activeChatId): Promise<void> {
    const e = this.earlier(chatId);
    if (chatId === undefined || !e || e.cursor === null || (e.loading && e.events.length > 0)) return;
    this.setEarlier(chatId, { ...e, loading: true });
    try {
      const r = await this.conn.request("history.load", { sessionId: e.sessionId, cursor: e.cursor });
      const now = this.earlier(chatId);
      if (now) this.setEarlier(chatId, withPage(now, r.events as PanelEvent[], (r.cursor as string | null | undefined) ?? null));
    } catch (err) {
      const now = this.earlier(chatId);
      if (now) this.setEarlier(chatId, { ...now, loading: false });
      this.toast((err as Error).message);
    }
  }

  /** The active chat's summary, if it is open. */
  activeSummary(): ChatSummary | undefined {
    return this.state.chats.find((c) => c.chatId === this.state.activeChatId);
  }

  /** True when a chat this page showed is no longer open on the sidecar. */
  isGone(chatId: string | undefined): boolean {
    return chatId !== undefined && this.state.views.has(chatId) && !this.justOpened.has(chatId) && !this.state.chats.some((c) => c.chatId === chatId);
  }

  /** The session of a chat that is gone (for "Resume this session"); undefined if open or it had none. */
  goneSession(chatId = this.state.activeChatId): string | undefined {
    return this.isGone(chatId) ? this.view(chatId)?.info.sessionId : undefined;
  }

  /** The last summary of a chat that is gone (its title stays on screen), if it was listed. */
  goneSummary(chatId = this.state.activeChatId): ChatSummary | undefined {
    return chatId !== undefined && this.isGone(chatId) ? this.lastSummaries.get(chatId) : undefined;
  }

  /** Resume the session of the active chat that is gone, in a new chat, and show it. */
  async resumeGone(): Promise<string | undefined> {
    const sessionId = this.goneSession();
    return sessionId === undefined ? undefined : this.open(sessionId);
  }

  /** Skip the reconnect wait. */
  reconnectNow(): void {
    this.conn.reconnectNow();
  }

  /** Show a chat (subscribing to it). */
  select(chatId: string): void {
    this.conn.subscribe(chatId);
    if (!this.state.views.has(chatId)) this.setView(chatId, emptyChatView());
    this.set({ activeChatId: chatId });
  }

  /** Open a new chat, or resume a session by id (as a fork: under a new session id), and show it. */
  async open(resume?: string, fork = false): Promise<string | undefined> {
    return this.run(async () => {
      return this.openAndSelect(resume, fork);
    });
  }

  /** Close a chat (stops its claude process). */
  async close(chatId: string): Promise<void> {
    await this.run(() => this.conn.request("chat.close", { chatId }));
  }

  /** Send a prompt (with optional context) to the active chat, opening a chat first when there is none. True if sent. */
  async send(text: string, attachments: ContextAttachment[] = []): Promise<boolean> {
    if (text.trim() === "" && attachments.length === 0) return false;
    const result = await this.run(async () => {
      // Refused here, with the sidecar's numbers and words, before a chat is opened or a byte sent.
      const tooLarge = attachmentProblem(attachments, (t) => new TextEncoder().encode(t).length);
      if (tooLarge !== undefined) throw new CommandError("attachment_too_large", tooLarge);
      let chatId = this.state.activeChatId;
      const open = chatId !== undefined && (this.justOpened.has(chatId) || this.state.chats.some((c) => c.chatId === chatId));
      // A chat that is gone (the sidecar restarted) resumes its session: never a silent new one.
      if (chatId === undefined || !open) chatId = await this.openAndSelect(chatId !== undefined ? this.goneSession(chatId) : undefined);
      await this.conn.request("chat.send", attachments.length > 0 ? { chatId, text, attachments } : { chatId, text });
      return true;
    });
    return result === true;
  }

  /** Interrupt the active chat's turn. */
  async interrupt(): Promise<void> {
    const chatId = this.state.activeChatId;
    if (chatId !== undefined) await this.run(() => this.conn.request("chat.interrupt", { chatId }));
  }

  /** Answer a permission card of the active chat; rejects with the server's error. */
  async answer(requestId: string, answer: PermissionAnswer): Promise<void> {
    const chatId = this.state.activeChatId;
    if (chatId === undefined) return;
    await this.conn.request("permission.answer", { chatId, requestId, answer });
  }

  /** Put a turn's files back; when some changed since the turn, ask (confirm) before overwriting them. */
  async revertFiles(turnId: string, confirm: (message: string) => boolean = (m) => window.confirm(m)): Promise<void> {
    const chatId = this.state.activeChatId;
    if (chatId === undefined) return;
    try {
      await this.conn.request("chat.revertFiles", { chatId, turnId });
    } catch (err) {
      if (!(err instanceof CommandError) || err.code !== "files_changed_since") return void this.toast(err instanceof CommandError ? err.message : `Unexpected error: ${(err as Error).message}`);
      if (!confirm(`${err.message}\n\nRevert anyway and lose those later changes?`)) return;
      await this.run(() => this.conn.request("chat.revertFiles", { chatId, turnId, force: true }));
    }
  }

  /** Change the active chat's model (null = the default model). */
  async setModel(model: string | null): Promise<void> {
    const chatId = this.state.activeChatId;
    if (chatId !== undefined) await this.run(() => this.conn.request("chat.setModel", { chatId, model }));
  }

  /** Change the active chat's permission mode. */
  async setPermissionMode(mode: string): Promise<void> {
    const chatId = this.state.activeChatId;
    if (chatId !== undefined) await this.run(() => this.conn.request("chat.setPermissionMode", { chatId, mode }));
  }

  /** Ask the Unity Editor to open a project path from an asset link; rejects with the sidecar's error (e.g. unity_not_connected). */
  async openAsset(ref: string): Promise<void> {
    await this.conn.request("asset.open", { ref });
  }

  /** True while the active chat runs a turn. */
  activeBusy(): boolean {
    const v = this.view(this.state.activeChatId);
    // A gone chat's last view may have been mid-turn: nothing runs any more.
    return v !== undefined && isBusy(v) && !this.isGone(this.state.activeChatId);
  }

  /** Show an error message for a while. */
  toast(message: string): void {
    const toast = { id: ++this.toastId, message };
    this.set({ toasts: [...this.state.toasts, toast].slice(-4) });
    setTimeout(() => this.dismiss(toast.id), this.opts.toastMs ?? 10_000);
  }

  /** Remove a toast. */
  dismiss(id: number): void {
    if (this.state.toasts.some((t) => t.id === id)) this.set({ toasts: this.state.toasts.filter((t) => t.id !== id) });
  }

  private async openAndSelect(resume?: string, fork = false): Promise<string> {
    // The Settings view's defaults apply to every chat this page opens (new or resumed).
    const options = chatOpenOptions(loadSettings());
    const result = await this.conn.request("chat.open", resume ? { resume, ...(fork ? { fork: true } : {}), ...options } : options);
    const chatId = String(result.chatId);
    if (result.alreadyOpen !== true) this.justOpened.add(chatId);
    const history = result.history as { sessionId: string; cursor: string } | undefined;
    if (history && !this.state.earlier.has(chatId)) {
      this.setEarlier(chatId, startEarlier(history.sessionId, history.cursor));
      void this.loadOlder(chatId);
    }
    this.select(chatId);
    return chatId;
  }

  private onChats(chats: ChatSummary[]): void {
    // Chats that are gone (closed, or the sidecar restarted) are no longer followed; their last
    // view stays visible until the user picks another chat.
    const open = new Set(chats.map((c) => c.chatId));
    for (const c of chats) this.lastSummaries.set(c.chatId, c);
    for (const chatId of open) this.justOpened.delete(chatId);
    for (const chatId of [...this.conn.subscriptions]) if (!open.has(chatId) && !this.justOpened.has(chatId)) this.conn.forget(chatId);
    this.set({ chats });
    // On first contact, show the most recent chat so a reload lands where the user was.
    if (!this.autoSelected && this.state.activeChatId === undefined && chats.length > 0) this.select(chats[chats.length - 1]!.chatId);
    this.autoSelected = true;
  }

  /** Run an action; a failure becomes a toast and resolves undefined. */
  private async run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.toast(err instanceof CommandError ? err.message : `Unexpected error: ${(err as Error).message}`);
      return undefined;
    }
  }

  private setView(chatId: string, view: ChatView): void {
    const views = new Map(this.state.views);
    views.set(chatId, view);
    this.set({ views });
  }

  private setEarlier(chatId: string, e: EarlierConversation): void {
    const earlier = new Map(this.state.earlier);
    earlier.set(chatId, e);
    this.set({ earlier });
  }

  private set(patch: Partial<AppState>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }
}
