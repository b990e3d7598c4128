import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { BodyTooLarge, readBody, refuseBody } from "./body-limit.js";
import { groupsOfUrl } from "./groups.js";
import { createMcpServer, type McpDeps } from "./mcp-server.js";
import { bearerToken } from "../shared/bearer.js";

// MCP over Streamable HTTP at /mcp: stateful sessions, each one SDK StreamableHTTPServerTransport
// (used as the SDK documents it: handleRequest(req, res, parsedBody)) and one server, found by
// the Mcp-Session-Id header. The POST body is read here, so that one over 4 MB is refused with a
// 413 the client can read (body-limit.ts), and handed to the transport parsed. Answers are the
// SDK's default event streams, not its JSON mode: that mode is set per transport, and in it the
// transport drops every notification tied to a request, so a tools/call with a progress token
// would get neither its progress nor the heartbeats that keep its client waiting.
// Clients such as claude never send DELETE, so a session with no open request for `idleMs` is
// reaped; a reaped client gets 404 and starts a new session, as the spec says.
// Each token may hold at most `maxSessionsPerToken` sessions: a new one evicts that token's longest
// idle one (45,000 initialize calls used to take the sidecar from 70 MB to 1.4 GB).
// Token and Host/Origin checks happened before this is reached (bridge/server.ts).

interface Session {
  transport: StreamableHTTPServerTransport;
  /** Digest of the token that opened it (the cap is per token; a revoked chat token closes its sessions). */
  owner: string;
  dispose: () => void;
  lastSeen: number;
  open: number;
  /** Open GET streams: the only way a server notification reaches the client. */
  streams: number;
  flush: () => void;
}

/** Largest POST body /mcp reads (the SDK transport's own default limit). */
export const MAX_MCP_BODY = 4 * 1024 * 1024;

/** Settings of the endpoint. */
export interface McpHttpOptions extends McpDeps {
  /** A session without any open request for this long is closed (default 30 min). */
  idleMs?: number;
  /** Most sessions one token may hold; a new one evicts the token's longest idle session (default 32). */
  maxSessionsPerToken?: number;
  log?: (line: string) => void;
}

