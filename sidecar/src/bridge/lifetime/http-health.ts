import { request } from "node:http";
import { randomBytes } from "node:crypto";
import { healthProof, proofMatches } from "../../shared/ws-challenge.js";

// Asks a sidecar named by a descriptor whether it is really alive and really ours, without ever
// sending the token: whatever listens on the port now may be another program that took it after a
// crash. The probe offers a fresh nonce; only an answer carrying HMAC(token, port, nonce) and the
// descriptor's PID counts (a PID can be reused too).

/** What a /health probe found. */
export type HealthVerdict = "healthy" | "wrong_process" | "unproven" | "unreachable";

/** True when 127.0.0.1:<port>/health proves it holds `token` and reports `pid`; the token is never sent. */
export async function probeHealth(port: number, token: string, pid: number, timeoutMs = 1500): Promise<boolean> {
  return (await probeHealthVerdict(port, token, pid, timeoutMs)) === "healthy";
}

/** The probe's full verdict: unproven = something answers but cannot prove it holds the token. */
export function probeHealthVerdict(port: number, token: string, pid: number, timeoutMs = 1500): Promise<HealthVerdict> {
  const nonce = randomBytes(24).toString("base64url");
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path: `/health?nonce=${nonce}`, method: "GET", agent: false, timeout: timeoutMs, headers: { Connection: "close" } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > 64 * 1024) return req.destroy();
        chunks.push(c);
      });
      res.on("error", () => resolve("unreachable"));
      res.on("end", () => {
        if (res.statusCode !== 200) return resolve(res.statusCode === 401 || res.statusCode === 403 ? "unproven" : "unreachable");
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { pid?: unknown; proof?: unknown };
          if (!proofMatches(body.proof, healthProof(token, port, nonce))) return resolve("unproven");
          resolve(body.pid === pid ? "healthy" : "wrong_process");
        } catch {
          resolve("unproven");
        }
      });
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve("unreachable"));
    req.end();
  });
}
