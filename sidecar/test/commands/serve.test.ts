import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { descriptorPaths } from "../../src/shared/descriptor.js";
import { readDescriptor, writeDescriptor } from "../../src/shared/descriptor-io.js";
import { findFreePort } from "../../src/shared/port.js";
import { startServe, type ServeOptions, type ServeStart } from "../../src/commands/serve.js";

let base: string;
let project: string;
let env: NodeJS.ProcessEnv;
let running: ServeStart[];
let out: string[];
let log: string[];

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "ap-serve-"));
  project = join(base, "My Game");
  mkdirSync(project);
  env = { XDG_DATA_HOME: join(base, "data"), LOCALAPPDATA: join(base, "data") };
  running = [];
  out = [];
  log = [];
});
afterEach(async () => {
  for (const r of running) if (r.kind === "serving") await r.lifetime.shutdown("test end");
  rmSync(base, { recursive: true, force: true });
});

async function serve(args: string[], extra: Partial<ServeOptions> = {}): Promise<ServeStart> {
  const started = await startServe(args, { env, out: (l) => out.push(l), log: (l) => log.push(l), exit: () => {}, handleSignals: false, ...extra });
  running.push(started);
  return started;
}

describe("serve arguments", () => {
  it("exits 2 with usage on bad or missing arguments, 0 on --help", async () => {
    expect(await serve([])).toEqual({ kind: "exit", code: 2 });
    expect(await serve(["--project", project, "--bogus"])).toEqual({ kind: "exit", code: 2 });
    expect(await serve(["--project", project, "--port", "80x"])).toEqual({ kind: "exit", code: 2 });
    expect(await serve(["--project", project, "--parent-pid", "-3"])).toEqual({ kind: "exit", code: 2 });
    expect(log.filter((l) => l.includes("Usage: agent-panel serve"))).toHaveLength(4);
    expect(await serve(["--help"])).toEqual({ kind: "exit", code: 0 });
  });

  it("exits 1 when the project folder or the parent process does not exist", async () => {
    expect(await serve(["--project", join(base, "missing")])).toEqual({ kind: "exit", code: 1 });
    expect(await serve(["--project", project, "--parent-pid", String(deadPid())])).toEqual({ kind: "exit", code: 1 });
    expect(log.join("\n")).toMatch(/does not exist[\s\S]*is not running/);
  });
});

describe("serve", () => {
  it("listens, announces itself, writes a private descriptor and removes it on shutdown", async () => {
    const s = await serve(["--project", project]);
    if (s.kind !== "serving") throw new Error(`did not start: ${log.join("\n")}`);
    const paths = descriptorPaths(project, { env });
    expect(out[0]).toBe(`agent-panel listening on http://127.0.0.1:${s.port}/ (project ${paths.project})`);
    expect(JSON.parse(out[1]!)).toMatchObject({ event: "listening", url: s.url, port: s.port, pid: process.pid, project: paths.project, descriptor: paths.descriptor });
    expect(out.join("\n")).not.toContain(s.descriptor.token);
    expect(readDescriptor(paths.descriptor)).toEqual(s.descriptor);
    expect(s.descriptor.token).toBe(readFileSync(paths.token, "utf8").trim());
    if (process.platform !== "win32") expect(statSync(paths.descriptor).mode & 0o777).toBe(0o600);

    expect(await healthStatus(s.port, s.descriptor.token)).toBe(200);
    // Standalone, every command is answered with not_ready.
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws`, { headers: { Authorization: `Bearer ${s.descriptor.token}` } });
    const reply = new Promise<string>((r) => ws.once("message", (d) => r(String(d))));
    ws.once("open", () => ws.send(JSON.stringify({ id: "c1", cmd: "hello" })));
    expect(JSON.parse(await reply)).toMatchObject({ kind: "error", id: "c1", code: "not_ready" });

    expect(await s.lifetime.shutdown("test")).toBe(0);
    expect(existsSync(paths.descriptor)).toBe(false);
    expect(existsSync(paths.token)).toBe(true); // reused by the next start
  });

  it("loads the tool host and the chat side on first use, after the descriptor is written", async () => {
    let built = 0;
    const s = await serve(["--project", project], { createHooks: () => (built++, { onClient: () => ({ onText() {}, onClose() {} }), health: () => ({ chats: 7 }), closeAll: async () => {} }) });
    if (s.kind !== "serving") throw new Error(`did not start: ${log.join("\n")}`);
    await new Promise((r) => setTimeout(r, 100));
    expect(built).toBe(0); // listening and announced, nothing else loaded
    // A probe is answered at once (it must not take a starting sidecar for a dead one) and starts the load.
    expect(await healthBody(s.port, s.descriptor.token)).toMatchObject({ pid: process.pid, chats: 0, starting: true });
    await until(async () => (await healthBody(s.port, s.descriptor.token)).chats === 7);
    expect(built).toBe(1);
    const full = await healthBody(s.port, s.descriptor.token);
    expect(full).toMatchObject({ tools: { count: expect.any(Number) }, definitionsDir: expect.any(String) });
    expect(full.starting).toBeUndefined();
    expect((await s.tools()).registry.get("compose_mml")).toBeDefined();
    expect(built).toBe(1);
  });

  it("reuses a healthy running sidecar: prints its URL and exits 0", async () => {
    const first = await serve(["--project", project]);
    if (first.kind !== "serving") throw new Error("first did not start");
    out.length = 0;
    expect(await serve(["--project", join(project, ".")])).toEqual({ kind: "exit", code: 0 });
    expect(out[0]).toContain(`already running on ${first.url}`);
    expect(JSON.parse(out[1]!)).toMatchObject({ event: "already_running", url: first.url, pid: process.pid });
    expect(readDescriptor(first.descriptorFile)).toEqual(first.descriptor);
  });

  it("replaces a descriptor whose process is dead", async () => {
    const paths = descriptorPaths(project, { env });
    writeDescriptor(paths.descriptor, { pid: deadPid(), port: 27201, token: "old", version: "0", startedAt: "x", project: paths.project });
    const s = await serve(["--project", project]);
    expect(s.kind).toBe("serving");
    expect(readDescriptor(paths.descriptor)).toMatchObject({ pid: process.pid, port: s.kind === "serving" ? s.port : -1 });
    expect(log.join("\n")).toContain("replacing the stale descriptor");
  });

  it("replaces a descriptor whose PID is alive but is not a sidecar answering our token", async () => {
    const paths = descriptorPaths(project, { env });
    const silentPort = await findFreePort(27900);
    writeDescriptor(paths.descriptor, { pid: process.pid, port: silentPort, token: "old", version: "0", startedAt: "x", project: paths.project });
    const s = await serve(["--project", project]);
    if (s.kind !== "serving") throw new Error("did not start");
    expect(readDescriptor(paths.descriptor)).toEqual(s.descriptor);
    expect(s.descriptor.startedAt).not.toBe("x");
  });

  it("uses an explicit --port exactly and fails with exit 1 when it is taken", async () => {
    const port = await findFreePort(27950);
    const s = await serve(["--project", project, "--port", String(port)]);
    expect(s).toMatchObject({ kind: "serving", port });
    const other = join(base, "Other");
    mkdirSync(other);
    expect(await serve(["--project", other, "--port", String(port)])).toEqual({ kind: "exit", code: 1 });
    expect(log.join("\n")).toContain("already in use");
  });
});

function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(r.stdout);
}

function healthStatus(port: number, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

function healthBody(port: number, token: string): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/health", headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve(JSON.parse(body)));
    });
    req.on("error", reject);
    req.end();
  });
}

async function until(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; !(await cond());) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
