import type { ChatSummary, PanelEvent } from "../../protocol/panel/events.js";
import type { ServerFrameOf } from "../../protocol/panel/frames.js";

// Types of the panel's connection (connection.ts): the socket it drives, the status it reports,
// the callbacks it makes, and the error its commands fail with.

/** The part of the WebSocket API the connection uses (browser WebSocket and `ws` both fit). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

/** Opens a socket to `url` offering `protocols`. */
export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

/** What the UI shows in the connection badge. */
export type ConnectionStatus =
  { phase: "connecting"; attempt: number } | { phase: "open" } | { phase: "waiting"; attempt: number; retryInMs: number; reason: string } | { phase: "failed"; reason: string };

/** What the connection reports to the app. */
export interface ConnectionHandlers {
  onStatus?(status: ConnectionStatus): void;
  onWelcome?(frame: ServerFrameOf<"welcome">): void;
  onChats?(chats: ChatSummary[]): void;
  /** A new event of a subscribed chat, in seq order, never twice. */
  onEvent?(chatId: string, seq: number, event: PanelEvent): void;
  /** The chat's whole state; replaces everything known about it. */
  onSnapshot?(chatId: string, seq: number, events: PanelEvent[]): void;
  /** A subscription the server refused (e.g. the chat was closed). */
  onSubscribeFailed?(chatId: string, error: CommandError): void;
  /** The project's past sessions changed (only after history.subscribe). */
  onHistoryChanged?(frame: ServerFrameOf<"history.changed">): void;
  /** An error frame without a command id (protocol-level problem). */
  onProtocolError?(code: string, message: string): void;
}

/** Options of a connection. */
export interface ConnectionOptions {
  url: string;
  token: string;
  createSocket: SocketFactory;
  handlers: ConnectionHandlers;
  clientVersion?: string;
  /** First retry delay and the cap (defaults 500 ms, 10 s). */
  backoffMs?: { base: number; max: number };
  /** Random source for jitter (tests pass a constant). */
  random?: () => number;
}

/** A command the server answered with an error frame, or that could not be sent. */
export class CommandError extends Error {
  override readonly name = "CommandError";
  constructor(
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** WebSocket subprotocol of panel protocol v1. */
export const WS_PROTOCOL = "agent-panel.v1";
/** Why a connection attempt failed when the browser cannot tell (refused, not running, or a wrong token). */
export const UNREACHABLE = "cannot reach the sidecar. Is it running? If it restarted with a new token, reopen the panel from Unity.";
/** Why the panel left a server that could not prove it is this project's sidecar. */
export const NOT_THE_SIDECAR = "the program on this port could not prove it is this project's sidecar, so the panel sent it nothing. If the sidecar restarted, reopen the panel from Unity.";
