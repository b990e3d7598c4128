import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { Chat, type ChatOptions } from "../../chat/chat.js";
import { assertModeAllowed } from "../../chat/permission-mode.js";
import { AgentPanelError, reportInternal } from "../../shared/errors.js";
import type { ChatSummary } from "../../protocol/panel/events.js";
import { ChatHub, type HubChat, type HubOptions } from "./hub.js";

// The sidecar's open chats. Creates each Chat with the caller's defaults plus the client's open
// parameters, wraps it in a ChatHub, lists summaries, and closes chats one by one or all at once
// (awaited on sidecar exit so no claude process outlives it). Emits "change" (debounced) whenever
// the chat list or a chat's summary changes, for the `chats` frame.

/** Parameters a client may give when opening a chat. */
export interface OpenParams {
  resume?: string;
  fork?: boolean;
  model?: string;
  permissionMode?: string;
  allowBypassPermissions?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  /** A claude binary chosen in the panel's settings (already located and checked by the caller). */
  claudePath?: string;
  /** Allow the sidecar's read-only tools without a card (default true). */
  preAllowReadOnlyTools?: boolean;
  /** The chat's title from the start (a resumed session's), instead of its first prompt. */
  title?: string;
}

/** How the registry creates chats. */
export interface RegistryOptions {
  /** Options every chat starts from: claudePath, cwd (the project root), env, … */
  chatDefaults: ChatOptions;
  hub?: HubOptions;
  /** Delay that batches change notifications (default 50 ms). */
  changeDelayMs?: number;
  /** Most chats open at once (default 16). */
  maxChats?: number;
  /** Replace Chat construction (tests). */
  createChat?: (options: ChatOptions) => HubChat;
  /** Issues each chat its own /mcp credential (a config file for --mcp-config), revoked when the chat closes. */
  chatCredential?: () => { mcpConfig: string; revoke(): void };
}

/** All open chats of this sidecar. */
export class ChatRegistry extends EventEmitter<{ change: [] }> {
  private readonly hubs = new Map<string, ChatHub>();
  private counter = 0;
  private changeTimer: NodeJS.Timeout | undefined;
  private readonly watchers = new Set<() => void>();
  private shuttingDown = false;

  constructor(private readonly options: RegistryOptions) {
    super();
  }

  /**
   * Call `fn` (debounced) whenever the chat list changes; returns the unsubscribe. One Set for every
   * client instead of one EventEmitter listener each: a thousand connections must not trip the
   * listener-leak warning or grow anything that outlives them.
   */
  watch(fn: () => void): () => void {
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  }

  /** Number of watch() subscriptions (diagnostics and tests). */
  get watcherCount(): number {
    return this.watchers.size;
  }

  /** The claude executable chats start with unless a client names another allowed one. */
  get defaultClaudePath(): string {
    return this.options.chatDefaults.claudePath;
  }

  /** The project root chats run in. */
  get project(): string {
    return this.options.chatDefaults.cwd;
  }

  /** Open a chat and start its claude process in the background; returns its hub at once. */
  open(params: OpenParams = {}): ChatHub {
    if (this.shuttingDown) throw new AgentPanelError("shutting_down", "The sidecar is shutting down; reconnect in a moment.");
    assertModeAllowed(params.permissionMode ?? this.options.chatDefaults.permissionMode, params.allowBypassPermissions ?? this.options.chatDefaults.allowBypassPermissions);
    const max = this.options.maxChats ?? 16;
    if (this.hubs.size >= max) throw new AgentPanelError("too_many_chats", `${max} chats are already open; close one before opening another.`);
    const chatOptions: ChatOptions = {
      ...this.options.chatDefaults,
      ...(params.resume !== undefined ? { resume: params.resume } : {}),
      ...(params.fork !== undefined ? { forkSession: params.fork } : {}),
      ...(params.model !== undefined ? { model: params.model } : {}),
      ...(params.permissionMode !== undefined ? { permissionMode: params.permissionMode } : {}),
      ...(params.allowBypassPermissions !== undefined ? { allowBypassPermissions: params.allowBypassPermissions } : {}),
      ...(params.allowedTools?.length ? { allowedTools: params.allowedTools } : {}),
      ...(params.disallowedTools?.length ? { disallowedTools: params.disallowedTools } : {}),
      ...(params.claudePath !== undefined ? { claudePath: params.claudePath } : {}),
      ...(params.preAllowReadOnlyTools !== undefined ? { preAllowReadOnlyTools: params.preAllowReadOnlyTools } : {}),
    };
    const credential = this.options.chatCredential?.();
    if (credential) chatOptions.mcpConfig = credential.mcpConfig;
    let hub: ChatHub;
    const chatId = `c${++this.counter}-${randomBytes(3).toString("hex")}`;
    // A chat's file copies are kept under its id (unique per sidecar run: the random part).
    const turnFiles = this.options.chatDefaults.turnFiles;
    if (turnFiles !== false) chatOptions.turnFiles = { ...turnFiles, key: chatId };
    try {
      const chat = this.options.createChat ? this.options.createChat(chatOptions) : new Chat(chatOptions);
      hub = new ChatHub(
        chatId,
        chat,
        { cwd: chatOptions.cwd, model: chatOptions.model, permissionMode: chatOptions.permissionMode, ...(params.title !== undefined ? { title: params.title } : {}) },
        this.options.hub,
      );
    } catch (err) {
      credential?.revoke();
      throw err;
    }
    this.hubs.set(chatId, hub);
    hub.on("change", () => this.changed());
    hub.once("closed", () => {
      credential?.revoke();
      this.hubs.delete(chatId);
      this.changed();
    });
    void hub.start();
    this.changed();
    return hub;
  }

  /** The hub of an open chat, or undefined. */
  get(chatId: string): ChatHub | undefined {
    return this.hubs.get(chatId);
  }

  /** The hub of an open chat, or a typed `chat_not_found` error. */
  require(chatId: string): ChatHub {
    const hub = this.hubs.get(chatId);
    if (!hub) throw new AgentPanelError("chat_not_found", `No open chat "${chatId}" (it may have been closed); refresh the chat list.`);
    return hub;
  }

  /** Summaries of the open chats, oldest first. */
  list(): ChatSummary[] {
    return [...this.hubs.values()].map((h) => h.summary());
  }

  /** Number of open chats. */
  get size(): number {
    return this.hubs.size;
  }

  /** Close one chat (stops its claude process). */
  async close(chatId: string): Promise<void> {
    await this.require(chatId).close();
  }

  /** Close every chat and refuse new ones; resolves when all claude processes are stopped. */
  async closeAll(): Promise<void> {
    this.shuttingDown = true;
    await Promise.allSettled([...this.hubs.values()].map((h) => h.close()));
    if (this.changeTimer) clearTimeout(this.changeTimer);
    this.changeTimer = undefined;
  }

  private changed(): void {
    if (this.changeTimer) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = undefined;
      this.emit("change");
      for (const fn of [...this.watchers]) {
        try {
          fn();
        } catch (err) {
          reportInternal("chat list watcher", err);
        }
      }
    }, this.options.changeDelayMs ?? 50);
  }
}
