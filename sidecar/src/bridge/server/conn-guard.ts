import type { Server } from "node:http";
import type { Socket } from "node:net";

// Limits on raw connections, applied before any request is read: any local process can open TCP
// connections to the sidecar without the token, and idle ones used to pile up until the sidecar had
// no file descriptors left (then it could neither accept clients nor start claude). A socket must
// start a request within a few seconds of connecting, and again within a few seconds of its last
// response finishing (keep-alive); while a request is being answered — however long its response
// streams — it is not cut. An upgraded socket belongs to the WebSocket layer from then on.

/** Limits of the HTTP server; every default is what the sidecar uses. */
export interface ConnectionLimits {
  /** Most sockets open at once, WebSockets included (the rest are refused at accept). */
  maxConnections: number;
  /** A socket with no request under way is closed after this long. */
  idleMs: number;
  /** The whole request (headers and body) must arrive within this long. */
  requestTimeoutMs: number;
}

/** Defaults: far above what Unity, a few browser tabs and MCP clients use, far below the descriptor limit. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { maxConnections: 128, idleMs: 5000, requestTimeoutMs: 30_000 };

/** Apply the limits to `http`; `onDrop` is told about each refused connection (rate-limit its log). */
export function guardConnections(http: Server, limits: ConnectionLimits, onDrop: () => void): void {
  http.maxConnections = limits.maxConnections;
  http.requestTimeout = limits.requestTimeoutMs;
  http.headersTimeout = Math.min(limits.requestTimeoutMs, 60_000);
  http.keepAliveTimeout = limits.idleMs;
  http.on("drop", onDrop);
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket): void => {
    disarm(socket);
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
  http.on("connection", (socket: Socket) => {
    arm(socket);
    socket.once("close", () => disarm(socket));
  });
  http.on("request", (req, res) => {
    const socket = req.socket;
    disarm(socket);
    // Idle again only once this response is over (a long-lived stream is a request under way).
    res.once("close", () => arm(socket));
  });
  http.on("upgrade", (req) => disarm(req.socket));
}
