import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { tickCorker } from "../shared/tick-cork.js";

// The SDK's Streamable HTTP transport is web-standard (Request in, Response out); its Node class
// wraps it in a generic Node↔Fetch bridge that, on every call, builds a full Request (headers
// copied and sorted, an AbortSignal, a per-request listener) and pumps the Response through
// several promise hops. The transport reads only the method, the URL, a few headers and, when no
// parsed body is given, the body: this adapter hands it a thin view of the Node request and writes
// its Response straight to the Node response. What the client receives is the same.

/** Longest a POST's event-stream headers wait for its first event before they are sent alone. */
export const HEADERS_WAIT_MS = 20;

/** Serve one /mcp request with the SDK transport; `parsedBody` is the POST body read ahead (undefined when not read). */
export async function serveWebTransport(transport: WebStandardStreamableHTTPServerTransport, req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
  let response: Response;
  try {
    response = await transport.handleRequest(requestView(req), parsedBody === undefined ? undefined : { parsedBody });
  } catch (err) {
    if (!res.headersSent) {
      const body = JSON.stringify({ jsonrpc: "2.0", error: { code: -32603, message: `Internal error: ${(err as Error).message}` }, id: null });
      res.writeHead(500, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) });
      res.end(body);
    } else res.destroy();
    return;
  }
  await writeResponse(response, res, req.method === "POST" ? HEADERS_WAIT_MS : 0);
}

/** The parts of a fetch Request the transport reads, over the Node request (the body only if asked for). */
export function requestView(req: IncomingMessage): Request {
  const headers = new NodeHeaders(req.headers);
  const view = {
    method: req.method ?? "GET",
    url: `http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`,
    headers,
    get body(): ReadableStream<Uint8Array> | null {
      return req.method === "GET" || req.method === "HEAD" ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
    },
  };
  return view as unknown as Request;
}

/** Read-only Headers over Node's (already lower-cased) header object. */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  }
  has(name: string): boolean {
    return this.raw[name.toLowerCase()] !== undefined;
  }
  *entries(): IterableIterator<[string, string]> {
    for (const key of Object.keys(this.raw)) {
      const v = this.raw[key];
      if (v !== undefined) yield [key, Array.isArray(v) ? v.join(", ") : v];
    }
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  forEach(fn: (value: string, key: string) => void): void {
    for (const [k, v] of this.entries()) fn(v, k);
  }
}

/**
 * Write a fetch Response to `res`. An event stream's headers wait up to `headersWaitMs` for its
 * first event so that a quick answer leaves in one write with them (0: sent at once, for the
 * GET notification stream); every event is written as soon as it is produced.
 */
export async function writeResponse(response: Response, res: ServerResponse, headersWaitMs: number): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  const body = response.body;
  if (body === null) return void res.end();
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
    const bytes = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", String(bytes.length));
    return void res.end(bytes);
  }
  // Headers not flushed here are sent with the first write (Node's implicit headers).
  let timer: NodeJS.Timeout | undefined = headersWaitMs > 0 ? setTimeout(() => !res.destroyed && res.flushHeaders(), headersWaitMs) : void res.flushHeaders();
  const reader = body.getReader();
  const cancel = (): void => void reader.cancel().catch(() => {});
  res.once("close", cancel);
  // The socket is corked, not the response: a corked response on Node 22+ holds chunks back in a
  // buffer of its own and lets end() write the final chunk ahead of them once headers went out.
  const batch = tickCorker(res.socket);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (timer) timer = void clearTimeout(timer);
      if (res.destroyed) continue;
      // Events produced in one turn (an answer and the stream's end) leave in one write.
      batch();
      if (!res.write(value)) await drained(res);
    }
    if (!res.destroyed) res.end();
  } catch {
    res.destroy();
  } finally {
    if (timer) clearTimeout(timer);
    res.off("close", cancel);
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}
