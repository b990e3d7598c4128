import type { ServerFrame, ServerFrameOf } from "../../protocol/panel/frames.js";
import { answerChallenge, CHALLENGE_PREFIX, makeNonce, portOf } from "./challenge.js";
import { frameProblem } from "../../protocol/panel/limits.js";
import { CommandError, NOT_THE_SIDECAR, UNREACHABLE, WS_PROTOCOL, type ConnectionOptions, type ConnectionStatus, type SocketLike } from "./connection-types.js";

export * from "./connection-types.js";

// The panel's WebSocket link to the sidecar: hello, command ids and their acks, per-chat
// subscriptions that survive reconnects (resubscribe with the last seq seen, so the server
// replays exactly what was missed or sends a snapshot), duplicate and old seqs dropped, a gap
// answered by resubscribing, and reconnection with capped exponential backoff. No DOM: the
// socket comes from a factory, so tests run it in Node against a real ws server.

interface Pending {
  resolve(result: Record<string, unknown>): void;
  reject(err: CommandError): void;
}

/** One logical connection to the sidecar, reconnecting until stop(). */
export class PanelConnection {
  private socket: SocketLike | undefined;
  /** False until the server proved it holds the token (nothing else is read or sent before). */
  private proven = false;
  private ready = false;
  private stopped = true;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private readonly subscribed = new Set<string>();
  private readonly seqs = new Map<string, number>();
  /** Chats whose subscribe is in flight (a gap then needs no second one). */
  private readonly resyncing = new Set<string>();
  private current: ConnectionStatus = { phase: "connecting", attempt: 0 };

  constructor(private readonly opts: ConnectionOptions) {}

  /** The latest status. */
  get status(): ConnectionStatus {
    return this.current;
  }

