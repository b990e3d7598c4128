import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startToolServer, type ToolServer } from "./helpers.js";

// Issue #29 items 5 and 8 on /mcp: oversized bodies, `arguments` that is not an object, and the
// number of sessions one token may hold.

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

/** POST one JSON-RPC body to /mcp with raw node:http; status, session id and the parsed answer (JSON or the first SSE event). */
function post(body: Buffer | object, opts: { session?: string; token?: string; chunked?: boolean } = {}): Promise<{ status: number; session?: string; json?: any } | { error: string }> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const url = new URL(t!.url);
    const headers: Record<string, string> = {
      ...HEADERS,
      Authorization: `Bearer ${opts.token ?? t!.token}`,
      ...(opts.chunked ? {} : { "Content-Length": String(bytes.length) }),
      ...(opts.session ? { "mcp-session-id": opts.session, "mcp-protocol-version": "2025-06-18" } : {}),
    };
    const req = request({ host: "127.0.0.1", port: url.port, path: "/mcp", method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
        let json: unknown;
        try {
          json = data === "" ? undefined : JSON.parse(data);
        } catch {
          json = text;
        }
        resolve({ status: res.statusCode ?? 0, session: res.headers["mcp-session-id"] as string | undefined, json });
      });
    });
    req.setTimeout(10_000, () => {
      resolve({ error: "timeout" });
      req.destroy();
    });
    req.on("error", (e) => resolve({ error: e.message }));
    req.end(bytes);
  });
}

const init = (id = 1) => ({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } } });

async function session(token?: string): Promise<string> {
  const r = await post(init(), { token });
  if (!("status" in r) || r.session === undefined) throw new Error(`initialize failed: ${JSON.stringify(r)}`);
  await post({ jsonrpc: "2.0", method: "notifications/initialized" }, { session: r.session, token });
  return r.session;
}

describe("/mcp hardening", () => {
  it("a body over 4 MB gets a JSON-RPC 413 the client can read (before: the socket was reset)", async () => {
    t = await startToolServer();
    for (const size of [5, 20, 60]) {
      for (const chunked of [false, true]) {
        const res = await post(Buffer.alloc(size * 1024 * 1024, 0x20), { chunked });
        expect(res, `${size} MB${chunked ? ", chunked" : ""}`).toMatchObject({ status: 413, json: { error: { code: -32000 } } });
      }
    }
    expect(await post(init())).toMatchObject({ status: 200 });
  });

  it("tools/call with `arguments` as an array answers invalid params (-32602) and calls nothing", async () => {
    t = await startToolServer();
    const sid = await session();
    const res = await post({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "test_echo", arguments: ["hi"] } }, { session: sid });
    expect(res, JSON.stringify(res)).toMatchObject({ status: 200, json: { id: 2, error: { code: -32602 } } });
    expect(t.test.calls).toHaveLength(0);
  });

  it("caps the sessions of one token at 32: a new one evicts the longest idle, never one with an open request", async () => {
    t = await startToolServer();
    const first = await session();
    // An open GET stream is a request under way: this session is not idle.
    const url = new URL(t.url);
    const stream = request({
      host: "127.0.0.1",
      port: url.port,
      path: "/mcp",
      headers: { Authorization: `Bearer ${t.token}`, Accept: "text/event-stream", "mcp-session-id": first, "mcp-protocol-version": "2025-06-18" },
    });
    stream.on("error", () => undefined);
    await new Promise<void>((r) => stream.on("response", () => r()).end());
    const later: string[] = [];
    for (let i = 0; i < 40; i++) later.push(await session());
    expect(t.host.mcp.sessionCount).toBe(32);
    // The busy one and the 31 newest are kept; the 9 oldest idle ones were closed and answer 404.
    const list = (sid: string) => post({ jsonrpc: "2.0", id: 3, method: "tools/list" }, { session: sid });
    expect(await list(first)).toMatchObject({ status: 200 });
    for (const sid of later.slice(0, 9)) expect(await list(sid)).toMatchObject({ status: 404 });
    for (const sid of later.slice(9)) expect(await list(sid)).toMatchObject({ status: 200 });
    // closeOwner (a chat token revoked) ends every session of that token.
    await t.host.mcp.closeOwner(t.token);
    expect(t.host.mcp.sessionCount).toBe(0);
    stream.destroy();
  });
});
