import { connect } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DirectStreamableTransport } from "../../src/tools/mcp-http-direct.js";
import { startToolServer, until, type ToolServer } from "./helpers.js";

// The direct path of /mcp (mcp-http-direct.ts): one JSON-RPC request on an initialized session is
// answered on the Node response itself; everything the SDK would refuse is still the SDK's answer.

let t: ToolServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

/** What serveDirect answered for each request since the spy was set (true: taken). */
function directAnswers(): () => boolean[] {
  const spy = vi.spyOn(DirectStreamableTransport.prototype, "serveDirect");
  return () => spy.mock.results.map((r) => r.value as boolean);
}

/** One raw HTTP exchange: resolves with what arrived (as chunks) once `done` says so; `cut` drops the socket after the first chunk. */
function exchange(port: number, text: string, done: (all: string) => boolean, cut = false): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const chunks: string[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (d) => {
      chunks.push(d.toString("utf8"));
      if (cut || done(chunks.join(""))) {
        socket.destroy();
        resolve(chunks);
      }
    });
    socket.on("error", reject);
    setTimeout(() => reject(new Error(`no complete answer; got ${JSON.stringify(chunks)}`)), 5000).unref();
  });
}

function post(port: number, token: string, body: unknown, headers: Record<string, string> = {}): string {
  const text = JSON.stringify(body);
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

/** Open a session the way a client does (initialize, then initialized); returns its id. */
async function session(s: ToolServer): Promise<string> {
  const port = s.server.port;
  const init = (
    await exchange(
      port,
      post(port, s.token, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
      answered,
    )
  ).join("");
  const sid = /mcp-session-id: ([^\r\n]+)/i.exec(init)?.[1];
  expect(sid).toBeDefined();
  const ack = (
    await exchange(port, post(port, s.token, { jsonrpc: "2.0", method: "notifications/initialized" }, { "Mcp-Session-Id": sid!, "Mcp-Protocol-Version": "2025-06-18" }), (all) =>
      all.includes("\r\n\r\n"),
    )
  ).join("");
  expect(ack).toMatch(/^HTTP\/1\.1 202/);
  return sid!;
}

describe("/mcp direct path", () => {
  it("answers a quick call as one JSON body, in one write with the headers", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const taken = directAnswers();
    const call = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "test_echo", arguments: { text: "direct" } } };
    const chunks = await exchange(t.server.port, post(t.server.port, t.token, call, { "Mcp-Session-Id": sid, "Mcp-Protocol-Version": "2025-06-18" }), answered);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(chunks[0]).toMatch(/content-type: application\/json/i);
    expect(chunks[0]).toContain(`mcp-session-id: ${sid}`);
    const data = JSON.parse(chunks[0]!.slice(chunks[0]!.indexOf("\r\n\r\n") + 4));
    expect(data).toMatchObject({ jsonrpc: "2.0", id: 7, result: { content: [{ type: "text", text: "direct" }] } });
    expect(taken()).toEqual([true]);
  });

  it("sends progress events on the call's own event stream before its result", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const call = { jsonrpc: "2.0", id: "p1", method: "tools/call", params: { name: "test_tool_with_progress", arguments: {}, _meta: { progressToken: "tok" } } };
    const all = (await exchange(t.server.port, post(t.server.port, t.token, call, { "Mcp-Session-Id": sid }), answered)).join("");
    expect(all).toMatch(/content-type: text\/event-stream/i);
    const events = [...all.matchAll(/data: (.*)\n\n/g)].map((m) => JSON.parse(m[1]!) as { method?: string; id?: string });
    expect(events.filter((e) => e.method === "notifications/progress").length).toBeGreaterThanOrEqual(3);
    expect(events.at(-1)).toMatchObject({ id: "p1" });
  });

  it("leaves what it does not take to the SDK, which refuses it as before", async () => {
    t = await startToolServer();
    const sid = await session(t);
    const port = t.server.port;
    const taken = directAnswers();
    const call = { jsonrpc: "2.0", id: 9, method: "tools/list" };
    const first = async (text: string) => (await exchange(port, text, (all) => all.includes("}"))).join("");
    expect(await first(post(port, t.token, call, { "Mcp-Session-Id": sid, "Mcp-Protocol-Version": "1999-01-01" }))).toMatch(/^HTTP\/1\.1 400[\s\S]*Unsupported protocol version/);
    expect(await first(post(port, t.token, call, { "Mcp-Session-Id": sid, Accept: "application/json" }))).toMatch(/^HTTP\/1\.1 406/);
    expect(await first(post(port, t.token, call, { "Mcp-Session-Id": sid, "Content-Type": "text/plain" }))).toMatch(/^HTTP\/1\.1 415/);
    expect(
      await first(
        post(
          port,
          t.token,
          { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } },
          { "Mcp-Session-Id": sid },
        ),
      ),
    ).toMatch(/^HTTP\/1\.1 400[\s\S]*already initialized/);
    // A batch is the SDK's too, and still answered.
    const batch = (await exchange(port, post(port, t.token, [call, { ...call, id: 10 }], { "Mcp-Session-Id": sid }), answered)).join("");
    expect([...batch.matchAll(/"id":(9|10)/g)]).toHaveLength(2);
    expect(taken()).toEqual([false, false, false, false, false]);
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
    expect((await exchange(port, post(port, t.token, echo, { "Mcp-Session-Id": sid }), answered)).join("")).toContain("still here");
  });
});
