#!/usr/bin/env node
// A loopback WebSocket server on `ws` (the library the sidecar serves with) for ClientWebSocketChannelTests, which run
// on .NET and on Mono: Mono's HttpListener cannot accept WebSockets, so the tests cannot host one in C#.
// Every connection first runs the sidecar's challenge (sidecar/src/bridge/ws-challenge.ts) as the sidecar holding the
// token "secret-token" would, except on /squatter, which proves a token it guessed (a program squatting on the port).
// The request path picks what a connection does after the client's auth frame, with its first text message:
//   /squatter  nothing (the client must not send anything)
//   /echo    answers {"echo":<message>,"big":"x…xé"} as two text fragments split inside the bytes of "é"
//   /close   closes with 4008 "slow consumer"
//   /binary  answers with a binary frame
//   /silent  never answers
// Prints {"port":N} once listening on 127.0.0.1, then one line per ended connection:
// {"path","auth","offered","proofOk","messages","code","reason"} (auth: the Authorization header; proofOk: the client's
// auth frame carried the right proof; messages: frames received after it).
// Exits when its stdin closes (the test process ended) or after 60 s, whichever is first.
//
//   node unity-panel/Tools~/ws-test-server.mjs
import { createHmac, randomBytes } from "node:crypto";
import { WebSocketServer } from "ws";

const TOKEN = "secret-token";
const hmac = (token, text) => createHmac("sha256", Buffer.from(token, "utf8")).update(text, "utf8").digest("base64url");

const LIFETIME_MS = 60_000;
const server = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 1 << 20, handleProtocols: (set) => (set.has("agent-panel.v1") ? "agent-panel.v1" : false) });
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

server.on("listening", () => say({ port: server.address().port }));
server.on("connection", (ws, req) => {
  const path = req.url;
  const auth = req.headers.authorization ?? null;
  const offered = String(req.headers["sec-websocket-protocol"] ?? "");
  const nonce = offered.split(",").map((p) => p.trim()).find((p) => p.startsWith("agent-panel.challenge."))?.slice("agent-panel.challenge.".length) ?? "";
  const port = server.address().port;
  const serverNonce = randomBytes(18).toString("base64url");
  const token = path === "/squatter" ? "a guess" : TOKEN;
  let proofOk = false;
  let messages = 0;
  ws.on("close", (code, reason) => say({ path, auth, offered, proofOk, messages, code, reason: reason.toString("utf8") }));
  ws.send(JSON.stringify({ kind: "auth.challenge", serverNonce, proof: hmac(token, `agent-panel server v1\n${port}\n${nonce}\n${serverNonce}`) }));
  ws.on("message", (data) => {
    const text = data.toString("utf8");
    if (!proofOk && messages === 0) {
      let frame;
      try {
        frame = JSON.parse(text);
      } catch {
        frame = {};
      }
      proofOk = frame.cmd === "auth" && frame.proof === hmac(TOKEN, `agent-panel client v1\n${port}\n${nonce}\n${serverNonce}`);
      if (!proofOk) messages++;
      return;
    }
    if (messages++ === 0) answer(ws, path, text);
  });
});

/** What each path does with the first message. */
function answer(ws, path, text) {
  switch (path) {
    case "/echo": {
      const reply = Buffer.from(`{"echo":${text},"big":"${"x".repeat(100_000)}é"}`, "utf8");
      const split = reply.length - 3; // between the two bytes of "é" (which is followed by `"}`)
      ws.send(reply.subarray(0, split), { binary: false, fin: false });
      ws.send(reply.subarray(split), { binary: false, fin: true });
      break;
    }
    case "/close":
      ws.close(4008, "slow consumer");
      break;
    case "/binary":
      ws.send(Buffer.from([1, 2, 3]), { binary: true });
      break;
    default:
      break;
  }
}

const stop = () => {
  for (const client of server.clients) client.terminate();
  server.close();
  process.exit(0);
};
setTimeout(stop, LIFETIME_MS);
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