/** The session owner key of a token (its digest: the token itself is never kept here). */
export function sessionOwner(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

/** The /mcp endpoint: handles requests, reaps idle sessions, closes everything on shutdown. */
export class McpHttpEndpoint {
  private readonly sessions = new Map<string, Session>();
  private readonly reaper: NodeJS.Timeout;
  private readonly idleMs: number;
  private readonly maxPerToken: number;

  constructor(private readonly opts: McpHttpOptions) {
    this.idleMs = opts.idleMs ?? 30 * 60_000;
    this.maxPerToken = Math.max(1, opts.maxSessionsPerToken ?? 32);
    this.reaper = setInterval(() => this.reap(), Math.min(60_000, Math.max(50, Math.floor(this.idleMs / 2))));
    this.reaper.unref();
  }

  /** Open MCP sessions (for /health and tests). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Handle one HTTP request to /mcp. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers["mcp-session-id"];
    const id = Array.isArray(header) ? header[0] : header;
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (id !== undefined && !session) return notFound(res);
    let body: unknown;
    if (req.method === "POST") {
      const read = await readMcpBody(req, res);
      if (!read.ok) return;
      body = read.body;
    }
    if (session) return this.serve(session, req, res, body);
    return this.open(req, res, body);
  }

  /** Close every session opened with `token` (a chat's token was revoked). */
  async closeOwner(token: string): Promise<void> {
    const owner = sessionOwner(token);
    await Promise.all([...this.sessions].filter(([, s]) => s.owner === owner).map(([sid]) => this.drop(sid)));
  }

  /** Close every session (the sidecar is shutting down). */
  async close(): Promise<void> {
    clearInterval(this.reaper);
    await Promise.all([...this.sessions.keys()].map((sid) => this.drop(sid)));
  }

  /** A request without a session id: an initialize POST starts a session. */
  private async open(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    if (req.method !== "POST") return jsonRpcError(res, 400, -32000, "Bad Request: no Mcp-Session-Id; start a session with an initialize POST.");
    const owner = sessionOwner(bearerToken(req.headers.authorization) ?? "");
    if (!this.makeRoom(owner))
      return jsonRpcError(
        res,
        503,
        -32000,
        `Too many MCP sessions are busy with this token (${this.maxPerToken}); wait for a call to finish, or end sessions you no longer use (DELETE /mcp with their Mcp-Session-Id).`,
      );
    const session: Session = { transport: undefined as unknown as StreamableHTTPServerTransport, owner, dispose: () => {}, flush: () => {}, lastSeen: Date.now(), open: 0, streams: 0 };
    // `/mcp?groups=scene,assets` limits the session's tools to those groups (fixed at initialize).
    const { server, dispose, flush } = createMcpServer(this.opts, () => session.streams > 0, groupsOfUrl(req.url));
    session.dispose = dispose;
    session.flush = flush;
    session.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void this.sessions.set(sid, session),
      onsessionclosed: (sid) => void this.drop(sid),
    });
    session.transport.onclose = () => {
      const sid = session.transport.sessionId;
      if (sid !== undefined) this.sessions.delete(sid);
      dispose();
    };
    await server.connect(session.transport);
    await this.serve(session, req, res, parsedBody);
    // Not an initialize request (the transport answered 400): nothing to keep.
    if (session.transport.sessionId === undefined || !this.sessions.has(session.transport.sessionId)) await session.transport.close();
  }

  private async serve(session: Session, req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    session.open++;
    session.lastSeen = Date.now();
    const stream = req.method === "GET";
    if (stream) {
      session.streams++;
      // A list change that happened before the client opened its stream is sent once it is up.
      setTimeout(() => session.flush(), 25).unref();
    }
    res.once("close", () => {
      session.open--;
      if (stream) session.streams--;
      session.lastSeen = Date.now();
    });
    await session.transport.handleRequest(req, res, parsedBody);
  }

  /** Below the owner's cap, evicting its longest idle session if needed; false when all of them are busy. */
  private makeRoom(owner: string): boolean {
    let count = 0;
    let idlest: [string, Session] | undefined;
    for (const entry of this.sessions) {
      if (entry[1].owner !== owner) continue;
      count++;
      if (entry[1].open === 0 && (!idlest || entry[1].lastSeen < idlest[1].lastSeen)) idlest = entry;
    }
    if (count < this.maxPerToken) return true;
    if (!idlest) return false;
    this.opts.log?.(`closing MCP session ${idlest[0].slice(0, 8)}…: its token opened more than ${this.maxPerToken} sessions`);
    void this.drop(idlest[0]);
    return true;
  }

  private reap(): void {
    const now = Date.now();
    for (const [sid, s] of this.sessions) {
      if (s.open === 0 && now - s.lastSeen >= this.idleMs) {
        this.opts.log?.(`closing MCP session ${sid.slice(0, 8)}…, idle for ${Math.round((now - s.lastSeen) / 1000)} s`);
        void this.drop(sid);
      }
    }
  }

  private async drop(sid: string): Promise<void> {
    const s = this.sessions.get(sid);
    if (!s) return;
    this.sessions.delete(sid);
    s.dispose();
    await s.transport.close().catch(() => {});
  }
}

/** A POST body read and parsed, or `ok: false` once the request was answered (413, or 400 for a body that is not JSON). */
async function readMcpBody(req: IncomingMessage, res: ServerResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  let text: string;
  try {
    text = await readBody(req, MAX_MCP_BODY);
  } catch (err) {
    if (!(err instanceof BodyTooLarge)) throw err;
    refuseBody(req, res, 413, {
      jsonrpc: "2.0",
      error: { code: -32000, message: `Payload too large: ${err.message}; send at most ${MAX_MCP_BODY} bytes (put large data in a file and pass its path).` },
      id: null,
    });
    return { ok: false };
  }
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch (err) {
    jsonRpcError(res, 400, -32700, `Parse error: Invalid JSON (${(err as Error).message}); send one JSON-RPC message, or a batch of them, as application/json.`);
    return { ok: false };
  }
}

function notFound(res: ServerResponse): void {
  jsonRpcError(res, 404, -32001, "Session not found (it ended or the sidecar restarted); start a new session with initialize.");
}

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string): void {
  const body = JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null });
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
  res.end(body);
}
