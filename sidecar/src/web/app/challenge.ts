// The browser's side of the WebSocket challenge (the server's side and the exchange are described
// in sidecar/src/bridge/ws-challenge.ts): the panel offers a fresh nonce, checks the server's
// proof with the token and the port it dialled, and only then answers with its own proof. The
// token itself never leaves the page, so a program squatting on an old port learns nothing.

/** Prefix of the subprotocol that carries the client's nonce. */
export const CHALLENGE_PREFIX = "agent-panel.challenge.";

/** A fresh random nonce (base64url, 24 bytes). */
export function makeNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** The auth frame to send if `challenge` proves the server holds `token`; undefined if it does not. */
export async function answerChallenge(challenge: unknown, token: string, port: number, clientNonce: string): Promise<{ cmd: "auth"; proof: string } | undefined> {
  const c = challenge as { kind?: unknown; serverNonce?: unknown; proof?: unknown } | null;
  if (c === null || typeof c !== "object" || c.kind !== "auth.challenge" || typeof c.serverNonce !== "string" || typeof c.proof !== "string") return undefined;
  const expected = await hmac(token, `agent-panel server v1\n${port}\n${clientNonce}\n${c.serverNonce}`);
  if (expected !== c.proof) return undefined;
  return { cmd: "auth", proof: await hmac(token, `agent-panel client v1\n${port}\n${clientNonce}\n${c.serverNonce}`) };
}

/** The proof that opens one generated WAV (and its notes) on the sidecar at `port` (bridge/ws-challenge.ts mediaProof). */
export function mediaProof(token: string, port: number, path: string): Promise<string> {
  return hmac(token, `agent-panel media v1\n${port}\n${path}`);
}

/** The port of a ws:// URL (80 when it names none). */
export function portOf(url: string): number {
  const u = new URL(url);
  return u.port === "" ? (u.protocol === "wss:" ? 443 : 80) : Number(u.port);
}

async function hmac(token: string, text: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await globalThis.crypto.subtle.importKey("raw", enc.encode(token), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, enc.encode(text))));
}

function base64url(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
