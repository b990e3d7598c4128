import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../../src/bridge/server/server.js";
import { resolveStaticFile } from "../../../src/bridge/server/static.js";

describe("static files of the browser panel", () => {
  let base: string;
  let root: string;
  let server: RunningServer;
  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), "ap-static-"));
    root = join(base, "panel");
    mkdirSync(join(root, "assets"), { recursive: true });
    writeFileSync(join(root, "index.html"), "<!doctype html><title>panel</title>");
    writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
    writeFileSync(join(root, ".env"), "SECRET=1");
    writeFileSync(join(base, "secret.txt"), "outside");
    if (process.platform !== "win32") symlinkSync(join(base, "secret.txt"), join(root, "link.txt"));
    server = await startServer({ port: 0, token: "x".repeat(43), version: "1", onClient: () => ({ onText() {}, onClose() {} }), health: () => ({}), staticRoot: root });
  });
  afterAll(async () => {
    await server.close(500);
    rmSync(base, { recursive: true, force: true });
  });

  it("serves index.html at / and assets with their content type, without the token", async () => {
    const page = await get(server.port, "/");
    expect(page).toMatchObject({ status: 200, body: "<!doctype html><title>panel</title>" });
    expect(page.type).toBe("text/html; charset=utf-8");
    const js = await get(server.port, "/assets/app.js?v=1");
    expect(js).toMatchObject({ status: 200, body: "console.log(1)", type: "text/javascript; charset=utf-8" });
    const head = await get(server.port, "/assets/app.js", "HEAD");
    expect(head).toMatchObject({ status: 200, body: "" });
  });

  it("never serves anything outside the root, dotfiles, or escaping symlinks", async () => {
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/.env", "/assets%5c..%5c..%5csecret.txt", "/index.html%00"]) {
      expect(resolveStaticFile(root, p)).toBeUndefined();
    }
    if (process.platform !== "win32") expect(resolveStaticFile(root, "/link.txt")).toBeUndefined();
    // Without the token, what is not a static file is refused rather than reported missing.
    expect((await get(server.port, "/%2e%2e/secret.txt")).status).toBe(401);
    expect((await get(server.port, "/.env")).status).toBe(401);
  });
});

function get(port: number, path: string, method = "GET"): Promise<{ status: number; body: string; type?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    req.end();
  });
}
