import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChatCredentials } from "../../src/tools/chat-credentials.js";
import { startToolServer, type ToolServer } from "./helpers.js";
import { startServer } from "../../src/bridge/server/server.js";
import { notReadyHooks } from "../../src/commands/serve.js";

// Issue #29 item 3: each chat's claude gets its own /mcp token in a 0600 config file (not in its
// environment); only /mcp accepts it, and only until the chat closes.

const dirs: string[] = [];
let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "chat-cred-"));
  dirs.push(d);
  return path.join(d, "state");
}

describe("per-chat MCP credentials", () => {
  it("writes a 0600 config with the chat's own token in a 0700 folder; revoking deletes it", () => {
    const revoked: string[] = [];
    const creds = new ChatCredentials((tok) => revoked.push(tok));
    const dir = tempDir();
    const a = creds.issue(4242, dir);
    const b = creds.issue(4242, dir);
    expect(a.mcpConfig).not.toBe(b.mcpConfig);
    if (process.platform !== "win32") {
      expect(statSync(a.mcpConfig).mode & 0o777).toBe(0o600);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
    const config = JSON.parse(readFileSync(a.mcpConfig, "utf8"));
    const server = config.mcpServers["agent-panel"];
    expect(server).toMatchObject({ type: "http", url: "http://127.0.0.1:4242/mcp" });
    const token = /^Bearer (\S+)$/.exec(server.headers.Authorization)![1]!;
    expect(token).toHaveLength(43);
    expect(creds.accepts(token)).toBe(true);
    a.revoke();
    a.revoke();
    expect(creds.accepts(token)).toBe(false);
    expect(existsSync(a.mcpConfig)).toBe(false);
    expect(revoked).toEqual([token]);
    expect(creds.size).toBe(1);
    creds.revokeAll();
    expect(creds.size).toBe(0);
  });

  it("a chat token opens /mcp only, and not after it is revoked (its MCP sessions end)", async () => {
    t = await startToolServer();
    await t.server.close(500);
    const host = t.host;
    const hooks = notReadyHooks();
    const server = await startServer({
      port: 0,
      token: t.token,
      version: "t",
      onClient: hooks.onClient,
      health: () => ({}),
      route: host.route,
      routeToken: (tok, p) => p === "/mcp" && host.chatTokens.accepts(tok),
    });
    t = { ...t, server, url: server.url };
    const cred = host.chatTokens.issue(server.port, tempDir());
    const token = /Bearer (\S+)"/.exec(readFileSync(cred.mcpConfig, "utf8"))![1]!;
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } } };
    const mcp = (tok: string) =>
      fetch(new URL("mcp", server.url), {
        method: "POST",
        headers: { Authorization: `Bearer ${tok}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify(init),
      });
    const opened = await mcp(token);
    expect(opened.status).toBe(200);
    await opened.text();
    expect(host.mcp.sessionCount).toBe(1);
    for (const p of ["/tools", "/jobs", "/health"]) expect((await fetch(new URL(p, server.url), { headers: { Authorization: `Bearer ${token}` } })).status, p).toBe(401);
    cred.revoke();
    expect((await mcp(token)).status).toBe(401);
    await new Promise((r) => setTimeout(r, 20));
    expect(host.mcp.sessionCount).toBe(0);
  });
});
