import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { AgentPanelError, guarded } from "../../shared/errors.js";
import { authorizeHttp, authorizeUpgrade, checkRequestSource, WS_PROTOCOL, type AuthContext } from "./auth.js";
import { DEFAULT_CONNECTION_LIMITS, guardConnections, type ConnectionLimits } from "./conn-guard.js";
import { rateLimitedLog } from "../../shared/log-limit.js";
import { healthProof, isNonce, runChallenge } from "../../shared/ws-challenge.js";
import { guardFrameSize } from "./frame-guard.js";
import { FRAME_READ_LIMIT_BYTES } from "../../protocol/panel/limits.js";
import { attachClient, CLOSE, type OnClient, type TrackedClient } from "./server-client.js";
import { requestPath, serveStatic, type StaticFiles } from "./static.js";

export type { ClientHandlers, ClientInfo, ClientLink, OnClient } from "./server-client.js";

// The sidecar's HTTP + WebSocket endpoint on 127.0.0.1: GET /health and the browser panel's
// static files over HTTP, the panel protocol on /ws. Every request passes the Host/Origin checks;
// everything except the static page and the token-free liveness proof (GET /health?nonce=…) needs
// the token. A heartbeat drops dead clients.

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

/** Options of startServer; `host` must be a loopback address. */
export interface ServerOptions {
  host?: string;
  /** Port to listen on (0 = any free port, for tests). */
  port: number;
  token: string;
  version: string;
  onClient: OnClient;
  /**
   * Work to wait for before handling a request (except /health) or a client: the serve command loads
   * its tool host and chat engine on first use. Undefined when nothing is pending; a rejection
   * answers 503.
   */
  ready?: () => Promise<void> | undefined;
  /** Extra authenticated HTTP routes (the tool host's /mcp, /tools, /jobs): true when handled. */
  route?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Tokens other than the sidecar's that a route accepts (each chat's own token, on /mcp only). */
  routeToken?: (token: string, pathname: string) => boolean;
  /** Routes that check a proof of their own instead of the token (media URLs of the browser panel): true when handled. */
  proofRoute?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Extra /health fields, e.g. {chats, clients}; called on every /health request. */
  health: () => object;
  /** Directory with the browser panel (index.html, scripts); a placeholder page when absent. */
  staticRoot?: string | StaticFiles;
  heartbeatMs?: number;
  /** A client with more than this many bytes queued is closed (default 16 MB). */
  maxBufferedBytes?: number;
  /** A client frame larger than this is not read: error frame_too_large, then close 1009 (default FRAME_READ_LIMIT_BYTES). */
  frameReadLimitBytes?: number;
  /** Connection cap and idle cut (defaults in DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
  log?: (line: string) => void;
}

/** A listening server. */
export interface RunningServer {
  port: number;
  /** http://127.0.0.1:<port>/ */
  url: string;
  clientCount(): number;
  /** Close all clients (1001), stop listening; resolves when done (bounded by timeoutMs). */
  close(timeoutMs?: number): Promise<void>;
}

