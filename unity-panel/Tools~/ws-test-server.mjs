#!/usr/bin/env node
// A loopback WebSocket server on `ws` (the library the sidecar serves with) for ClientWebSocketChannelTests, which run
// on .NET and on Mono: Mono's HttpListener cannot accept WebSockets, so the tests cannot host one in C#.
// The request path picks what a connection does after the client's first text message:
//   /echo    answers {"echo":<message>,"big":"x…xé"} as two text fragments split inside the bytes of "é"
//   /close   closes with 4008 "slow consumer"
//   /binary  answers with a binary frame
//   /silent  never answers
// Prints {"port":N} once listening on 127.0.0.1, then one line per ended connection: {"path","auth","code","reason"}.
// Exits when its stdin closes (the test process ended) or after 60 s, whichever is first.
//
//   node unity-panel/Tools~/ws-test-server.mjs
import { WebSocketServer } from "ws";

const LIFETIME_MS = 60_000;
const server = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 1 << 20 });
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);

server.on("listening", () => say({ port: server.address().port }));
server.on("connection", (ws, req) => {
  const path = req.url;
  const auth = req.headers.authorization ?? null;
  ws.on("close", (code, reason) => say({ path, auth, code, reason: reason.toString("utf8") }));
  ws.once("message", (data) => answer(ws, path, data.toString("utf8")));
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
