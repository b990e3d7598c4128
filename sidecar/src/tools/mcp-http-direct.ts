import type { IncomingMessage, ServerResponse } from "node:http";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { DEFAULT_SSE_KEEP_ALIVE_MS } from "@modelcontextprotocol/sdk/server/sseKeepAlive.js";
import { isInitializeRequest, isJSONRPCRequest, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type RequestId } from "@modelcontextprotocol/sdk/types.js";
import { HEADERS_WAIT_MS } from "./mcp-http-node.js";

// The SDK's Streamable HTTP transport with a direct path for what nearly every POST is: one
// JSON-RPC request on an initialized session (tools/call, tools/list). The SDK answers such a POST
// with a web ReadableStream, a Response and a keep-alive interval, which the Node adapter then
// pumps back out (mcp-http-node.ts); here the same checks pass the message to the same server.
// An answer within the header wait is one JSON body (cheaper for the client than an event
// stream); after the wait or a first progress event, the events are written as they come.
// Everything else (initialize,
// batches, notifications, GET and DELETE, every request the checks would refuse) is the SDK's.

/** One request answered on the direct path; `gone` once its client went away. */
interface Direct {
  res: ServerResponse;
  wait?: NodeJS.Timeout;
  keepAlive?: NodeJS.Timeout;
  gone?: boolean;
}

/** The SDK transport plus `serveDirect` for single requests. */
export class DirectStreamableTransport extends WebStandardStreamableHTTPServerTransport {
  private readonly direct = new Map<RequestId, Direct>();
  private ended = false;

  /**
   * Serve a POST whose body (parsed) is one request on this initialized session, passing the
   * checks the SDK makes in the same order; false (nothing written) for anything else.
   */
  serveDirect(req: IncomingMessage, res: ServerResponse, body: unknown): boolean {
    if (this.ended || this.sessionId === undefined || req.method !== "POST") return false;
    const accept = req.headers.accept;
    if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return false;
    if (!isJsonContentType(req.headers["content-type"])) return false;
    // (A method other than "initialize" cannot be an initialize request: the full check only then.)
    if (!isJSONRPCRequest(body) || (body.method === "initialize" && isInitializeRequest(body))) return false;
    if (req.headers["mcp-session-id"] !== this.sessionId) return false;
    const version = req.headers["mcp-protocol-version"];
    if (version !== undefined && (typeof version !== "string" || !SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return false;
    if (this.direct.has(body.id)) return false;
    const d: Direct = { res };
    this.direct.set(body.id, d);
    // The headers wait a moment for the answer, so a quick one leaves with them in one write.
    d.wait = setTimeout(() => this.open(d), HEADERS_WAIT_MS);
    res.once("close", () => {
      // The client went away before the answer: events for it are dropped and the answer fails, as in the SDK.
      d.gone = !d.res.writableFinished;
      stop(d);
    });
    this.onmessage?.(body, { requestInfo: { headers: headersOf(req), url: new URL(req.url ?? "/mcp", `http://${req.headers.host ?? "127.0.0.1"}`) } });
    return true;
  }

  /** Events for a direct request go to its response (the answer ends it); the rest to the SDK. */
  override async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = "result" in message || "error" in message;
    const id = answer ? (message as { id: RequestId }).id : options?.relatedRequestId;
    const d = id === undefined ? undefined : this.direct.get(id);
    if (!d) return super.send(message, options);
    if (!answer) {
      if (d.gone) return;
      this.open(d);
      d.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
      return;
    }
    this.direct.delete(id!);
    stop(d);
    if (d.gone) throw new Error(`No connection established for request ID: ${String(id)}`);
    const json = JSON.stringify(message);
    if (d.res.headersSent) return void d.res.end(`event: message\ndata: ${json}\n\n`);
    // Answered before any event and within the header wait: one JSON body, which the transport
    // allows as well as an event stream and which costs the client less to read.
    d.res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(json)), ...(this.sessionId !== undefined ? { "mcp-session-id": this.sessionId } : {}) });
    d.res.end(json);
  }

  /** End the direct responses too (the SDK ends its own streams). */
  override async close(): Promise<void> {
    this.ended = true;
    for (const d of this.direct.values()) {
      stop(d);
      if (d.gone) continue;
      if (!d.res.headersSent) d.res.writeHead(200, this.eventHeaders());
      d.res.end();
    }
    this.direct.clear();
    return super.close();
  }

  /** Send the event stream's headers now, and comment lines every 15 s while it stays open (as the SDK does). */
  private open(d: Direct): void {
    if (d.wait) d.wait = void clearTimeout(d.wait);
    if (d.res.headersSent || d.res.destroyed) return;
    d.res.writeHead(200, this.eventHeaders());
    d.res.flushHeaders();
    d.keepAlive = setInterval(() => d.res.write(": keepalive\n\n"), DEFAULT_SSE_KEEP_ALIVE_MS);
    d.keepAlive.unref();
  }

  private eventHeaders(): Record<string, string> {
    return {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
      ...(this.sessionId !== undefined ? { "mcp-session-id": this.sessionId } : {}),
    };
  }
}

function stop(d: Direct): void {
  if (d.wait) d.wait = void clearTimeout(d.wait);
  if (d.keepAlive) d.keepAlive = void clearInterval(d.keepAlive);
}

/** The request's headers as the SDK hands them to handlers (one string per name). */
function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}
