import { EventEmitter } from "node:events";
import { AgentPanelError, reportInternal } from "../../shared/errors.js";
import type { ContextAttachment } from "../../chat/attachments.js";
import type { ChatEvent, ChatStateName } from "../../protocol/chat-events.js";
import type { PermissionAnswer } from "../../chat/permissions.js";
import type { ChatSummary, PanelEvent, PanelEventOf } from "../../protocol/panel/events.js";
import { compact } from "./compact.js";
import { EventRing } from "./hub-buffer.js";
import { DeltaCoalescer, realClock, type HubClock } from "./hub-coalesce.js";
import { renderBlocks, renderBlocksOffThread, type AsyncRenderer, type Renderer } from "./hub-render.js";
import { RenderGate } from "./hub-render-gate.js";
import { boundEvent } from "./hub-bounds.js";

// One ChatHub per chat: the single place where a chat's events become numbered panel events.
// It coalesces deltas, renders final markdown once, numbers events (seq 1, 2, … per chat), keeps
// a ring buffer for exact replay and a compacted log for snapshots, and fans events out to the
// subscribed clients. It also serializes permission answers so only the first one counts.

/** The parts of Chat the hub and the router use (tests may pass a stand-in). */
export interface HubChat {
  on(event: "event", listener: (event: ChatEvent) => void): unknown;
  off(event: "event", listener: (event: ChatEvent) => void): unknown;
  readonly state: ChatStateName;
  readonly sessionId: string | undefined;
  start(): Promise<void>;
  close(): Promise<void>;
  send(text: string, attachments?: ContextAttachment[]): Promise<string>;
  interrupt(): Promise<void>;
  answerPermission(requestId: string, answer: PermissionAnswer): Promise<void>;
  setModel(model: string | null): Promise<void>;
  setPermissionMode(mode: string): Promise<void>;
  /** Put a finished turn's files back (absent in stand-ins without turn files). */
  revertFiles?(turnId: string, options: { force?: boolean; paths?: string[] }): { restored: string[]; skipped: { path: string; reason: string }[] };
}

/** Tuning knobs; every default is what the sidecar uses. */
export interface HubOptions {
  /** Delta coalescing window per message (default 33 ms; 0 = off). */
  coalesceMs?: number;
  /** Replay buffer bounds (defaults 10,000 events, 32 MB). */
  bufferEvents?: number;
  bufferBytes?: number;
  clock?: HubClock;
  /** Inline renderer (tests give a stub; then every message renders inline). */
  render?: Renderer;
  /** Renderer for big messages, off the event loop (default: the render worker, unless `render` is given). */
  renderAsync?: AsyncRenderer;
}

/** What the hub knows about a chat before its init event arrives. */
export interface HubMeta {
  cwd: string;
  model?: string;
  permissionMode?: string;
  /** The resumed session's title (else the first prompt names the chat). */ title?: string;
}

/** Receives a subscriber's live events. */
export type HubSink = (seq: number, event: PanelEvent) => void;

/** What a subscriber gets first: replayed events, or one snapshot. */
export type HubDelivery = { kind: "event"; seq: number; event: PanelEvent } | { kind: "snapshot"; seq: number; events: PanelEvent[] };

/** The answer to subscribe: the catch-up to send now (after the ack), then live events go to the sink. */
export interface HubSubscription {
  mode: "replay" | "snapshot";
  fromSeq: number;
  lastSeq: number;
  initial: HubDelivery[];
  unsubscribe(): void;
}

/** Numbered, buffered, fanned-out event stream of one chat. Emits "change" when its summary changes. */
export class ChatHub extends EventEmitter<{ change: []; closed: [] }> {
  private seq = 0;
  private readonly ring: EventRing;
  private log: PanelEvent[] = [];
  private compactedLength = 0;
  private readonly coalescer: DeltaCoalescer;
  private readonly sinks = new Set<HubSink>();
  private readonly pending = new Map<string, { seq: number; event: PanelEventOf<"permission_requested"> }>();
  private readonly resolved = new Map<string, string>();
  private readonly answering = new Set<string>();
  private readonly gate: RenderGate;
  private readonly listener = (event: ChatEvent): void => {
    if (this.sawClosed) return; // `state closed` is a chat's last event, whatever the chat still emits
    try {
      this.coalescer.push(event);
    } catch (err) {
      // Publishing is bounded and guarded; this is the last net so a hub bug never reaches claude's stdout handler.
      reportInternal(`chat ${this.chatId} hub`, err);
    }
  };
  private title: string | undefined;
  private started: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private isClosed = false;
  private sawClosed = false;

  constructor(
    readonly chatId: string,
    readonly chat: HubChat,
    private readonly meta: HubMeta,
    options: HubOptions = {},
  ) {
    super();
    this.title = meta.title;
    this.ring = new EventRing(options.bufferEvents ?? 10_000, options.bufferBytes ?? 32 * 1024 * 1024);
    const renderAsync = options.renderAsync ?? (options.render ? undefined : renderBlocksOffThread);
    this.gate = new RenderGate(`chat ${chatId} hub`, options.render ?? renderBlocks, renderAsync, (e) => this.publish(e));
    this.coalescer = new DeltaCoalescer(options.coalesceMs ?? 33, options.clock ?? realClock, (e) => this.gate.push(e));
    chat.on("event", this.listener);
  }

  /** Seq of the last published event (0 before the first). */
  get lastSeq(): number {
    return this.seq;
  }

