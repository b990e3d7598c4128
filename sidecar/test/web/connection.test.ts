import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { PanelEvent } from "../../src/protocol/panel/events.js";
import { clientProof, serverProof } from "../../src/shared/ws-challenge.js";
import { MAX_FRAME_BYTES } from "../../src/protocol/panel/limits.js";
import { CommandError, NOT_THE_SIDECAR, PanelConnection, type ConnectionStatus, type SocketLike } from "../../src/web/app/connection.js";

// The browser panel's connection logic in Node, against a small scripted ws server: hello and
// subprotocols, subscribe/resubscribe with afterSeq, duplicate/old seqs dropped, gaps resynced,
// reconnect with backoff, command errors, and the final protocol-mismatch state.

interface Peer {
  ws: WebSocket;
  commands: any[];
  protocol: string;
  offered: string[];
  serverNonce: string;
}

let wss: WebSocketServer;
let port: number;
let peers: Peer[];
let conn: PanelConnection | undefined;
/** The token the scripted server proves it holds (a squatter does not know the panel's). */
let serverToken = "secret-token";

beforeEach(async () => {
  peers = [];
  serverToken = "secret-token";
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0, handleProtocols: (set) => (set.has("agent-panel.v1") ? "agent-panel.v1" : false) });
  wss.on("connection", (ws, req) => {
    const peer: Peer = {
      ws,
      commands: [],
      protocol: ws.protocol,
      offered: String(req.headers["sec-websocket-protocol"])
        .split(",")
        .map((s) => s.trim()),
      serverNonce: `server-nonce-${peers.length}-0123456789`,
    };
    ws.on("message", (d) => peer.commands.push(JSON.parse(String(d))));
    peers.push(peer);
    // The sidecar's side of the challenge: prove the token for the client's nonce and this port.
    const clientNonce = peer.offered.find((p) => p.startsWith("agent-panel.challenge."))?.slice("agent-panel.challenge.".length) ?? "";
    ws.send(JSON.stringify({ kind: "auth.challenge", serverNonce: peer.serverNonce, proof: serverProof(serverToken, port, clientNonce, peer.serverNonce) }));
  });
  await new Promise<void>((r) => wss.once("listening", () => r()));
  port = (wss.address() as { port: number }).port;
});
afterEach(async () => {
  conn?.stop();
  conn = undefined;
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
});

interface Recorded {
  statuses: ConnectionStatus[];
  events: [string, number, string][];
  snapshots: [string, number, number][];
}

function connect(): Recorded {
  const rec: Recorded = { statuses: [], events: [], snapshots: [] };
  conn = new PanelConnection({
    url: `ws://127.0.0.1:${port}/ws`,
    token: "secret-token",
    createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
    backoffMs: { base: 20, max: 100 },
    random: () => 0.5,
    handlers: {
      onStatus: (s) => rec.statuses.push(s),
      onEvent: (chatId, seq, e) => rec.events.push([chatId, seq, e.type === "notice" ? e.message : e.type]),
      onSnapshot: (chatId, seq, events) => rec.snapshots.push([chatId, seq, events.length]),
    },
  });
  conn.start();
  return rec;
}

