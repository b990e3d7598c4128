import type { IncomingMessage, ServerResponse } from "node:http";

// Refusing a request body that is too large without losing the answer. Closing the socket while
// the client is still sending makes the kernel reset the connection, and the reset can discard the
// 413 before the client reads it. So the answer is sent at once and the rest of the body is read
// and thrown away (nothing is kept), then the connection is closed; a body that goes on past
// `DISCARD_LIMIT` more bytes, or for longer than `DISCARD_MS`, is cut. `readBody` is the reading
// side: the whole body as text, or BodyTooLarge once it passes the limit (REST and /mcp share it).

/** Most bytes read and discarded after a refusal before the socket is destroyed. */
export const DISCARD_LIMIT = 256 * 1024 * 1024;
/** Longest a refused body may keep arriving before the socket is destroyed. */
export const DISCARD_MS = 10_000;

/** The request body went over the limit of `readBody`: answer 413 with refuseBody. */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the request body is larger than ${maxBytes} bytes`);
    this.name = "BodyTooLarge";
  }
}

/** Read the whole request body as UTF-8 text; rejects with BodyTooLarge (nothing more kept) once it passes `maxBytes`. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"]) > maxBytes) return reject(new BodyTooLarge(maxBytes));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      // Stop keeping it; refuseBody reads the rest into nothing.
      req.off("data", onData);
      reject(new BodyTooLarge(maxBytes));
    };
    req.on("data", onData);
    req.once("error", reject);
    req.once("end", () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8")));
  });
}

/** Answer `status` with JSON `body` (connection closing) and discard the rest of the request body. */
export function refuseBody(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  discardRest(req);
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(Buffer.byteLength(text)), "Cache-Control": "no-store", Connection: "close" });
  // Node ends a `Connection: close` socket right after the answer; holding its end until the
  // request is read keeps the kernel from resetting the connection under the client's read.
  const socket = req.socket;
  if (!req.complete) {
    const destroySoon = socket.destroySoon.bind(socket);
    let answered = false;
    let ended = false;
    const close = (): void => {
      if (answered && ended) destroySoon();
    };
    socket.destroySoon = () => {
      answered = true;
      close();
    };
    req.once("end", () => {
      ended = true;
      close();
    });
    req.once("close", () => {
      ended = true;
      close();
    });
  }
  res.end(text);
}

/** Read the rest of `req` into nothing; destroy it when it goes on too long or too far. */
function discardRest(req: IncomingMessage): void {
  if (req.complete) return;
  let seen = 0;
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_LIMIT) req.socket.destroy();
  });
  req.once("close", () => clearTimeout(timer));
  req.resume();
}
