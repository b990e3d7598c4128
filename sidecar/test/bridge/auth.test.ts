import { request, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { authorizeHttp, authorizeUpgrade, bearerToken, parseProtocols, tokenEquals } from "../../src/bridge/auth.js";
import { startServer, type RunningServer } from "../../src/bridge/server.js";

const TOKEN = "A".repeat(22) + "b-_".repeat(7);
const fakeReq = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe("auth rules", () => {
  const ctx = { token: TOKEN, port: 27300 };

  it("compares tokens exactly, whatever their length", () => {
    expect(tokenEquals(TOKEN, TOKEN)).toBe(true);
    expect(tokenEquals(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenEquals(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenEquals("", TOKEN)).toBe(false);
  });

  it("reads Bearer headers and subprotocol lists", () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer  ${TOKEN} `)).toBe(TOKEN);
    expect(bearerToken(`Basic ${TOKEN}`)).toBeUndefined();
    expect(parseProtocols("agent-panel.v1, token.abc")).toEqual(["agent-panel.v1", "token.abc"]);
  });

  it("accepts only our own host and origin; no Origin is fine for non-browser clients", () => {
    const auth = `Bearer ${TOKEN}`;
    expect(authorizeHttp(fakeReq({ host: "127.0.0.1:27300", authorization: auth }), ctx)).toEqual({ ok: true, via: "header" });
    expect(authorizeHttp(fakeReq({ host: "localhost:27300", origin: "http://localhost:27300", authorization: auth }), ctx).ok).toBe(true);
    expect(authorizeHttp(fakeReq({ host: "127.0.0.1:27300", origin: "http://127.0.0.1:27301", authorization: auth }), ctx)).toMatchObject({ ok: false, status: 403 });
    expect(authorizeHttp(fakeReq({ host: "127.0.0.1:27300", origin: "null", authorization: auth }), ctx)).toMatchObject({ ok: false, status: 403 });
    expect(authorizeHttp(fakeReq({ host: "evil.example:27300", authorization: auth }), ctx)).toMatchObject({ ok: false, status: 403 });
  });

  it("takes the WebSocket token from the header or from token.<token> next to agent-panel.v1", () => {
    const host = "127.0.0.1:27300";
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": `agent-panel.v1, token.${TOKEN}` }), ctx)).toEqual({ ok: true, via: "subprotocol" });
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": `token.${TOKEN}` }), ctx)).toMatchObject({ ok: false, status: 400 });
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": "agent-panel.v1, token.wrong" }), ctx)).toMatchObject({ ok: false, status: 401 });
    expect(authorizeUpgrade(fakeReq({ host }), ctx)).toMatchObject({ ok: false, status: 401, reason: "missing token" });
  });
});

describe("auth on a live server", () => {
  let server: RunningServer;
  const logs: string[] = [];
  beforeAll(async () => {
    server = await startServer({
      port: 0,
      token: TOKEN,
      version: "9.9.9",
      onClient: (link) => ({ onText: (raw) => link.send({ echo: raw }), onClose() {} }),
      health: () => ({ chats: 2 }),
      log: (l) => logs.push(l),
    });
  });
  afterAll(() => server.close());

  it("answers /health only with the token", async () => {
    expect((await get(server.port, "/health")).status).toBe(401);
    expect((await get(server.port, "/health", { Authorization: "Bearer nope" })).status).toBe(401);
    const ok = await get(server.port, "/health", { Authorization: `Bearer ${TOKEN}` });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ version: "9.9.9", pid: process.pid, chats: 2, clients: 0 });
    expect(typeof JSON.parse(ok.body).uptime).toBe("number");
  });

  it("refuses a foreign Origin with 403 even with the right token", async () => {
    const res = await get(server.port, "/health", { Authorization: `Bearer ${TOKEN}`, Origin: "http://evil.example" });
    expect(res.status).toBe(403);
    expect(await wsOutcome(server.port, { headers: { Authorization: `Bearer ${TOKEN}` }, origin: "http://evil.example" })).toBe("http 403");
  });

  it("refuses WebSocket upgrades without the right token", async () => {
    expect(await wsOutcome(server.port, {})).toBe("http 401");
    expect(await wsOutcome(server.port, { headers: { Authorization: "Bearer wrong" } })).toBe("http 401");
    expect(await wsOutcome(server.port, { protocols: ["agent-panel.v1", "token.wrong"] })).toBe("http 401");
  });

  it("accepts the browser subprotocol token and selects agent-panel.v1", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, ["agent-panel.v1", `token.${TOKEN}`], { origin: `http://localhost:${server.port}` });
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    expect(ws.protocol).toBe("agent-panel.v1");
    ws.send("hi");
    const reply = await new Promise<string>((r) => ws.once("message", (d) => r(String(d))));
    expect(JSON.parse(reply)).toEqual({ echo: "hi" });
    ws.close();
  });

  it("never writes the token to the log", () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join("\n")).not.toContain(TOKEN);
  });
});

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function wsOutcome(port: number, opts: { headers?: Record<string, string>; protocols?: string[]; origin?: string }): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, opts.protocols ?? [], { headers: opts.headers, origin: opts.origin });
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      resolve(`http ${res.statusCode}`);
      res.resume();
      ws.terminate();
    });
    ws.once("error", (err) => resolve(`error ${err.message}`));
  });
}
