import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeHealth, probeHealthVerdict } from "../../../src/bridge/lifetime/http-health.js";
import { startServer, type RunningServer } from "../../../src/bridge/server/server.js";
import { healthProof } from "../../../src/shared/ws-challenge.js";
import { get } from "../http-get.js";

// The token-replay-to-a-port-squatter finding, for /health: whatever listens on a descriptor's port
// must never receive the token from a probe, and only the real sidecar's proof counts.

const TOKEN = "T0ken-".repeat(7) + "x";

/** A program on a loopback port that records every byte it receives and answers with `answer`. */
async function squatter(answer: (requestText: string) => Promise<{ status: number; body: string }>): Promise<{ port: number; received: string[]; close(): Promise<void> }> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let text = "";
    socket.on("data", async (d) => {
      text += d.toString("latin1");
      received.push(d.toString("latin1"));
      if (!text.includes("\r\n\r\n")) return;
      const { status, body } = await answer(text);
      socket.end(`HTTP/1.1 ${status} X\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    });
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe("health probe", () => {
  let sidecar: RunningServer;
  beforeAll(async () => {
    sidecar = await startServer({ port: 0, token: TOKEN, version: "4.5.6", onClient: () => ({ onText() {}, onClose() {} }), health: () => ({ secretPath: "/home/someone/project" }) });
  });
  afterAll(() => sidecar.close());

  it("recognises the real sidecar by its proof and PID, without sending the token", async () => {
    expect(await probeHealthVerdict(sidecar.port, TOKEN, process.pid)).toBe("healthy");
    expect(await probeHealth(sidecar.port, TOKEN, process.pid)).toBe(true);
    expect(await probeHealthVerdict(sidecar.port, TOKEN, process.pid + 1)).toBe("wrong_process");
    expect(await probeHealthVerdict(sidecar.port, "another-token-of-another-project", process.pid)).toBe("unproven");
  });

  it("answers the token-free liveness request with no secrets and no paths", async () => {
    const nonce = "n".repeat(30);
    const res = await get(sidecar.port, `/health?nonce=${nonce}`);
    expect(res.status).toBe(200);
    const body = JSON.parse(res.body);
    expect(Object.keys(body).sort()).toEqual(["nonce", "pid", "proof", "version"]);
    expect(body.proof).toBe(healthProof(TOKEN, sidecar.port, nonce));
    expect(res.body).not.toContain(TOKEN);
    expect(res.body).not.toContain("/home/");
    expect((await get(sidecar.port, "/health?nonce=short")).status).toBe(400);
    // The full answer (claude path, folders) still needs the token.
    expect((await get(sidecar.port, "/health")).status).toBe(401);
    expect(JSON.parse((await get(sidecar.port, "/health", { Authorization: `Bearer ${TOKEN}` })).body).secretPath).toBe("/home/someone/project");
  });

  it("never sends the token to a squatter, whatever it answers", async () => {
    const answers: Array<(text: string) => Promise<{ status: number; body: string }>> = [
      // Claims to be the sidecar with the descriptor's PID but has no proof.
      async () => ({ status: 200, body: JSON.stringify({ version: "4.5.6", pid: process.pid }) }),
      // Asks for the token.
      async () => ({ status: 401, body: JSON.stringify({ error: "missing token" }) }),
      // Makes up a proof.
      async () => ({ status: 200, body: JSON.stringify({ pid: process.pid, proof: "A".repeat(43) }) }),
      // Relays the probe to the real sidecar on its new port and returns its answer verbatim.
      async (text) => get(sidecar.port, /GET (\S+)/.exec(text)![1]!),
    ];
    for (const answer of answers) {
      const s = await squatter(answer);
      try {
        expect(await probeHealth(s.port, TOKEN, process.pid)).toBe(false);
        const all = s.received.join("");
        expect(all).toContain("GET /health?nonce=");
        expect(all).not.toContain(TOKEN);
        expect(all.toLowerCase()).not.toContain("authorization");
      } finally {
        await s.close();
      }
    }
  });

  it("calls a closed port unreachable", async () => {
    const s = await squatter(async () => ({ status: 200, body: "{}" }));
    const port = s.port;
    await s.close();
    expect(await probeHealthVerdict(port, TOKEN, process.pid)).toBe("unreachable");
  });
});