async function until<T>(fn: () => T | undefined | false, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

const send = (peer: Peer, frame: object): void => peer.ws.send(JSON.stringify(frame));
const note = (message: string): PanelEvent => ({ type: "notice", level: "info", code: "t", message });
const welcome = (peer: Peer, hello: any): void => send(peer, { kind: "welcome", id: hello.id, protocol: 1, serverVersion: "t", sidecarPid: 1, project: "/p", chats: [] });

/** Wait for the peer's command `cmd` (the n-th one), answer hello with welcome. */
async function command(peer: Peer, cmd: string, n = 0): Promise<any> {
  return until(() => peer.commands.filter((c) => c.cmd === cmd)[n]);
}

async function handshake(peerIndex: number): Promise<Peer> {
  const peer = await until(() => peers[peerIndex]);
  welcome(peer, await command(peer, "hello"));
  await until(() => conn!.status.phase === "open");
  return peer;
}

describe("PanelConnection", () => {
  it("never offers the token, proves it holds it only after the server did, says hello as a browser wanting html, and reports open", async () => {
    const rec = connect();
    const peer = await until(() => peers[0]);
    expect(peer.offered).toEqual(["agent-panel.v1", expect.stringMatching(/^agent-panel\.challenge\.[A-Za-z0-9_-]{32}$/)]);
    expect(peer.offered.join(",")).not.toContain("secret-token");
    expect(peer.protocol).toBe("agent-panel.v1");
    const auth = await command(peer, "auth");
    expect(peer.commands[0]).toBe(auth);
    const clientNonce = peer.offered[1]!.slice("agent-panel.challenge.".length);
    expect(auth.proof).toBe(clientProof("secret-token", port, clientNonce, peer.serverNonce));
    const hello = await command(peer, "hello");
    expect(hello).toMatchObject({ cmd: "hello", protocol: 1, client: "browser", render: ["html"] });
    welcome(peer, hello);
    await until(() => conn!.status.phase === "open");
    expect(rec.statuses.map((s) => s.phase)).toEqual(["connecting", "open"]);
  });

  it("sends nothing to a server that cannot prove it holds the token (a program squatting on the port), and keeps retrying", async () => {
    serverToken = "the-squatter-guesses";
    const rec = connect();
    const peer = await until(() => peers[0]);
    await until(() => rec.statuses.find((s) => s.phase === "waiting"));
    expect(rec.statuses.find((s) => s.phase === "waiting")).toMatchObject({ reason: NOT_THE_SIDECAR });
    await until(() => peers[1]);
    expect(peer.commands).toEqual([]);
    expect(peers[1]!.commands).toEqual([]);
    expect(conn!.status.phase).not.toBe("open");
  });

  it("applies a snapshot, then only new seqs; duplicates and old seqs are dropped", async () => {
    const rec = connect();
    const peer = await handshake(0);
    conn!.subscribe("c1");
    const sub = await command(peer, "subscribe");
    expect(sub).toEqual({ id: sub.id, cmd: "subscribe", chatId: "c1" });
    send(peer, { kind: "ack", id: sub.id, result: { mode: "snapshot", fromSeq: 3, lastSeq: 3 } });
    send(peer, { kind: "event", chatId: "c1", seq: 2, event: note("too early") }); // before the snapshot: ignored
    send(peer, { kind: "snapshot", chatId: "c1", seq: 3, events: [note("a"), note("b")] });
    for (const [seq, m] of [
      [4, "d"],
      [4, "dup"],
      [2, "old"],
      [5, "e"],
      [3, "old2"],
    ] as const)
      send(peer, { kind: "event", chatId: "c1", seq, event: note(m) });
    send(peer, { kind: "event", chatId: "other", seq: 1, event: note("not subscribed") });
    await until(() => conn!.lastSeq("c1") === 5);
    expect(rec.snapshots).toEqual([["c1", 3, 2]]);
    expect(rec.events).toEqual([
      ["c1", 4, "d"],
      ["c1", 5, "e"],
    ]);
  });

  it("reconnects after the socket drops and resubscribes after the last seq it applied", async () => {
    const rec = connect();
    const first = await handshake(0);
    conn!.subscribe("c1");
    const sub = await command(first, "subscribe");
    send(first, { kind: "ack", id: sub.id, result: { mode: "snapshot", fromSeq: 1, lastSeq: 1 } });
    send(first, { kind: "snapshot", chatId: "c1", seq: 1, events: [note("a")] });
    send(first, { kind: "event", chatId: "c1", seq: 2, event: note("b") });
    await until(() => conn!.lastSeq("c1") === 2);

    first.ws.terminate();
    const second = await handshake(1);
    const resub = await command(second, "subscribe");
    expect(resub).toMatchObject({ cmd: "subscribe", chatId: "c1", afterSeq: 2 });
    send(second, { kind: "ack", id: resub.id, result: { mode: "replay", fromSeq: 3, lastSeq: 3 } });
    send(second, { kind: "event", chatId: "c1", seq: 2, event: note("b again") }); // e.g. a pending permission re-sent
    send(second, { kind: "event", chatId: "c1", seq: 3, event: note("c") });
    await until(() => conn!.lastSeq("c1") === 3);
    expect(rec.events.map((e) => e[2])).toEqual(["b", "c"]);
    const phases = rec.statuses.map((s) => s.phase);
    expect(phases).toEqual(["connecting", "open", "waiting", "connecting", "open"]);
    const waiting = rec.statuses[2] as Extract<ConnectionStatus, { phase: "waiting" }>;
    expect(waiting.retryInMs).toBe(20);
  });

  it("answers a seq gap by resubscribing once from the last applied seq", async () => {
    const rec = connect();
    const peer = await handshake(0);
    conn!.subscribe("c1");
    const sub = await command(peer, "subscribe");
    send(peer, { kind: "ack", id: sub.id, result: { mode: "snapshot", fromSeq: 4, lastSeq: 4 } });
    send(peer, { kind: "snapshot", chatId: "c1", seq: 4, events: [] });
    send(peer, { kind: "event", chatId: "c1", seq: 6, event: note("gap") });
    send(peer, { kind: "event", chatId: "c1", seq: 7, event: note("gap2") });
    const again = await command(peer, "subscribe", 1);
    expect(again).toMatchObject({ chatId: "c1", afterSeq: 4 });
    send(peer, { kind: "ack", id: again.id, result: { mode: "replay", fromSeq: 5, lastSeq: 7 } });
    for (const seq of [5, 6, 7]) send(peer, { kind: "event", chatId: "c1", seq, event: note(`r${seq}`) });
    await until(() => conn!.lastSeq("c1") === 7);
    expect(rec.events.map((e) => e[1])).toEqual([5, 6, 7]);
    expect(peer.commands.filter((c) => c.cmd === "subscribe")).toHaveLength(2);
  });

  it("resolves acks, rejects error frames, and fails commands in flight when the link drops", async () => {
    connect();
    const peer = await handshake(0);
    const ok = conn!.request("chat.open", {});
    const open = await command(peer, "chat.open");
    send(peer, { kind: "ack", id: open.id, result: { chatId: "c9" } });
    await expect(ok).resolves.toEqual({ chatId: "c9" });

    const bad = conn!.request("chat.send", { chatId: "nope", text: "x" });
    const sent = await command(peer, "chat.send");
    send(peer, { kind: "error", id: sent.id, code: "chat_not_found", message: "No open chat" });
    await expect(bad).rejects.toMatchObject({ name: "CommandError", code: "chat_not_found", message: "No open chat" });

    const lost = conn!.request("chat.interrupt", { chatId: "c9" });
    await command(peer, "chat.interrupt");
    peer.ws.terminate();
    await expect(lost).rejects.toBeInstanceOf(CommandError);
    await expect(lost).rejects.toMatchObject({ code: "connection_lost" });
    await expect(conn!.request("chats.list")).rejects.toMatchObject({ code: "not_connected" });
  });

  it("refuses a command over the frame limit without sending it, and the connection carries on", async () => {
    connect();
    const peer = await handshake(0);
    const before = peer.commands.length;
    const huge = conn!.request("chat.send", { chatId: "c1", text: "é".repeat(MAX_FRAME_BYTES / 2 + 1) });
    await expect(huge).rejects.toMatchObject({ name: "CommandError", code: "frame_too_large", message: expect.stringContaining("up to 32 MB") });
    const ok = conn!.request("chats.list");
    const list = await command(peer, "chats.list");
    send(peer, { kind: "ack", id: list.id, result: { chats: [] } });
    await expect(ok).resolves.toEqual({ chats: [] });
    expect(peer.commands.slice(before).map((c) => c.cmd)).toEqual(["chats.list"]);
  });

  it("stops for good on a protocol mismatch and says so", async () => {
    connect();
    const peer = await until(() => peers[0]);
    const hello = await command(peer, "hello");
    send(peer, { kind: "error", id: hello.id, code: "protocol_mismatch", message: "update the sidecar" });
    await until(() => conn!.status.phase === "failed");
    expect(conn!.status).toEqual({ phase: "failed", reason: "update the sidecar" });
    await new Promise((r) => setTimeout(r, 150));
    expect(peers).toHaveLength(1);
  });

  it("backs off exponentially up to the cap while the sidecar is unreachable", async () => {
    const rec = connect();
    await handshake(0);
    const closed = new Promise<void>((r) => wss.close(() => r()));
    for (const c of wss.clients) c.terminate();
    await closed;
    await until(() => rec.statuses.filter((s) => s.phase === "waiting").length >= 4, 5000);
    const delays = rec.statuses.flatMap((s) => (s.phase === "waiting" ? [s.retryInMs] : []));
    expect(delays.slice(0, 4)).toEqual([20, 40, 80, 100]);
  });
});
