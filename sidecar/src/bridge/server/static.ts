import { createReadStream, realpathSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

// The browser panel's files. They are code, not data, so they load without the token (a page
// cannot send an Authorization header for <script src>); the page reads the token from its URL
// fragment and presents it on the WebSocket. Paths can never leave the static root.

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

/** Headers every page response carries: no sniffing, no referrer (the URL has no token, but still), no framing. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
    "Content-Security-Policy": [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      // compose cards play generated WAV files from the sidecar's own /mml/wav route
      "media-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join("; "),
  };
}

/** Files served from memory (the browser panel embedded in the bundle), by URL path. */
export type StaticFiles = ReadonlyMap<string, { contentType: string; body: string }>;

/**
 * Serve a GET/HEAD for a static file under `root` (a directory, or files held in memory;
 * "/" → index.html); false when there is no such file.
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, root: string | StaticFiles | undefined, port: number): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const pathname = requestPath(req);
  if (pathname === undefined) return false;
  if (typeof root === "object") {
    const file = root.get(pathname);
    if (!file) return false;
    send(req, res, 200, { ...securityHeaders(port), "Content-Type": file.contentType }, file.body);
    return true;
  }
  if (root === undefined) {
    if (pathname !== "/" && pathname !== "/index.html") return false;
    send(req, res, 200, { ...securityHeaders(port), "Content-Type": TYPES[".html"]! }, PLACEHOLDER);
    return true;
  }
  const file = resolveStaticFile(root, pathname === "/" ? "/index.html" : pathname);
  if (file === undefined) return false;
  const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  res.writeHead(200, { ...securityHeaders(port), "Content-Type": type, "Content-Length": String(statSync(file).size) });
  if (req.method === "HEAD") {
    res.end();
    return true;
  }
  createReadStream(file)
    .on("error", () => res.destroy())
    .pipe(res);
  return true;
}

/** The real path of `pathname` inside `root`, or undefined when it escapes the root or is not a file. */
export function resolveStaticFile(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
  const segments = decoded.split("/").filter((s) => s !== "");
  if (segments.some((s) => s === ".." || s === "." || s.startsWith("."))) return undefined;
  try {
    const realRoot = realpathSync(root);
    const real = realpathSync(path.join(realRoot, ...segments));
    if (!real.startsWith(realRoot + path.sep)) return undefined;
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The path part of the request URL (no query), or undefined when the URL is unusable. */
export function requestPath(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? "/", "http://127.0.0.1").pathname;
  } catch {
    return undefined;
  }
}

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, { ...headers, "Content-Length": String(Buffer.byteLength(body)) });
  res.end(req.method === "HEAD" ? undefined : body);
}

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Agent Panel</title></head>
<body><p>The Agent Panel sidecar is running, but this build has no browser panel.</p></body></html>
`;
