import { isUtf8 } from "node:buffer";
import type { WebSocket } from "ws";
import { frameData } from "../hubs/event-json.js";
import { tickCorker, type Corkable } from "../../shared/tick-cork.js";

// One connected WebSocket client: the `link` the router sends frames through, the router's
// handlers for what the client sends, liveness for the heartbeat, and the backpressure rule (a
// client that cannot keep up is closed and resubscribes with its last seq).

/** How the router talks to one client. */
export interface ClientLink {
  /** Send one JSON frame; ignored once the client is closing. */
  send(frame: object): void;
  /** Close the connection (normal closure unless a code is given). */
  close(code?: number, reason?: string): void;
  /** False once the connection is closing or closed. */
  readonly open: boolean;
}

/** What the router gets to know about a client when it connects. */
export interface ClientInfo {
  id: number;
  remoteAddress: string;
  origin?: string;
  userAgent?: string;
  /** How the client proved it holds the token: Bearer header, or the WebSocket challenge. */
  auth: "header" | "challenge";
  /** The selected subprotocol ("" when none). */
  protocol: string;
}

/** The router's side of one client. */
export interface ClientHandlers {
  onText(raw: string): void;
  onClose(): void;
}

/** Called for every authenticated client; returns the router's handlers. */
export type OnClient = (link: ClientLink, info: ClientInfo) => ClientHandlers;

/** Close codes the server uses. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  internalError: 1011,
  /** The client's send buffer passed the limit; reconnect and resubscribe with the last seq. */
  slowConsumer: 4008,
} as const;

/** Options of a client connection. */
export interface ClientOptions {
  maxBufferedBytes: number;
  /** How long a closing client may take to finish the close handshake before it is cut off. */
  closeGraceMs: number;
  log: (line: string) => void;
  /** The connection's byte stream: frames sent in one tick are corked into one write. */
  socket?: Corkable;
}

/** A connected client as the server tracks it. */
export interface TrackedClient {
  ws: WebSocket;
  info: ClientInfo;
  alive: boolean;
  link: ClientLink;
}

/** Wire an accepted socket to the router; returns the tracked client. */
export function attachClient(ws: WebSocket, info: ClientInfo, onClient: OnClient, opts: ClientOptions, onGone: (c: TrackedClient) => void): TrackedClient {
  let closing = false;
  let killTimer: NodeJS.Timeout | undefined;
  const close = (code: number = CLOSE.normal, reason = ""): void => {
    if (closing) return;
    closing = true;
    ws.close(code, reason);
    killTimer = setTimeout(() => ws.terminate(), opts.closeGraceMs);
    killTimer.unref();
  };
  const batch = tickCorker(opts.socket);
  const link: ClientLink = {
    send(frame) {
      if (closing || ws.readyState !== ws.OPEN) return;
      batch();
      ws.send(frameData(frame), { binary: false }); // a buffer (spliced rendered forms) still goes as a text frame
      if (ws.bufferedAmount > opts.maxBufferedBytes) {
        opts.log(`client ${info.id} closed: more than ${opts.maxBufferedBytes} bytes waiting to be sent`);
        close(CLOSE.slowConsumer, "client too slow: send buffer full; reconnect and resubscribe with your last seq");
      }
    },
    close,
    get open() {
      return !closing && ws.readyState === ws.OPEN;
    },
  };
  const tracked: TrackedClient = { ws, info, alive: true, link };
  let handlers: ClientHandlers;
  try {
    handlers = onClient(link, info);
  } catch (err) {
    opts.log(`client ${info.id} rejected by the router: ${(err as Error).message}`);
    handlers = { onText() {}, onClose() {} };
    close(CLOSE.internalError, "server error");
  }
  ws.on("pong", () => {
    tracked.alive = true;
  });
  ws.on("message", (data, isBinary) => {
    tracked.alive = true;
    if (closing) return;
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    // Answered, never a reason to drop the connection: the client may go on with its next command.
    if (isBinary || !isUtf8(bytes)) {
      link.send({
        kind: "error",
        code: "bad_json",
        message: isBinary
          ? "The panel protocol takes JSON in text frames; this binary frame was ignored."
          : "The frame is not valid UTF-8 text, so it was ignored. Send one JSON object per text frame.",
      });
      return;
    }
    try {
      handlers.onText(bytes.toString("utf8"));
    } catch (err) {
      opts.log(`client ${info.id}: router failed on a frame: ${(err as Error).message}`);
    }
  });
  ws.on("error", (err) => opts.log(`client ${info.id} socket error: ${err.message}`));
  ws.once("close", () => {
    closing = true;
    if (killTimer) clearTimeout(killTimer);
    onGone(tracked);
    try {
      handlers.onClose();
    } catch (err) {
      opts.log(`client ${info.id}: router failed on close: ${(err as Error).message}`);
    }
  });
  return tracked;
}
