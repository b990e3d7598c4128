import { request } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startServer, type ClientLink, type RunningServer, type ServerOptions } from "../../../src/bridge/server/server.js";

const TOKEN = "t0k".repeat(14) + "en";
const auth = { Authorization: `Bearer ${TOKEN}` };
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close(500);
  server = undefined;
});

async function start(over: Partial<ServerOptions> = {}): Promise<RunningServer> {
  server = await startServer({ port: 0, token: TOKEN, version: "1.2.3", onClient: () => ({ onText() {}, onClose() {} }), health: () => ({}), ...over });
  return server;
}

async function connect(port: number, received: string[] = []): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: auth });
  ws.on("message", (d) => received.push(String(d))); // attached before open: frames can follow the handshake at once
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return ws;
}

const closed = (ws: WebSocket): Promise<{ code: number; reason: string }> => new Promise((r) => ws.once("close", (code, reason) => r({ code, reason: reason.toString() })));

describe("HTTP routes", () => {
  it("serves the page without the token but nothing else", async () => {
    const s = await start();
    const page = await get(s.port, "/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect((await get(s.port, "/anything")).status).toBe(401);
    expect((await get(s.port, "/anything", auth)).status).toBe(404);
    expect((await get(s.port, "/ws", auth)).status).toBe(426);
  });

  it("refuses requests that name another host (DNS rebinding)", async () => {
    const s = await start();
    expect((await get(s.port, "/", { Host: `attacker.example:${s.port}` })).status).toBe(403);
  });

  it("answers 500 instead of crashing when the health callback throws", async () => {
    const s = await start({
      health: () => {
        throw new Error("boom");
      },
    });
    expect((await get(s.port, "/health", auth)).status).toBe(500);
    expect((await get(s.port, "/health", auth)).status).toBe(500);
  });
});

describe("waiting for ready (work loaded on first use)", () => {
  it("holds requests and clients until ready resolves, but answers /health at once", async () => {
    let release!: () => void;
    const pending = new Promise<void>((r) => (release = r));
    let isReady = false;
    void pending.then(() => (isReady = true));
    const texts: string[] = [];
    const s = await start({ ready: () => (isReady ? undefined : pending), onClient: () => ({ onText: (t) => void texts.push(t), onClose() {} }), health: () => ({ ready: isReady }) });
    expect((await get(s.port, "/health", auth)).body).toContain('"ready":false');
    const page = get(s.port, "/anything", auth);
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: auth });
    let opened = false;
    ws.once("open", () => (opened = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(opened).toBe(false); // the upgrade waits
    release();
    expect((await page).status).toBe(404); // then handled as usual
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.send("hi");
    await until(() => texts.length === 1);
    expect(texts).toEqual(["hi"]);
    ws.close();
  });

  it("answers 503 with what to do when ready fails, and keeps serving /health", async () => {
    const logs: string[] = [];
    const s = await start({ ready: () => Promise.reject(new Error("chunk missing")), log: (l) => logs.push(l) });
    const res = await get(s.port, "/anything", auth);
    expect(res.status).toBe(503);
    expect(res.body).toMatch(/could not finish starting.*restart/);
    expect(logs.join("\n")).toContain("chunk missing");
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: auth });
    const status = await new Promise<number>((r) => ws.once("unexpected-response", (_req, resp) => r(resp.statusCode ?? 0)));
    expect(status).toBe(503);
    expect((await get(s.port, "/health", auth)).status).toBe(200);
  });
});

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !cond();) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("WebSocket clients", () => {
  it("passes text frames to the router and sends its frames back as JSON", async () => {
    const seen: string[] = [];
    let closes = 0;
    const s = await start({
      onClient: (link, info) => {
        link.send({ kind: "hello", id: info.id, auth: info.auth });
        return { onText: (raw) => seen.push(raw), onClose: () => closes++ };
      },
    });
    const received: string[] = [];
    const ws = await connect(s.port, received);
    await waitFor(() => received.length === 1);
    expect(JSON.parse(received[0]!)).toEqual({ kind: "hello", id: 1, auth: "header" });
    expect(s.clientCount()).toBe(1);
    ws.send('{"cmd":"x"}');
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual(['{"cmd":"x"}']);
    const done = closed(ws);
    ws.close();
    await done;
    await waitFor(() => closes === 1);
    expect(s.clientCount()).toBe(0);
  });

  it("answers binary and invalid UTF-8 frames with bad_json and keeps the client", async () => {
    const texts: string[] = [];
    const s = await start({ onClient: (link) => ({ onText: (t) => (texts.push(t), link.send({ kind: "ack", id: "seen" })), onClose() {} }) });
    const received: string[] = [];
    const ws = await connect(s.port, received);
    ws.send(Buffer.from([1, 2, 3]));
    ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    ws.send(JSON.stringify({ id: "next" }));
    await waitFor(() => received.length === 3);
    expect(received.slice(0, 2).map((r) => JSON.parse(r))).toEqual([
      expect.objectContaining({ kind: "error", code: "bad_json", message: expect.stringContaining("binary") }),
      expect.objectContaining({ kind: "error", code: "bad_json", message: expect.stringContaining("UTF-8") }),
    ]);
    expect(texts).toEqual([JSON.stringify({ id: "next" })]);
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it("closes a client whose send buffer exceeds the limit, with a reason that says to resubscribe", async () => {
    let link: ClientLink | undefined;
    const s = await start({ maxBufferedBytes: 256 * 1024, onClient: (l) => ((link = l), { onText() {}, onClose() {} }) });
    const ws = await connect(s.port);
    await waitFor(() => link !== undefined);
    const done = closed(ws);
    const chunk = "x".repeat(256 * 1024);
    let sent = 0;
    // Client and server share this thread, so nothing is read while this loop runs.
    while (link!.open && sent < 200) {
      link!.send({ kind: "event", data: chunk });
      sent++;
    }
    expect(link!.open).toBe(false);
    expect(sent).toBeLessThan(200);
    link!.send({ kind: "after" }); // ignored, does not throw
    const result = await done;
    expect(result.code).toBe(4008);
    expect(result.reason).toContain("resubscribe");
  });

  it("drops a client that stops answering the heartbeat", async () => {
    const s = await start({ heartbeatMs: 80 });
    const ws = await connect(s.port);
    (ws as unknown as { _socket: Socket })._socket.pause(); // stops reading pings, so no pongs go out
    await waitFor(() => s.clientCount() === 0, 2000);
    ws.terminate();
  });

  it("keeps a responsive client across heartbeats", async () => {
    const s = await start({ heartbeatMs: 50 });
    const ws = await connect(s.port);
    await new Promise((r) => setTimeout(r, 300));
    expect(s.clientCount()).toBe(1);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it("closes clients with 1001 on shutdown and stops listening", async () => {
    const s = await start();
    const ws = await connect(s.port);
    const done = closed(ws);
    await s.close();
    server = undefined;
    expect((await done).code).toBe(1001);
    await expect(get(s.port, "/")).rejects.toThrow();
  });
});

async function waitFor(cond: () => boolean, timeoutMs = 1000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("startServer binding", () => {
  it("refuses to listen on anything but loopback", async () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.10"]) {
      await expect(startServer({ host, port: 0, token: TOKEN, version: "1", onClient: () => ({ onText() {}, onClose() {} }), health: () => ({}) })).rejects.toMatchObject({
        code: "non_loopback_bind",
      });
    }
  });
});