  /** Connect (and keep reconnecting) until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Close for good; pending commands fail. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.drop(1000, "panel closed");
  }

  /** Skip the backoff wait and try now (the badge's "Reconnect" button). */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.connect();
  }

  /** Send a command; resolves with the ack's result or rejects with the error frame. */
  request(cmd: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    if (!this.ready || !this.socket) {
      return Promise.reject(new CommandError("not_connected", "Not connected to the Agent Panel sidecar; wait until the badge shows Connected, then try again."));
    }
    return new Promise((resolve, reject) => this.sendCommand(cmd, params, { resolve, reject }));
  }

  /** Follow a chat's events from now on (and after every reconnect). */
  subscribe(chatId: string): void {
    if (this.subscribed.has(chatId)) return;
    this.subscribed.add(chatId);
    if (this.ready) this.sendSubscribe(chatId);
  }

  /** Stop following a chat. */
  unsubscribe(chatId: string): void {
    if (!this.subscribed.delete(chatId)) return;
    this.seqs.delete(chatId);
    if (this.ready) this.request("unsubscribe", { chatId }).catch(() => undefined);
  }

  /** Drop a chat locally without telling the server (it no longer exists there). */
  forget(chatId: string): void {
    this.subscribed.delete(chatId);
    this.seqs.delete(chatId);
    this.resyncing.delete(chatId);
  }

  /** Chats this connection follows. */
  get subscriptions(): ReadonlySet<string> {
    return this.subscribed;
  }

  /** Last seq applied for a chat (undefined before its first snapshot). */
  lastSeq(chatId: string): number | undefined {
    return this.seqs.get(chatId);
  }

  private connect(): void {
    this.setStatus({ phase: "connecting", attempt: this.attempt });
    let socket: SocketLike;
    // No token on the wire: the server proves itself first (challenge.ts).
    const nonce = makeNonce();
    try {
      socket = this.opts.createSocket(this.opts.url, [WS_PROTOCOL, `${CHALLENGE_PREFIX}${nonce}`]);
    } catch (err) {
      this.retry(`cannot open the WebSocket (${(err as Error).message})`);
      return;
    }
    this.socket = socket;
    this.proven = false;
    socket.onopen = () => undefined;
    socket.onmessage = (ev) => {
      if (this.socket !== socket || typeof ev.data !== "string") return;
      if (this.proven) this.onText(ev.data);
      else void this.onChallenge(socket, ev.data, nonce);
    };
    socket.onerror = () => undefined;
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.lost();
      if (this.stopped || this.current.phase === "failed") return;
      const slow = ev.code === 4008;
      if (slow) this.attempt = 0;
      this.retry(ev.reason || (ev.code === 1006 ? UNREACHABLE : `closed (${ev.code})`));
    };
  }

  /** First frame: the server's proof. Answer it and say hello, or leave without sending anything. */
  private async onChallenge(socket: SocketLike, raw: string, nonce: string): Promise<void> {
    let answer: { cmd: "auth"; proof: string } | undefined;
    try {
      answer = await answerChallenge(JSON.parse(raw), this.opts.token, portOf(this.opts.url), nonce);
    } catch {
      answer = undefined;
    }
    if (this.socket !== socket || this.proven) return;
    if (!answer) {
      this.drop(1000, "not the sidecar");
      this.retry(NOT_THE_SIDECAR);
      return;
    }
    this.proven = true;
    socket.send(JSON.stringify(answer));
    this.hello(socket);
  }

  private hello(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.sendCommand(
      "hello",
      { protocol: 1, client: "browser", render: ["html"], ...(this.opts.clientVersion ? { clientVersion: this.opts.clientVersion } : {}) },
      {
        resolve: () => undefined,
        reject: (err) => {
          if (err.code === "connection_lost") return;
          // The server refused hello: a protocol mismatch is final, anything else is retried.
          this.drop(1000, "hello refused");
          if (err.code === "protocol_mismatch") this.setStatus({ phase: "failed", reason: err.message });
          else this.retry(err.message);
        },
      },
    );
  }

  private onText(raw: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(raw) as ServerFrame;
    } catch {
      return;
    }
    switch (frame.kind) {
      case "welcome":
        this.onWelcome(frame);
        return;
      case "ack":
        this.settle(frame.id, (p) => p.resolve(frame.result ?? {}));
        return;
      case "error":
        if (frame.id === undefined) this.opts.handlers.onProtocolError?.(frame.code, frame.message);
        else this.settle(frame.id, (p) => p.reject(new CommandError(frame.code, frame.message)));
        return;
      case "chats":
        this.opts.handlers.onChats?.(frame.chats);
        return;
      case "snapshot":
        if (!this.subscribed.has(frame.chatId)) return;
        this.seqs.set(frame.chatId, frame.seq);
        this.opts.handlers.onSnapshot?.(frame.chatId, frame.seq, frame.events);
        return;
      case "event":
        this.onEvent(frame);
        return;
      case "history.changed":
        this.opts.handlers.onHistoryChanged?.(frame);
        return;
    }
  }

  private onWelcome(frame: ServerFrameOf<"welcome">): void {
    if (frame.id !== undefined) this.pending.delete(frame.id);
    this.ready = true;
    this.attempt = 0;
    this.setStatus({ phase: "open" });
    this.opts.handlers.onWelcome?.(frame);
    this.opts.handlers.onChats?.(frame.chats);
    for (const chatId of this.subscribed) this.sendSubscribe(chatId);
  }

  private onEvent(frame: ServerFrameOf<"event">): void {
    const { chatId, seq } = frame;
    if (!this.subscribed.has(chatId)) return;
    const last = this.seqs.get(chatId);
    if (last === undefined || seq <= last) return; // before our snapshot, or a duplicate
    if (seq > last + 1) {
      // A gap cannot happen on one connection; if it does, ask again from what we have.
      if (!this.resyncing.has(chatId)) this.sendSubscribe(chatId);
      return;
    }
    this.seqs.set(chatId, seq);
    this.opts.handlers.onEvent?.(chatId, seq, frame.event);
  }

  private sendSubscribe(chatId: string): void {
    if (!this.ready || !this.socket) return;
    const afterSeq = this.seqs.get(chatId);
    this.resyncing.add(chatId);
    // Settled synchronously when the ack arrives: the catch-up frames may follow in the same tick.
    this.sendCommand("subscribe", afterSeq === undefined ? { chatId } : { chatId, afterSeq }, {
      resolve: () => void this.resyncing.delete(chatId),
      reject: (err) => {
        this.resyncing.delete(chatId);
        if (err.code === "connection_lost") return;
        this.subscribed.delete(chatId);
        this.seqs.delete(chatId);
        this.opts.handlers.onSubscribeFailed?.(chatId, err);
      },
    });
  }

  private sendCommand(cmd: string, params: Record<string, unknown>, pending: Pending): void {
    const id = `b${this.nextId++}`;
    const text = JSON.stringify({ ...params, id, cmd });
    // The sidecar would refuse it by size: say so without sending it.
    const tooLarge = frameProblem(text, utf8Bytes);
    if (tooLarge !== undefined) return pending.reject(new CommandError("frame_too_large", tooLarge));
    this.pending.set(id, pending);
    this.socket!.send(text);
  }

  private settle(id: string, fn: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    fn(p);
  }

  /** Forget the socket; fail commands in flight. */
  private lost(): void {
    this.socket = undefined;
    this.ready = false;
    this.resyncing.clear();
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) p.reject(new CommandError("connection_lost", "The connection to the sidecar was lost before it answered; check the result and retry if needed."));
  }

  private drop(code: number, reason: string): void {
    const socket = this.socket;
    if (!socket) return;
    this.lost();
    try {
      socket.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  private retry(reason: string): void {
    const { base, max } = this.opts.backoffMs ?? { base: 500, max: 10_000 };
    const random = this.opts.random ?? Math.random;
    const delay = Math.round(Math.min(max, base * 2 ** this.attempt) * (0.75 + 0.5 * random()));
    this.attempt++;
    this.setStatus({ phase: "waiting", attempt: this.attempt, retryInMs: delay, reason });
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private setStatus(status: ConnectionStatus): void {
    this.current = status;
    this.opts.handlers.onStatus?.(status);
  }
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}
