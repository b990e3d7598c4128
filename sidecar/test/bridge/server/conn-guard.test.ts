import { createServer } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { guardConnections } from "../../../src/bridge/server/conn-guard.js";
import { rateLimitedLog } from "../../../src/shared/log-limit.js";
import { startServer, type RunningServer, type ServerOptions } from "../../../src/bridge/server/server.js";

// Descriptor starvation by a local process without the token: idle TCP connections used to pile
// up until the sidecar could accept nothing and spawn nothing. Now a socket must start a request
// within a few seconds, the number of sockets is capped, and a request whose response streams for
// long is not cut. Refused connections and upgrades are logged a few lines per window, not one each.

const TOKEN = "g".repeat(40);
let server: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close(500);
  server = undefined;
});

async function start(over: Partial<ServerOptions> = {}): Promise<RunningServer> {
  server = await startServer({ port: 0, token: TOKEN, version: "t", onClient: () => ({ onText() {}, onClose() {} }), health: () => ({}), ...over });
  return server;
}

function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
    s.on("error", () => undefined);
    sockets.push(s);
  });
}

const closedWithin = (s: Socket, ms: number): Promise<boolean> =>
  new Promise((r) => {
    if (s.destroyed || s.readyState === "closed") return r(true);
    const t = setTimeout(() => r(false), ms);
    s.once("close", () => (clearTimeout(t), r(true)));
  });

describe("connection limits", () => {
  it("cuts sockets that start no request, and those that never finish their headers", async () => {
    const s = await start({ limits: { idleMs: 300 } });
    const idle = await rawSocket(s.port);
    const slow = await rawSocket(s.port);
    slow.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\n`);
    expect(await closedWithin(idle, 2000)).toBe(true);
    expect(await closedWithin(slow, 2000)).toBe(true);
  });

  it("does not cut a request whose response streams longer than the idle limit, and cuts the socket once it is idle again", async () => {
    // The long-lived response of an MCP event stream: the request is complete, the answer is not.
    const http = createServer();
    guardConnections(http, { maxConnections: 10, maxUnauthenticated: 5, idleMs: 150, requestTimeoutMs: 5000 }, () => undefined);
    http.on("request", (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("start ");
      setTimeout(() => res.end("end"), 800);
    });
    await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
    const port = (http.address() as AddressInfo).port;
    try {
      const socket = await rawSocket(port);
      const got: string[] = [];
      socket.on("data", (d) => got.push(String(d)));
      const started = Date.now();
      socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
      expect(await closedWithin(socket, 3000)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
      expect(got.join("")).toContain("end");
    } finally {
      http.closeAllConnections();
      await new Promise((r) => http.close(r));
    }
  });

  it("keeps token-less connections within their budget (half the cap), logs that a few times only, and still serves", async () => {
    const lines: string[] = [];
    const s = await start({ limits: { maxConnections: 10, idleMs: 60_000 }, log: (l) => lines.push(l) });
    const flood = await Promise.all(Array.from({ length: 40 }, () => rawSocket(s.port)));
    const refused = await Promise.all(flood.map((f) => closedWithin(f, 1500)));
    expect(refused.filter(Boolean).length).toBe(35);
    expect(lines.filter((l) => l.includes("without the token")).length).toBeLessThanOrEqual(6);
    for (const f of flood) f.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.close();
  });

  it("logs refused upgrades a few lines per window", async () => {
    const lines: string[] = [];
    const s = await start({ log: (l) => lines.push(l) });
    await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<void>((r) => {
            const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: { Authorization: "Bearer wrong" } });
            ws.on("error", () => r());
            ws.on("close", () => r());
          }),
      ),
    );
    expect(lines.filter((l) => l.startsWith("refused WebSocket")).length).toBe(5);
  });
});

describe("rateLimitedLog", () => {
  it("passes a burst per window, then reports how many lines it left out", () => {
    const out: string[] = [];
    let t = 0;
    const log = rateLimitedLog(
      (l) => out.push(l),
      1000,
      2,
      () => t,
    );
    for (let i = 0; i < 5; i++) log("k", `line ${i}`);
    log("other", "x");
    t = 1500;
    log("k", "later");
    expect(out).toEqual(["line 0", "line 1", "x", '… 3 more "k" lines left out in the last 1 s', "later"]);
  });
});
