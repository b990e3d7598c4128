import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

// Who may talk to the sidecar: requests must come for our own host (127.0.0.1 / localhost on our
// port), browsers only from our own origin, and everything but the static page needs the token:
// `Authorization: Bearer <token>` from tools the user configured with it, or, on the panel
// WebSocket, a challenge-response proof (ws-challenge.ts) that never sends the token itself.
// Tokens are compared in constant time and never logged.

import { bearerToken } from "../../shared/bearer.js";
import { clientNonceOf } from "../../shared/ws-challenge.js";

export { bearerToken };

/** The WebSocket subprotocol of panel protocol v1; the server selects it when offered. */
export const WS_PROTOCOL = "agent-panel.v1";
/** Outcome of a check: allowed, or the HTTP status and a reason that is safe to log and send. */
export type AuthResult = { ok: true; via: "header" | "none" } | { ok: true; via: "challenge"; clientNonce: string } | { ok: false; status: 400 | 401 | 403; reason: string };

/** What the checks need to know about the server. */
export interface AuthContext {
  token: string;
  port: number;
}

/** Host and Origin checks that apply to every request, including the unauthenticated page. */
export function checkRequestSource(req: IncomingMessage, ctx: AuthContext): AuthResult {
  // Node keeps only the first of several Host headers; a request with two is ambiguous (a proxy
  // or cache may read the other one) and is refused.
  if (headerCount(req.rawHeaders ?? [], "host") > 1) return { ok: false, status: 400, reason: "duplicate Host header" };
  const host = req.headers.host;
  if (host !== undefined && !allowedHosts(ctx.port).includes(host.toLowerCase())) {
    return { ok: false, status: 403, reason: "host not allowed" };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !allowedOrigins(ctx.port).includes(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: "origin not allowed" };
  }
  return { ok: true, via: "none" };
}

/** How many times header `name` (lower case) occurs in Node's raw [name, value, …] list. */
function headerCount(raw: string[], name: string): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === name.length && raw[i]!.toLowerCase() === name) n++;
  return n;
}

/**
 * Full check of an HTTP request that needs the token (Bearer header only); `alsoAccept` admits
 * other tokens for this request (a chat's own token on /mcp).
 */
export function authorizeHttp(req: IncomingMessage, ctx: AuthContext, alsoAccept?: (token: string) => boolean): AuthResult {
  const source = checkRequestSource(req, ctx);
  if (!source.ok) return source;
  const given = bearerToken(req.headers.authorization);
  if (given === undefined) return { ok: false, status: 401, reason: "missing token" };
  return tokenEquals(given, ctx.token) || alsoAccept?.(given) === true ? { ok: true, via: "header" } : { ok: false, status: 401, reason: "wrong token" };
}

/**
 * Check of a WebSocket upgrade: a Bearer header (tools), or a challenge nonce with agent-panel.v1
 * offered, in which case the socket is accepted but must pass runChallenge before anything else.
 */
export function authorizeUpgrade(req: IncomingMessage, ctx: AuthContext): AuthResult {
  const source = checkRequestSource(req, ctx);
  if (!source.ok) return source;
  const header = bearerToken(req.headers.authorization);
  const offered = parseProtocols(req.headers["sec-websocket-protocol"]);
  if (header !== undefined) {
    return tokenEquals(header, ctx.token) ? { ok: true, via: "header" } : { ok: false, status: 401, reason: "wrong token" };
  }
  const clientNonce = clientNonceOf(offered);
  if (clientNonce === undefined) return { ok: false, status: 401, reason: "missing token (send a Bearer header or offer an agent-panel.challenge.<nonce> subprotocol)" };
  if (!offered.includes(WS_PROTOCOL)) return { ok: false, status: 400, reason: `the challenge subprotocol needs ${WS_PROTOCOL} offered too` };
  return { ok: true, via: "challenge", clientNonce };
}

/** Constant-time token comparison (hashing first hides the length too). */
export function tokenEquals(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  return timingSafeEqual(a, expectedDigest(expected));
}

/** The expected token's digest, made once per token (every /mcp and REST request compares against it). */
let expectedCache: { token: string; digest: Buffer } | undefined;
function expectedDigest(token: string): Buffer {
  if (expectedCache?.token !== token) expectedCache = { token, digest: createHash("sha256").update(token, "utf8").digest() };
  return expectedCache.digest;
}

/** The comma-separated subprotocol list of a Sec-WebSocket-Protocol header. */
export function parseProtocols(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const joined = Array.isArray(header) ? header.join(",") : header;
  return joined
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
}

/** The only Origin values a browser may send: the sidecar's own pages. */
export function allowedOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** The only Host values accepted (blocks DNS-rebinding pages that reach us under another name). */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}
