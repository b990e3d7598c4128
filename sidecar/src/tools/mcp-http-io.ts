import type { IncomingMessage } from "node:http";

// The transport would read a POST body through a web ReadableStream built over the Node request;
// reading it here (same 4 MB limit, same JSON-RPC errors) and handing it over as `parsedBody`
// skips that conversion on every call without changing what the client receives.

/** The SDK's default limit on a request body (DEFAULT_MAX_REQUEST_BODY_SIZE). */
export const MAX_MCP_BODY = 4 * 1024 * 1024;

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

function tooLarge(): PreparsedBody {
  return { ok: false, status: 413, code: -32000, message: `Payload too large: the request body is over ${MAX_MCP_BODY} bytes.` };
}
