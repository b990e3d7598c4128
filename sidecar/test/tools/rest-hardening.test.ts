import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startToolServer, type ToolServer } from "./helpers.js";

// Issue #29 items 6 and 8: malformed percent-encoding and oversized bodies on the REST routes.

let t: ToolServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** One raw request (the path is sent as written, not normalized); resolves with status and body, or the socket error. */
function raw(path: string, method: string, body?: Buffer, timeoutMs = 5000): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((resolve) => {
    const url = new URL(t!.url);
    const req = request(
      {
        host: "127.0.0.1",
        port: url.port,
        path,
        method,
        headers: { Authorization: `Bearer ${t!.token}`, "Content-Type": "application/json", ...(body ? { "Content-Length": String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", (e) => resolve({ error: e.message }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      resolve({ error: "timeout" });
      req.destroy();
    });
    req.on("error", (e) => resolve({ error: e.message }));
    req.end(body);
  });
}

describe("REST hardening", () => {
  it("POST /tools/%ZZ and GET /jobs/%ZZ answer 400 bad_path (before: no answer, and 500)", async () => {
    t = await startToolServer();
    const post = await raw("/tools/%ZZ", "POST", Buffer.from("{}"));
    expect(post).toMatchObject({ status: 400 });
    expect(JSON.parse((post as { text: string }).text).error.code).toBe("bad_path");
    const job = await raw("/jobs/%ZZ", "GET");
    expect(job).toMatchObject({ status: 400 });
    expect(JSON.parse((job as { text: string }).text).error.message).toMatch(/percent-encoding/);
    expect(await raw("/jobs/%E0%A4%A/cancel", "POST")).toMatchObject({ status: 400 });
    // The server is still answering.
    expect(await raw("/tools/test_echo", "POST", Buffer.from('{"text":"ok"}'))).toMatchObject({ status: 200 });
  });

  it("a body over 4 MB gets a 413 the client can read (before: the socket was reset)", async () => {
    t = await startToolServer();
    for (const size of [5 * 1024 * 1024, 20 * 1024 * 1024]) {
      const res = await raw("/tools/test_echo", "POST", Buffer.alloc(size, 0x20));
      expect(res).toMatchObject({ status: 413 });
      expect(JSON.parse((res as { text: string }).text).error.code).toBe("body_too_large");
    }
    expect(await raw("/tools/test_echo", "POST", Buffer.from('{"text":"ok"}'))).toMatchObject({ status: 200 });
  });
});
