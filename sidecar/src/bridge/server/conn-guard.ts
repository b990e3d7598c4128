import type { Server } from "node:http";
import type { Socket } from "node:net";

// Limits on raw connections, applied before any request is read: any local process can open TCP
// connections to the sidecar without the token, and idle ones used to pile up until the sidecar had
// no file descriptors left (then it could neither accept clients nor start claude). A socket must
// start a request within a few seconds of connecting, and again within a few seconds of its last
// response finishing (keep-alive); while a request is being answered — however long its response
// streams — it is not cut. An upgraded socket belongs to the WebSocket layer from then on.
// Sockets that have not yet shown the token (or passed the WebSocket challenge) share a small budget
// of their own: a new one beyond it drops the oldest of them (idle ones first), so a process holding
// hundreds of token-less sockets open can never keep Unity or an MCP client from connecting.

/** Limits of the HTTP server; every default is what the sidecar uses. */
export interface ConnectionLimits {
  /** Most sockets open at once, WebSockets included (the rest are refused at accept). */
  maxConnections: number;
  /** Most sockets open at once that have not authenticated yet; a new one drops the oldest (at most half of maxConnections). */
  maxUnauthenticated: number;
  /** A socket with no request under way is closed after this long. */
  idleMs: number;
  /** The whole request (headers and body) must arrive within this long. */
  requestTimeoutMs: number;
}

/** Defaults: far above what Unity, a few browser tabs and MCP clients use, far below the descriptor limit. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 256, maxUnauthenticated: 32, idleMs: 5000, requestTimeoutMs: 30_000 };

/** What the server tells the guard: a socket showed the token (it leaves the unauthenticated budget). */
export interface ConnectionGuard {
  trust(socket: Socket): void;
  /** Sockets open that have not authenticated (for tests and /health). */
  unauthenticated(): number;
}

/**
 * Apply the limits to `http`; `onDrop` is told about each refused connection and `onEvict` about each
 * unauthenticated one dropped for a newer one (rate-limit their logs).
 */
export function guardConnections(http: Server, limits: ConnectionLimits, onDrop: () => void, onEvict: () => void = () => {}): ConnectionGuard {
  http.maxConnections = limits.maxConnections;
  http.requestTimeout = limits.requestTimeoutMs;
  http.headersTimeout = Math.min(limits.requestTimeoutMs, 60_000);
  http.keepAliveTimeout = limits.idleMs;
  http.on("drop", onDrop);
  const budget = Math.max(1, Math.min(limits.maxUnauthenticated, Math.floor(limits.maxConnections / 2)));
  // Insertion order is age order: the first entry is the oldest.
  const pending = new Set<Socket>();
  const busy = new WeakSet<Socket>();
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket): void => {
    disarm(socket);
    busy.delete(socket);
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), limits.idleMs);
    timer.unref();
    timers.set(socket, timer);
  };
  const disarm = (socket: Socket): void => {
    const timer = timers.get(socket);
    if (timer) clearTimeout(timer);
    timers.delete(socket);
  };
  const evictOne = (): void => {
    let victim: Socket | undefined;
    for (const s of pending) {
      if (!busy.has(s)) {
        victim = s;
        break;
      }
      victim ??= s;
    }
    if (!victim) return;
    pending.delete(victim);
    onEvict();
    victim.destroy();
  };
  http.on("connection", (socket: Socket) => {
    arm(socket);
    while (pending.size >= budget) evictOne();
    pending.add(socket);
    socket.once("close", () => {
      disarm(socket);
      pending.delete(socket);
    });
  });
  http.on("request", (req, res) => {
    const socket = req.socket;
    disarm(socket);
    busy.add(socket);
    // Idle again only once this response is over (a long-lived stream is a request under way).
    res.once("close", () => arm(socket));
  });
  http.on("upgrade", (req) => {
    disarm(req.socket);
    busy.add(req.socket);
  });
  return {
    trust: (socket) => void pending.delete(socket),
    unauthenticated: () => pending.size,
  };
}