/** Start listening; rejects with code `port_in_use` when the port is taken. */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const host = opts.host ?? "127.0.0.1";
  // The sidecar runs agents with the user's rights: it must never be reachable from the network.
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new AgentPanelError("non_loopback_bind", `Refusing to listen on ${host}: the sidecar only binds to the loopback interface (127.0.0.1).`);
  }
  const log = opts.log ?? (() => {});
  const limitedLog = rateLimitedLog(log);
  const startedAt = Date.now();
  const clients = new Set<TrackedClient>();
  const auth: AuthContext = { token: opts.token, port: opts.port };
  let nextId = 1;
  let closed = false;

  const wss = new WebSocketServer({
    noServer: true,
    // No library limit (it would close with 1009 and no reason): guardFrameSize bounds each frame instead.
    maxPayload: 0,
    // Checked by the client handler, which answers invalid text instead of closing with 1007.
    skipUTF8Validation: true,
    perMessageDeflate: false,
    clientTracking: false,
    handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
  });
  const http = createServer();
  // First, so the idle cut sees each request before its handler can answer it.
  const guard = guardConnections(
    http,
    { ...DEFAULT_CONNECTION_LIMITS, ...opts.limits },
    () => limitedLog("refused connection", "refused a connection: too many open connections"),
    () => limitedLog("dropped connection", "dropped the oldest connection without the token: too many of them open"),
  );
  http.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (closed) return reply(res, 503, { error: "shutting down" });
    const handle = (): void => {
      if (closed) return reply(res, 503, { error: "shutting down" });
      try {
        handleHttp(req, res);
      } catch (err) {
        log(`request failed: ${(err as Error).message}`);
        if (!res.headersSent) reply(res, 500, { error: "internal error" });
        else res.destroy();
      }
    };
    // /health answers at once: probes have short timeouts and must never take a starting sidecar
    // for a dead one. Everything else waits for `ready`.
    if (requestPath(req) === "/health") return handle();
    afterReady(handle, (reason) => reply(res, 503, { error: reason }));
  });

  /** Run `handle` now if nothing is pending, else once `opts.ready` resolves; `fail` if it rejects. */
  function afterReady(handle: () => void, fail: (reason: string) => void): void {
    const pending = opts.ready?.();
    if (pending === undefined) return handle();
    pending.then(handle, (err: unknown) => {
      limitedLog("not ready", `could not finish starting: ${(err as Error).message}`);
      fail("the sidecar could not finish starting; see its log and restart it");
    });
  }

  function handleHttp(req: IncomingMessage, res: ServerResponse): void {
    const source = checkRequestSource(req, auth);
    if (!source.ok) return reply(res, source.status, { error: source.reason });
    const pathname = requestPath(req);
    if (pathname !== "/health" && pathname !== "/ws" && serveStatic(req, res, opts.staticRoot, auth.port)) return;
    // Liveness without the token: a probe offers a nonce and checks the proof; nothing secret or
    // path-like is in this answer, and a squatter on an old port never sees the token.
    if (pathname === "/health" && req.headers.authorization === undefined) {
      const nonce = new URL(req.url ?? "/", "http://127.0.0.1").searchParams.get("nonce");
      if (nonce !== null) {
        if (req.method !== "GET") return reply(res, 405, { error: "use GET" });
        if (!isNonce(nonce)) return reply(res, 400, { error: "nonce must be 22-128 base64url characters" });
        return reply(res, 200, { version: opts.version, pid: process.pid, nonce, proof: healthProof(auth.token, auth.port, nonce) });
      }
    }
    if (pathname !== undefined && opts.proofRoute?.(req, res, pathname)) return;
    const routeToken = opts.routeToken;
    const check = authorizeHttp(req, auth, routeToken && pathname !== undefined ? (t) => routeToken(t, pathname) : undefined);
    if (!check.ok) return reply(res, check.status, { error: check.reason });
    guard.trust(req.socket);
    if (pathname !== undefined && opts.route?.(req, res, pathname)) return;
    if (pathname === "/health") {
      if (req.method !== "GET") return reply(res, 405, { error: "use GET" });
      const body = { version: opts.version, pid: process.pid, uptime: Math.round((Date.now() - startedAt) / 1000), clients: clients.size, ...opts.health() };
      return reply(res, 200, body);
    }
    if (pathname === "/ws") return reply(res, 426, { error: "use a WebSocket upgrade" });
    reply(res, 404, { error: "not found" });
  }

  http.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    if (closed) return refuse(socket, 503, "shutting down");
    afterReady(
      () => handleUpgrade(req, socket, head),
      (reason) => refuse(socket, 503, reason),
    );
  });

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (closed || socket.destroyed) return refuse(socket, 503, "shutting down");
    if (requestPath(req) !== "/ws") return refuse(socket, 404, "not found");
    const check = authorizeUpgrade(req, auth);
    if (!check.ok) {
      limitedLog("refused WebSocket", `refused WebSocket from ${req.socket.remoteAddress ?? "?"}: ${check.reason}`);
      return refuse(socket, check.status, check.reason);
    }
    if (check.via === "header") guard.trust(req.socket);
    wss.handleUpgrade(req, socket, head, (ws) => {
      guardFrameSize(ws, socket, opts.frameReadLimitBytes ?? FRAME_READ_LIMIT_BYTES, log);
      const info = {
        id: nextId++,
        remoteAddress: req.socket.remoteAddress ?? "",
        origin: req.headers.origin,
        userAgent: req.headers["user-agent"],
        auth: check.via === "challenge" ? ("challenge" as const) : ("header" as const),
        protocol: ws.protocol,
      };
      const accept = (): void => {
        if (ws.readyState !== ws.OPEN) return;
        guard.trust(req.socket);
        const client = attachClient(ws, info, opts.onClient, { maxBufferedBytes: opts.maxBufferedBytes ?? 16 * 1024 * 1024, closeGraceMs: 5000, log, socket }, (c) => clients.delete(c));
        if (ws.readyState === ws.OPEN) clients.add(client);
        log(`client ${info.id} connected`);
      };
      if (check.via !== "challenge") return accept();
      ws.on("error", () => undefined);
      runChallenge(ws, auth.token, auth.port, check.clientNonce, accept, (line) => limitedLog("challenge failed", `client ${info.id}: ${line}`));
    });
  }

  const heartbeat = setInterval(
    guarded("heartbeat", () => {
      for (const c of clients) {
        if (!c.alive) {
          log(`client ${c.info.id} did not answer the heartbeat; dropping it`);
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
      }
    }),
    opts.heartbeatMs ?? 15_000,
  );
  heartbeat.unref();

  await listen(http, opts.port, host).catch((err: unknown) => {
    clearInterval(heartbeat);
    throw err;
  });
  const address = http.address();
  auth.port = typeof address === "object" && address !== null ? address.port : opts.port;

  return {
    port: auth.port,
    url: `http://127.0.0.1:${auth.port}/`,
    clientCount: () => clients.size,
    async close(timeoutMs = 3000) {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      const gone = [...clients].map((c) => new Promise<void>((r) => (c.ws.readyState === c.ws.CLOSED ? r() : c.ws.once("close", () => r()))));
      for (const c of clients) c.link.close(CLOSE.goingAway, "sidecar shutting down");
      const stopped = new Promise<void>((r) => http.close(() => r()));
      http.closeIdleConnections();
      const timer = new Promise<void>((r) => setTimeout(r, timeoutMs).unref());
      await Promise.race([Promise.all(gone), timer]);
      for (const c of clients) c.ws.terminate();
      http.closeAllConnections();
      await Promise.race([stopped, timer]);
      wss.close();
    },
  };
}

function listen(http: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      http.off("listening", onListening);
      reject(
        err.code === "EADDRINUSE"
          ? new AgentPanelError("port_in_use", `Port ${port} on ${host} is already in use; pick another with --port or stop the program using it.`, { cause: err })
          : new AgentPanelError("listen_failed", `Cannot listen on ${host}:${port}: ${err.message}`, { cause: err }),
      );
    };
    const onListening = (): void => {
      http.off("error", onError);
      resolve();
    };
    http.once("error", onError);
    http.once("listening", onListening);
    http.listen({ port, host, exclusive: true });
  });
}

function reply(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(text);
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const text = JSON.stringify({ error: reason });
  const statusText = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 503: "Service Unavailable" }[status] ?? "Error";
  socket.end(`HTTP/1.1 ${status} ${statusText}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}
