import type { IncomingMessage, ServerResponse } from "node:http";

// Two costs of the SDK's Streamable HTTP transport that every tools/call pays, taken off the
// round trip without changing what the client receives:
//  - the transport reads a POST body through a web ReadableStream built over the Node request;
//    reading it here (same 4 MB limit, same JSON-RPC errors) and handing it over as `parsedBody`
//    skips that conversion;
//  - an SSE response's headers are flushed at once, in a packet of their own; most calls answer
//    within a millisecond, so the headers wait briefly and go out in one write with the answer.

/** The SDK's default limit on a request body (DEFAULT_MAX_REQUEST_BODY_SIZE). */
export const MAX_MCP_BODY = 4 * 1024 * 1024;
/** Longest an SSE response's headers wait for its first event before they are sent alone. */
export const HEADERS_WAIT_MS = 20;

/** A POST body read ahead of the transport: the parsed JSON, or the JSON-RPC error to answer with. */
export type PreparsedBody = { ok: true; body: unknown } | { ok: false; status: number; code: number; message: string } | undefined;

/**
 * Read and parse a JSON POST body the transport would accept; undefined (nothing read) when the
 * request would be refused for its method or headers, so the transport refuses it as it does.
 */
export async function preparseBody(req: IncomingMessage): Promise<PreparsedBody> {
  if (req.method !== "POST") return undefined;
  const accept = req.headers.accept ?? "";
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!accept.includes("application/json") || !accept.includes("text/event-stream") || type !== "application/json") return undefined;
  const declared = Number(req.headers["content-length"]);
  if (declared > MAX_MCP_BODY) return tooLarge();
  const text = await new Promise<string | undefined>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_MCP_BODY) return void chunks.push(chunk);
      // Stop reading; the 413 answer closes the connection (the rest of the body is never read).
      req.off("data", onData);
      req.pause();
      resolve(undefined);
    };
    req.on("data", onData);
    req.once("error", reject);
    req.once("end", () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8")));
  });
  if (text === undefined) return tooLarge();
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, code: -32700, message: "Parse error: Invalid JSON" };
  }
}

/** Let `res`'s headers wait up to HEADERS_WAIT_MS for the first body write instead of a flush of their own. */
export function coalesceHeaders(res: ServerResponse): void {
  const flush = res.flushHeaders.bind(res);
  res.flushHeaders = () => {
    const timer = setTimeout(() => {
      // `headersSent` is already true after writeHead; Node's `_headerSent` says they went out
      // (if a Node version lacked it, flushing again only sends nothing).
      if (!(res as unknown as { _headerSent?: boolean })._headerSent && !res.destroyed) flush();
    }, HEADERS_WAIT_MS);
    res.once("close", () => clearTimeout(timer));
    res.once("finish", () => clearTimeout(timer));
  };
}

function tooLarge(): PreparsedBody {
  return { ok: false, status: 413, code: -32000, message: `Payload too large: the request body is over ${MAX_MCP_BODY} bytes.` };
}
