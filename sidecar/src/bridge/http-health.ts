import { request } from "node:http";

// Asks a sidecar named by a descriptor whether it is really alive and really ours: a PID can be
// reused by an unrelated program after a crash, so only an authenticated /health answer that
// names the same PID counts.

/** True when 127.0.0.1:<port>/health answers 200 to our token and reports `pid`. */
export function probeHealth(port: number, token: string, pid: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, path: "/health", method: "GET", agent: false, timeout: timeoutMs, headers: { Authorization: `Bearer ${token}`, Connection: "close" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", () => resolve(false));
        res.on("end", () => {
          if (res.statusCode !== 200) return resolve(false);
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { pid?: unknown };
            resolve(body.pid === pid);
          } catch {
            resolve(false);
          }
        });
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
    req.end();
  });
}
