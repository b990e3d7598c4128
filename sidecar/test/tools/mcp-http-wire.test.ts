import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_MCP_BODY } from "../../src/tools/mcp-http.js";
import { startToolServer, until, type ToolServer } from "./helpers.js";

// /mcp as raw HTTP sees it (the SDK transport behind it): bodies that are refused, the SDK's
// refusals, progress on a call's own event stream, and a client that goes away mid-call.

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One raw HTTP exchange: resolves with what arrived once `done` says so; `cut` drops the socket after the first chunk. */
function exchange(port: number, text: string, done: (all: string) => boolean, cut = false): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (d) => {
      chunks.push(d.toString("utf8"));
      if (cut || done(chunks.join(""))) {
        socket.destroy();
        resolve(chunks.join(""));
      }
    });
    socket.on("error", reject);
    setTimeout(() => reject(new Error(`no complete answer; got ${JSON.stringify(chunks)}`)), 5000).unref();
  });
}

/** A raw POST /mcp; `body` is sent as is when a string, else as JSON. */
function post(port: number, token: string, body: unknown, headers: Record<string, string> = {}): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const all = {
    Host: `127.0.0.1:${port}`,
    Authorization: `Bearer ${token}`,
    Accept: "application/json, text/event-stream",
    "Content-Type": "application/json",
    "Content-Length": String(Buffer.byteLength(text)),
    ...headers,
  };
  return `POST /mcp HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n${text}`;
}

/** An answer that ended: a chunked event stream that carried one, or a JSON body of its declared length. */
const answered = (all: string): boolean => {
  if (!/"(result|error)":/.test(all)) return false;
  const length = /content-length: (\d+)/i.exec(all)?.[1];
  return length === undefined ? all.endsWith("\r\n0\r\n\r\n") : Buffer.byteLength(all.slice(all.indexOf("\r\n\r\n") + 4)) >= Number(length);
};
const firstJson = (all: string): boolean => all.includes("}");

/** Open a session the way a client does (initialize, then initialized); returns its id. */
async function session(s: ToolServer): Promise<string> {
  const port = s.server.port;
  const init = await exchange(
    port,
    post(port, s.token, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
    answered,
  );
  const sid = /mcp-session-id: ([^\r\n]+)/i.exec(init)?.[1];
  expect(sid).toBeDefined();
  const ack = await exchange(port, post(port, s.token, { jsonrpc: "2.0", method: "notifications/initialized" }, { "Mcp-Session-Id": sid!, "Mcp-Protocol-Version": "2025-06-18" }), (all) =>
    all.includes("\r\n\r\n"),
  );
  expect(ack).toMatch(/^HTTP\/1\.1 202/);
  return sid!;
}

describe("/mcp request bodies", () => {
  it("a body that is not JSON gets the JSON-RPC parse error, and no session is opened", async () => {
    t = await startToolServer();
    const answer = await exchange(t.server.port, post(t.server.port, t.token, "{not json"), firstJson);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":-32700');
    expect(t.host.mcp.sessionCount).toBe(0);
  });

  it("a body declared over the limit is refused with 413 without being read, and the connection closes", async () => {
    t = await startToolServer();
    const head = post(t.server.port, t.token, "", { "Content-Length": String(MAX_MCP_BODY + 1) });
    const answer = await exchange(t.server.port, head, firstJson);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"code":-32000');
    expect(answer).toMatch(/Payload too large: .*send at most 4194304 bytes/);
  });
});

describe("/mcp on an open session", () => {
  it("a call's answer and its progress come as the SDK's event stream on the call's own POST", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const call = { jsonrpc: "2.0", id: "p1", method: "tools/call", params: { name: "test_tool_with_progress", arguments: {}, _meta: { progressToken: "tok" } } };
    const all = await exchange(t.server.port, post(t.server.port, t.token, call, { "Mcp-Session-Id": sid, "Mcp-Protocol-Version": "2025-06-18" }), answered);
    expect(all).toMatch(/^HTTP\/1\.1 200/);
    expect(all).toMatch(/content-type: text\/event-stream/i);
    expect(all).toContain(`mcp-session-id: ${sid}`);
    const events = [...all.matchAll(/data: (.*)\n\n/g)].map((m) => JSON.parse(m[1]!) as { method?: string; id?: string });
    expect(events.filter((e) => e.method === "notifications/progress").length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toMatchObject({ id: "p1" });
  });

  it("what the transport refuses is refused with its status and reason; a batch is answered whole", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const port = t.server.port;
    const call = { jsonrpc: "2.0", id: 9, method: "tools/list" };
    const send = (body: unknown, headers: Record<string, string>) => exchange(port, post(port, t!.token, body, { "Mcp-Session-Id": sid, ...headers }), firstJson);
    expect(await send(call, { "Mcp-Protocol-Version": "1999-01-01" })).toMatch(/^HTTP\/1\.1 400[\s\S]*Unsupported protocol version/);
    expect(await send(call, { Accept: "application/json" })).toMatch(/^HTTP\/1\.1 406/);
    expect(await send(call, { "Content-Type": "text/plain" })).toMatch(/^HTTP\/1\.1 415/);
    const reinit = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } };
    expect(await send(reinit, {})).toMatch(/^HTTP\/1\.1 400[\s\S]*already initialized/);
    const batch = await exchange(port, post(port, t.token, [call, { ...call, id: 10 }], { "Mcp-Session-Id": sid }), answered);
    expect([...batch.matchAll(/"id":(9|10)/g)]).toHaveLength(2);
  });

  it("a client that went away mid-call loses only its answer; the session goes on", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const port = t.server.port;
    const slow = { jsonrpc: "2.0", id: 11, method: "tools/call", params: { name: "test_slow", arguments: { ms: 150, steps: 3 }, _meta: { progressToken: 1 } } };
    await exchange(port, post(port, t.token, slow, { "Mcp-Session-Id": sid }), () => false, true); // gone after the first bytes
    await until(() => t!.test.calls.some((c) => c.tool === "test_slow"), 3000, "the slow call to start");
    await new Promise((r) => setTimeout(r, 400)); // it finishes (progress, then its answer) with nobody to take them
    const echo = { jsonrpc: "2.0", id: 12, method: "tools/call", params: { name: "test_echo", arguments: { text: "still here" } } };
    expect(await exchange(port, post(port, t.token, echo, { "Mcp-Session-Id": sid }), answered)).toContain("still here");
    expect(t.host.mcp.sessionCount).toBe(1);
  });
});
