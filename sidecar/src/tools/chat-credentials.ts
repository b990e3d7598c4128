import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MCP_SERVER_NAME } from "../protocol/tools.js";

// Each chat's claude reaches /mcp with a token of its own instead of the sidecar's. The token is
// written into that chat's --mcp-config file (0600, in the user's 0700 folder beside the
// descriptor), not into claude's environment, so the processes claude starts (an approved Bash
// `env`, a build script) do not inherit it. Only /mcp accepts it, and only while the chat is open:
// closing the chat revokes it, deletes its file and ends its MCP sessions. Tokens live in memory,
// so a sidecar that exits revokes them all.

/** One chat's credential: the --mcp-config path to give claude, and its revocation. */
export interface ChatCredential {
  /** Path of the config file (passed as `--mcp-config <path>`). */
  mcpConfig: string;
  /** Revoke the token, delete the file and end its MCP sessions (idempotent). */
  revoke(): void;
}

/** The per-chat tokens of one sidecar. */
export class ChatCredentials {
  /** Digests of the live tokens (a lookup never compares the secret itself). */
  private readonly live = new Map<string, () => void>();

  /** `onRevoke` ends the MCP sessions a revoked token opened. */
  constructor(private readonly onRevoke: (token: string) => void = () => {}) {}

  /** Issue a token for a chat and write its config file for `/mcp` on `port` in `dir` (created 0700). */
  issue(port: number, dir: string): ChatCredential {
    const token = randomBytes(32).toString("base64url");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `mcp-chat-${randomBytes(9).toString("base64url")}.json`);
    writeFileSync(file, chatMcpConfig(port, token), { mode: 0o600, flag: "wx" });
    const key = digest(token);
    let revoked = false;
    const revoke = (): void => {
      if (revoked) return;
      revoked = true;
      this.live.delete(key);
      rmSync(file, { force: true });
      this.onRevoke(token);
    };
    this.live.set(key, revoke);
    return { mcpConfig: file, revoke };
  }

  /** Whether `token` is a chat token that has not been revoked. */
  accepts(token: string): boolean {
    return this.live.has(digest(token));
  }

  /** Live chat tokens (tests, diagnostics). */
  get size(): number {
    return this.live.size;
  }

  /** Revoke every token (the sidecar is shutting down). */
  revokeAll(): void {
    for (const revoke of [...this.live.values()]) revoke();
  }
}

/** The --mcp-config JSON of one chat: HTTP to this sidecar's /mcp with the chat's own token. */
export function chatMcpConfig(port: number, token: string): string {
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { type: "http", url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: `Bearer ${token}` } } } });
}

function digest(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}
