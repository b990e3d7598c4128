import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { WebSocket } from "ws";

// Mutual proof of the token on the panel WebSocket, so a client never hands its token (or anything
// it could replay) to a program that merely listens on the port the sidecar used to have.
//
//   client → upgrade offering `agent-panel.v1` and `agent-panel.challenge.<clientNonce>` (no token)
//   server → {"kind":"auth.challenge","serverNonce":S,"proof":HMAC(token, "agent-panel server v1\n<port>\n<C>\n<S>")}
//   client    checks the proof with its token and the port it dialled; stops if it does not match
//   client → {"cmd":"auth","proof":HMAC(token, "agent-panel client v1\n<port>\n<C>\n<S>")}
//   server    checks it; from then on the panel protocol runs (hello, …)
//
// The port in both messages stops a squatter from relaying the exchange to the real sidecar on
// its new port; fresh nonces on both sides make every proof useless a second time.

/** Prefix of the subprotocol that carries the client's nonce. */
export const CHALLENGE_PREFIX = "agent-panel.challenge.";
/** How long the client has to answer the challenge. */
export const CHALLENGE_TIMEOUT_MS = 5000;
/** Close code when the client's proof is missing or wrong. */
export const CLOSE_AUTH_FAILED = 4401;

const NONCE = /^[A-Za-z0-9_-]{22,128}$/;

/** The client's nonce from the offered subprotocols, if one is offered and well-formed. */
export function clientNonceOf(offered: string[]): string | undefined {
  const nonce = offered.find((p) => p.startsWith(CHALLENGE_PREFIX))?.slice(CHALLENGE_PREFIX.length);
  return nonce !== undefined && NONCE.test(nonce) ? nonce : undefined;
}

/** True for a nonce we accept from a client (22–128 base64url characters). */
export function isNonce(value: string | null | undefined): value is string {
  return typeof value === "string" && NONCE.test(value);
}

/**
 * What GET /health?nonce=<C> answers without a token: proof that the server holds the token and
 * listens on `port`, so a probe learns "alive and ours" without ever sending the token.
 */
export function healthProof(token: string, port: number, nonce: string): string {
  return hmac(token, `agent-panel health v1\n${port}\n${nonce}`);
}

/**
 * What lets the browser panel's compose card load one generated WAV (and its notes) without the
 * token in a URL: an <audio src> cannot send a header, and a proof names only this port and path.
 */
export function mediaProof(token: string, port: number, path: string): string {
  return hmac(token, `agent-panel media v1\n${port}\n${path}`);
}

/** Constant-time check of a proof string against the expected one. */
export function proofMatches(given: unknown, expected: string): boolean {
  return typeof given === "string" && proofEquals(given, expected);
}

/** What the server sends to prove it holds the token. */
export function serverProof(token: string, port: number, clientNonce: string, serverNonce: string): string {
  return hmac(token, `agent-panel server v1\n${port}\n${clientNonce}\n${serverNonce}`);
}

/** What the client sends to prove it holds the token. */
export function clientProof(token: string, port: number, clientNonce: string, serverNonce: string): string {
  return hmac(token, `agent-panel client v1\n${port}\n${clientNonce}\n${serverNonce}`);
}

/**
 * Run the exchange on a freshly accepted socket: send the challenge, wait for one `auth` frame,
 * then call `authenticated` (synchronously, so the next frame already reaches the real handler)
 * or close the socket with 4401.
 */
export function runChallenge(ws: WebSocket, token: string, port: number, clientNonce: string, authenticated: () => void, log: (line: string) => void, timeoutMs = CHALLENGE_TIMEOUT_MS): void {
  const serverNonce = randomBytes(24).toString("base64url");
  const fail = (reason: string): void => {
    cleanup();
    log(`WebSocket authentication failed: ${reason}`);
    ws.close(CLOSE_AUTH_FAILED, `authentication failed: ${reason}`);
    setTimeout(() => ws.terminate(), 2000).unref();
  };
  const timer = setTimeout(() => fail("no answer to the challenge"), timeoutMs);
  timer.unref();
  const onMessage = (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void => {
    if (isBinary) return fail("binary frame");
    let proof: unknown;
    try {
      const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(data as Buffer[]).toString("utf8")) as { cmd?: unknown; proof?: unknown };
      proof = frame.cmd === "auth" ? frame.proof : undefined;
    } catch {
      proof = undefined;
    }
    if (typeof proof !== "string") return fail('the first frame must be {"cmd":"auth","proof":…}');
    if (!proofEquals(proof, clientProof(token, port, clientNonce, serverNonce))) return fail("wrong proof (wrong token, or the client dialled another port)");
    cleanup();
    authenticated();
  };
  const onClose = (): void => cleanup();
  function cleanup(): void {
    clearTimeout(timer);
    ws.off("message", onMessage);
    ws.off("close", onClose);
  }
  ws.on("message", onMessage);
  ws.on("close", onClose);
  ws.send(JSON.stringify({ kind: "auth.challenge", serverNonce, proof: serverProof(token, port, clientNonce, serverNonce) }));
}

function hmac(token: string, text: string): string {
  return createHmac("sha256", Buffer.from(token, "utf8")).update(text, "utf8").digest("base64url");
}

function proofEquals(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
