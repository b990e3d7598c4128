import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { authorizeHttp, authorizeUpgrade, bearerToken, parseProtocols, tokenEquals } from "../../../src/bridge/server/auth.js";
import { startServer, type RunningServer } from "../../../src/bridge/server/server.js";
import { clientProof, serverProof } from "../../../src/shared/ws-challenge.js";
import { get } from "../http-get.js";

async function until(fn: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const TOKEN = "A".repeat(22) + "b-_".repeat(7);
const fakeReq = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe("auth rules", () => {
  const ctx = { token: TOKEN, port: 27300 };

  it("compares tokens exactly, whatever their length", () => {
    expect(tokenEquals(TOKEN, TOKEN)).toBe(true);
    expect(tokenEquals(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokenEquals(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenEquals("", TOKEN)).toBe(false);
    // Another expected token (another sidecar in the same process, a new token) is compared as itself.
    expect(tokenEquals(TOKEN, "another-token")).toBe(false);
    expect(tokenEquals("another-token", "another-token")).toBe(true);
    expect(tokenEquals(TOKEN, TOKEN)).toBe(true);
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

  it("takes a WebSocket's token from the Bearer header, or accepts it for the challenge when a nonce is offered next to agent-panel.v1", () => {
    const host = "127.0.0.1:27300";
    const nonce = "n".repeat(32);
    expect(authorizeUpgrade(fakeReq({ host, authorization: `Bearer ${TOKEN}` }), ctx)).toEqual({ ok: true, via: "header" });
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": `agent-panel.v1, agent-panel.challenge.${nonce}` }), ctx)).toEqual({ ok: true, via: "challenge", clientNonce: nonce });
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": `agent-panel.challenge.${nonce}` }), ctx)).toMatchObject({ ok: false, status: 400 });
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": "agent-panel.v1, agent-panel.challenge.short" }), ctx)).toMatchObject({ ok: false, status: 401 });
    // The token as a subprotocol (what browsers used to send to any port) is no longer accepted.
    expect(authorizeUpgrade(fakeReq({ host, "sec-websocket-protocol": `agent-panel.v1, token.${TOKEN}` }), ctx)).toMatchObject({ ok: false, status: 401 });
    expect(authorizeUpgrade(fakeReq({ host }), ctx)).toMatchObject({ ok: false, status: 401, reason: expect.stringContaining("missing token") });
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
    expect(await wsOutcome(server.port, { protocols: ["agent-panel.v1", `token.${TOKEN}`] })).toBe("http 401");
  });

  it("runs the challenge: proves the token first, accepts the client's proof, then passes frames on", async () => {
    const nonce = "c".repeat(32);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, ["agent-panel.v1", `agent-panel.challenge.${nonce}`], { origin: `http://localhost:${server.port}` });
    const frames: string[] = [];
    ws.on("message", (d) => frames.push(String(d)));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    expect(ws.protocol).toBe("agent-panel.v1");
    await until(() => frames.length === 1);
    const challenge = JSON.parse(frames[0]!);
    expect(challenge).toEqual({ kind: "auth.challenge", serverNonce: expect.any(String), proof: serverProof(TOKEN, server.port, nonce, challenge.serverNonce) });
    ws.send(JSON.stringify({ cmd: "auth", proof: clientProof(TOKEN, server.port, nonce, challenge.serverNonce) }));
    ws.send("hi");
    await until(() => frames.length === 2);
    expect(JSON.parse(frames[1]!)).toEqual({ echo: "hi" });
    ws.close();
  });

  it("closes with 4401 when the proof is wrong, was made for another port (a relay), or never comes", async () => {
    const attempt = async (makeProof: (serverNonce: string) => string | undefined): Promise<{ code: number; frames: string[] }> => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, ["agent-panel.v1", `agent-panel.challenge.${"d".repeat(32)}`]);
      const frames: string[] = [];
      ws.on("message", (d) => {
        frames.push(String(d));
        if (frames.length === 1) {
          const proof = makeProof(JSON.parse(String(d)).serverNonce);
          if (proof !== undefined) {
            ws.send(JSON.stringify({ cmd: "auth", proof }));
            ws.send("sneaky");
          }
        }
      });
      const code = await new Promise<number>((r) => ws.once("close", (c) => r(c)));
      return { code, frames };
    };
    for (const make of [(s: string) => clientProof("not-the-token", server.port, "d".repeat(32), s), (s: string) => clientProof(TOKEN, server.port + 1, "d".repeat(32), s)]) {
      const out = await attempt(make);
      expect(out.code).toBe(4401);
      expect(out.frames).toHaveLength(1); // "sneaky" never reached the router
    }
  });

  it("never writes the token to the log", () => {
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join("\n")).not.toContain(TOKEN);
  });
});

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
