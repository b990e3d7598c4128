// A local HTTP proxy that adds the sidecar's token to every request, for MCP clients that cannot
// send headers (the conformance suite's client). Host and Origin naming the proxy are rewritten to
// name the sidecar; any other Host/Origin is passed on unchanged, so the sidecar's DNS-rebinding
// checks still see (and refuse) them.
import { createServer, request } from "node:http";

/** Start the proxy on 127.0.0.1 (a free port); resolves with {port, close}. */
export function startTokenProxy(targetPort, token) {
  const server = createServer((req, res) => {
    const headers = { ...req.headers, authorization: `Bearer ${token}` };
    const own = (v) => v !== undefined && /^(https?:\/\/)?(localhost|127\.0\.0\.1):\d+$/i.test(v) && v.endsWith(`:${server.address().port}`);
    if (own(headers.host)) headers.host = headers.host.replace(/:\d+$/, `:${targetPort}`);
    if (own(headers.origin)) headers.origin = headers.origin.replace(/:\d+$/, `:${targetPort}`);
    const upstream = request({ host: "127.0.0.1", port: targetPort, path: req.url, method: req.method, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: server.address().port,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