  /** True once the chat was closed and its last events were delivered. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** The chat's line in the chat list. */
  summary(): ChatSummary {
    const { cwd, model, permissionMode } = this.meta;
    return {
      chatId: this.chatId,
      ...(this.chat.sessionId ? { sessionId: this.chat.sessionId } : {}),
      state: this.chat.state,
      ...(this.title ? { title: this.title } : {}),
      ...(model ? { model } : {}),
      ...(permissionMode ? { permissionMode } : {}),
      cwd,
      lastSeq: this.seq,
      pendingPermissions: this.pending.size,
    };
  }

  /** Start the chat's claude process once; failures surface as events (notice + errored state). */
  start(): Promise<void> {
    this.started ??= this.chat.start().catch(() => undefined);
    return this.started;
  }

  /** Resolves when a start attempt finished (immediately if none was made). */
  async whenStarted(): Promise<void> {
    await this.started;
  }

  /** Subscribe after `afterSeq` (undefined = from scratch): replay if buffered, else a snapshot. */
  subscribe(afterSeq: number | undefined, sink: HubSink): HubSubscription {
    const lastSeq = this.seq;
    const unsubscribe = (): void => void this.sinks.delete(sink);
    if (!this.isClosed) this.sinks.add(sink);
    const replay = afterSeq !== undefined && afterSeq <= lastSeq ? this.ring.since(afterSeq, lastSeq) : undefined;
    if (replay && afterSeq !== undefined) {
      // Pending requests the client saw before afterSeq come again (same seq): they must stay visible.
      const again = [...this.pending.values()].filter((p) => p.seq <= afterSeq).map((p): HubDelivery => ({ kind: "event", seq: p.seq, event: p.event }));
      const initial = [...again, ...replay.map((b): HubDelivery => ({ kind: "event", seq: b.seq, event: b.event }))];
      return { mode: "replay", fromSeq: afterSeq + 1, lastSeq, initial, unsubscribe };
    }
    return { mode: "snapshot", fromSeq: lastSeq, lastSeq, initial: [{ kind: "snapshot", seq: lastSeq, events: this.snapshot() }], unsubscribe };
  }

  /** The compacted event list equivalent to every event so far. */
  snapshot(): PanelEvent[] {
    this.log = compact(this.log);
    this.compactedLength = this.log.length;
    return [...this.log];
  }

  /** Answer a permission request; only the first answer of all clients counts. */
  async answerPermission(requestId: string, answer: PermissionAnswer): Promise<void> {
    const outcome = this.resolved.get(requestId);
    if (outcome !== undefined || this.answering.has(requestId)) {
      throw new AgentPanelError(
        "already_answered",
        `This permission request was already ${outcome ? `resolved (${outcome})` : "answered"}${outcome === "cancelled" ? "" : " from another window"}; nothing more to do.`,
      );
    }
    if (!this.pending.has(requestId)) throw new AgentPanelError("permission_not_found", "No such permission request in this chat; reload the chat.");
    this.answering.add(requestId);
    try {
      await this.chat.answerPermission(requestId, answer);
    } catch (err) {
      if (err instanceof AgentPanelError && err.code === "permission_not_pending") throw new AgentPanelError("already_answered", err.message, { cause: err });
      throw err;
    } finally {
      this.answering.delete(requestId);
    }
  }

  /** Publish a bridge-level notice in this chat's stream. */
  notice(level: "info" | "warning" | "error", code: string, message: string): void {
    if (this.sawClosed) return;
    this.coalescer.push({ type: "notice", level, code, message });
  }

  /** Close the chat (stops claude), deliver its last events, then detach. Idempotent. */
  close(): Promise<void> {
    // Deferred so a close started from inside the chat's own "closed" event is the same close.
    this.closing ??= Promise.resolve().then(() => this.finish());
    return this.closing;
  }

  private async finish(): Promise<void> {
    await this.chat.close().catch(() => undefined);
    this.coalescer.dispose();
    await this.gate.idle();
    this.chat.off("event", this.listener);
    this.isClosed = true;
    this.sinks.clear();
    this.emit("closed");
  }

  /** Number, buffer and fan out one event whose message (if any) is already rendered (by the gate). */
  private publish(rendered: PanelEvent): void {
    if (this.sawClosed) return;
    if (rendered.type === "state" && rendered.state === "closed") this.sawClosed = true;
    // Every event is serializable and of bounded size from here on, or it became a notice.
    const { event, bytes } = boundEvent(rendered);
    const seq = ++this.seq;
    this.ring.push(seq, event, bytes);
    this.log.push(event);
    if (this.log.length > 2 * this.compactedLength + 512) this.snapshot();
    const changed = this.track(event, seq);
    for (const sink of [...this.sinks]) {
      try {
        sink(seq, event);
      } catch {
        // A failing client must not stop the others; the server drops it on its own.
      }
    }
    if (changed) this.emit("change");
    if (event.type === "state" && event.state === "closed") this.close().catch((err: unknown) => reportInternal(`chat ${this.chatId} close`, err));
  }

  /** Update summary fields and the permission table; true if the summary changed. */
  private track(event: PanelEvent, seq: number): boolean {
    switch (event.type) {
      case "state":
        return true;
      case "init":
        if (event.model !== undefined) this.meta.model = event.model;
        if (event.permissionMode !== undefined) this.meta.permissionMode = event.permissionMode;
        return true;
      case "user_message":
        if (this.title !== undefined) return false;
        this.title = titleOf(event.text);
        return this.title !== undefined;
      case "permission_requested":
        this.pending.set(event.requestId, { seq, event });
        this.resolved.delete(event.requestId);
        return true;
      case "permission_resolved":
        this.pending.delete(event.requestId);
        this.resolved.set(event.requestId, event.outcome);
        return true;
      default:
        return false;
    }
  }
}

function titleOf(text: string): string | undefined {
  const line = text.replace(/\s+/g, " ").trim();
  if (line === "") return undefined;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
