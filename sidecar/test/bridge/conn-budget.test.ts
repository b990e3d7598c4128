import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startServer, type RunningServer, type ServerOptions } from "../../src/bridge/server/server.js";
import { clientProof } from "../../src/shared/ws-challenge.js";

// Issue #29 item 4: a local process holding a few hundred token-less sockets open used to lock out
// every new client (2 of 33 hellos, 1 of 60 /health in 20 s). Sockets that have not authenticated
// now share a small budget, oldest dropped first; a client with the token is always admitted.
// Also item 8: a request with two Host headers is refused.

const TOKEN = "b".repeat(40);
let server: RunningServer | undefined;
const sockets: Socket[] = [];
let flooding = false;
afterEach(async () => {
  flooding = false;
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close(500);
  server = undefined;
});

async function start(over: Partial<ServerOptions> = {}): Promise<{ s: RunningServer; clients: string[] }> {
  const clients: string[] = [];
  server = await startServer({ port: 0, token: TOKEN, version: "t", onClient: (_l, info) => (clients.push(info.auth), { onText() {}, onClose() {} }), health: () => ({}), ...over });
  return { s: server, clients };
}

function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
    s.on("error", () => undefined);
    sockets.push(s);
  });
}

/** Hold `n` token-less idle sockets open: each one the server closes is opened again at once. */
async function flood(port: number, n: number): Promise<void> {
  flooding = true;
  const keep = async (): Promise<void> => {
    if (!flooding) return;
    const s = await rawSocket(port);
    s.once("close", () => void keep());
  };
  await Promise.all(Array.from({ length: n }, keep));
}

function health(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(3000, () => (req.destroy(), resolve(-1)));
    req.on("error", () => resolve(-1));
    req.end();
  });
}

/** Connect as the panels do (challenge subprotocol) and answer the challenge; resolves when the socket is open and answered. */
function challengeClient(port: number): Promise<WebSocket> {
  const nonce = "c".repeat(32);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, ["agent-panel.v1", `agent-panel.challenge.${nonce}`]);
    ws.once("message", (data) => {
      const frame = JSON.parse(String(data)) as { serverNonce: string };
      ws.send(JSON.stringify({ cmd: "auth", proof: clientProof(TOKEN, port, nonce, frame.serverNonce) }), () => resolve(ws));
    });
    ws.once("error", reject);
    ws.once("close", (code) => reject(new Error(`closed ${code}`)));
  });
}

describe("token-less sockets have their own budget", () => {
  it("with 300 token-less sockets held open, clients with the token connect within 1 s", async () => {
    const { s, clients } = await start();
    await flood(s.port, 300);
    const auth = `Bearer ${TOKEN}`;
    for (let i = 0; i < 5; i++) {
      const started = Date.now();
      expect(await health(s.port, { Authorization: auth, Host: `127.0.0.1:${s.port}` })).toBe(200);
      const header = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: { Authorization: auth } });
      await new Promise((r, j) => header.once("open", r).once("error", j));
      const panel = await challengeClient(s.port);
      expect(Date.now() - started).toBeLessThan(1000);
      header.close();
      panel.close();
    }
    // Both WebSockets of each round were handed to the router.
    await new Promise((r) => setTimeout(r, 50));
    expect(clients.filter((c) => c === "header").length).toBe(5);
    expect(clients.filter((c) => c === "challenge").length).toBe(5);
  });

  it("drops the oldest token-less sockets beyond the budget; authenticated ones do not count", async () => {
    const lines: string[] = [];
    const { s } = await start({ limits: { maxUnauthenticated: 8, idleMs: 60_000 }, log: (l) => lines.push(l) });
    const trusted = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await new Promise((r, j) => trusted.once("open", r).once("error", j));
    const held: Socket[] = [];
    for (let i = 0; i < 20; i++) held.push(await rawSocket(s.port));
    await new Promise((r) => setTimeout(r, 200));
    const open = held.map((h) => !h.destroyed && h.readyState === "open");
    expect(open).toEqual([...Array(12).fill(false), ...Array(8).fill(true)]);
    expect(trusted.readyState).toBe(WebSocket.OPEN);
    expect(lines.filter((l) => l.includes("without the token")).length).toBeLessThanOrEqual(6);
    trusted.close();
  });

  it("refuses a request with two Host headers (400)", async () => {
    const { s } = await start();
    const sock = await rawSocket(s.port);
    const answer = new Promise<string>((r) => {
      let got = "";
      sock.on("data", (d) => (got += String(d)));
      sock.on("close", () => r(got));
    });
    sock.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nHost: evil.example:80\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`);
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 400/);
    expect(text).toContain("duplicate Host header");
  });
});
