import { randomBytes } from "node:crypto";
import { chmodSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "./descriptor-io.js";

// The sidecar's shared secret. It is kept in <hash>.token beside the descriptor and reused across
// restarts, so an open browser tab (token in its URL fragment) and Unity keep working after the
// sidecar restarts. Never log it.

/** 32 random bytes in base64url: 43 characters, valid as a WebSocket subprotocol name. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh random token. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The token stored at `file`, creating it (0600) when missing or malformed. */
export function loadOrCreateToken(file: string): string {
  const existing = readToken(file);
  if (existing !== undefined) {
    if (process.platform !== "win32") {
      try {
        chmodSync(file, 0o600);
      } catch {
        // keep going: the token is still usable, only its permissions could not be tightened
      }
    }
    return existing;
  }
  const token = generateToken();
  writeFileAtomic(file, `${token}\n`);
  return token;
}

/** The token stored at `file`, or undefined when missing or not a well-formed token. */
export function readToken(file: string): string | undefined {
  try {
    const text = readFileSync(file, "utf8").trim();
    return TOKEN_PATTERN.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
