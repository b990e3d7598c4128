import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_MCP_BODY } from "../../src/tools/mcp-http-io.js";
import { HEADERS_WAIT_MS, writeResponse } from "../../src/tools/mcp-http-node.js";
import { startToolServer, type ToolServer } from "./helpers.js";

let t: ToolServer | undefined;
let plain: Server | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  await new Promise((r) => (plain ? plain.close(r) : r(undefined)));
  plain = undefined;
});

/** Send raw HTTP text to `port`; resolves with the chunks read and when each arrived (ms after sending). */
function rawExchange(port: number, text: string, until: (all: string) => boolean, onChunk: () => void = () => {}): Promise<{ chunk: string; at: number }[]> {
  return new Promise((resolve, reject) => {
    const chunks: { chunk: string; at: number }[] = [];
    const socket = connect(port, "127.0.0.1", () => {
      const t0 = performance.now();
      socket.on("data", (d) => {
        chunks.push({ chunk: d.toString("utf8"), at: performance.now() - t0 });
        onChunk();
        if (until(chunks.map((c) => c.chunk).join(""))) {
          socket.destroy();
          resolve(chunks);
        }
      });
      socket.write(text);
    });
    socket.on("error", reject);
    setTimeout(() => reject(new Error(`no complete answer; got ${JSON.stringify(chunks)}`)), 5000).unref();
  });
}

function post(port: number, token: string, body: string, length = Buffer.byteLength(body)): string {
  return `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: application/json, text/event-stream\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`;
}

describe("/mcp request bodies read ahead of the SDK transport", () => {
  it("a body that is not JSON gets the JSON-RPC parse error, and no session is opened", async () => {
    t = await startToolServer();
    const chunks = await rawExchange(t.server.port, post(t.server.port, t.token, "{not json"), (all) => all.includes("}"));
    const answer = chunks.map((c) => c.chunk).join("");
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"code":-32700');
    expect(t.host.mcp.sessionCount).toBe(0);
  });

  it("a body declared over the limit is refused with 413 without being read, and the connection closes", async () => {
    t = await startToolServer();
    const chunks = await rawExchange(t.server.port, post(t.server.port, t.token, "", MAX_MCP_BODY + 1), (all) => all.includes("}"));
    const answer = chunks.map((c) => c.chunk).join("");
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('"code":-32000');
  });
});

describe("writeResponse (the SDK transport's Response onto the Node response)", () => {
  async function serve(waitMs: number, produce: (c: ReadableStreamDefaultController<Uint8Array>) => void): Promise<number> {
    plain = createServer((_req, res) => {
      const body = new ReadableStream<Uint8Array>({ start: (c) => produce(c) });
      void writeResponse(new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream", "mcp-session-id": "abc" } }), res, waitMs);
    });
    await new Promise<void>((r) => plain!.listen(0, "127.0.0.1", r));
    return (plain.address() as { port: number }).port;
  }
  const get = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const ended = (all: string): boolean => all.endsWith("0\r\n\r\n");
  const event = (text: string): Uint8Array => new TextEncoder().encode(`data: ${text}\n\n`);

  it("a quick answer and the stream's end go out in the same write as the headers", async () => {
    const port = await serve(HEADERS_WAIT_MS, (c) =>
      setImmediate(() => {
        c.enqueue(event("quick"));
        c.close();
      }),
    );
    const chunks = await rawExchange(port, get, ended);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.chunk).toMatch(/^HTTP\/1\.1 200[\s\S]*mcp-session-id: abc[\s\S]*data: quick[\s\S]*0\r\n\r\n$/);
  });

  it("a slow answer's headers are still sent on their own after the short wait", async () => {
    // The answer is only produced once the client has received something: the headers must come alone.
    let received!: () => void;
    const headersArrived = new Promise<void>((r) => (received = r));
    const port = await serve(
      HEADERS_WAIT_MS,
      (c) =>
        void headersArrived.then(() => {
          c.enqueue(event("slow"));
          c.close();
        }),
    );
    const chunks = await rawExchange(port, get, ended, () => received());
    expect(chunks[0]!.chunk).toMatch(/^HTTP\/1\.1 200/);
    expect(chunks[0]!.chunk).not.toContain("data: slow");
    expect(chunks[0]!.at).toBeGreaterThanOrEqual(HEADERS_WAIT_MS - 2);
    expect(chunks.map((c) => c.chunk).join("")).toContain("data: slow");
  });

  it("without a wait (the GET notification stream) the headers leave at once, and each event as it comes", async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let first = true;
    const port = await serve(0, (c) => (controller = c));
    // The event is produced only after the headers reached the client.
    const chunks = await rawExchange(
      port,
      get,
      (all) => all.includes("data: second"),
      () => {
        if (first) controller.enqueue(event("second"));
        first = false;
      },
    );
    expect(chunks[0]!.chunk).toMatch(/^HTTP\/1\.1 200/);
    expect(chunks[0]!.at).toBeLessThan(HEADERS_WAIT_MS);
    expect(chunks[0]!.chunk).not.toContain("data:");
    expect(chunks.map((c) => c.chunk).join("")).toContain("data: second");
  });
});
