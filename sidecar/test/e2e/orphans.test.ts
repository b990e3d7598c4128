import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { slow, startFakeApi, type FakeApi } from "../../../fixtures/fake-api/index.js";
import { systemProcessTable } from "../../src/bridge/lifetime/process-table.js";
import { claudeBinary, makeSandbox, type Sandbox, bundledSidecar } from "./harness.js";

// The real bundled sidecar with the real claude and the fake model: a SIGKILL of the sidecar in
// the middle of a long turn leaves claude running; the next sidecar for the project ends it at
// start-up, and leaves alone an unrelated process whose PID is listed with another start time.

const bundle = bundledSidecar();
const table = systemProcessTable();
const alive = (pid: number): boolean => table.startTime(pid) !== undefined;

describe.skipIf(process.platform === "win32")("orphaned claude processes after a SIGKILL of the sidecar (bundle, real claude)", () => {
  let sandbox: Sandbox;
  let api: FakeApi;
  const started: ChildProcess[] = [];
  beforeAll(async () => {
    sandbox = makeSandbox();
    api = await startFakeApi([{ match: "Tell a long story", answers: [slow("once upon a time ".repeat(40), { chunkSize: 4, chunkDelayMs: 150 })] }]);
  });
  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await api?.close();
    sandbox?.cleanup();
  });

  const dataDir = (): string => join(sandbox.home, ".local", "share", "AgentPanel");
  const serve = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [bundle, "serve", "--project", sandbox.project, "--claude", claudeBinary()], {
      env: { ...sandbox.env(api.url), XDG_DATA_HOME: join(sandbox.home, ".local", "share") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    let out = "";
    child.stderr!.on("data", (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the sidecar did not start within 30 s: ${out}`)), 30_000);
      child.stdout!.on("data", (d) => {
        out += d;
        if (out.includes('"event":"listening"')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`the sidecar exited (${code}): ${out}`)));
    });
    (child as ChildProcess & { output: () => string }).output = () => out;
    return child;
  };

  it("the next sidecar ends the claude process the killed one left running, and only that", async () => {
    const first = await serve();
    const descriptor = JSON.parse(
      readFileSync(
        join(
          dataDir(),
          readdirSync(dataDir()).find((f) => /^[0-9a-f]{16}\.json$/.test(f))!,
        ),
        "utf8",
      ),
    ) as { port: number; token: string };
    const ws = new WebSocket(`ws://127.0.0.1:${descriptor.port}/ws`, { headers: { Authorization: `Bearer ${descriptor.token}` } });
    const events: Array<{ type: string; kind?: string; state?: string }> = [];
    const acks = new Map<string, (r: { chatId?: string }) => void>();
    ws.on("message", (data) => {
      const f = JSON.parse(String(data));
      if (f.kind === "event") events.push(f.event);
      if (typeof f.id === "string") acks.get(f.id)?.(f.result ?? f);
    });
    ws.on("error", () => undefined);
    await new Promise((r, j) => ws.once("open", r).once("error", j));
    let n = 0;
    const cmd = (frame: object): Promise<{ chatId?: string }> => {
      const id = `c${++n}`;
      return new Promise((resolve) => {
        acks.set(id, resolve);
        ws.send(JSON.stringify({ ...frame, id }));
      });
    };
    const until = async (pred: () => boolean, ms: number, what: string): Promise<void> => {
      const end = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await cmd({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    const { chatId } = await cmd({ cmd: "chat.open" });
    await cmd({ cmd: "subscribe", chatId, afterSeq: 0 });
    await until(() => events.some((e) => e.type === "state" && e.state === "ready"), 30_000, "the chat to be ready");
    await cmd({ cmd: "chat.send", chatId, text: "Tell a long story" });
    await until(() => events.some((e) => e.type === "message_delta"), 30_000, "the first delta");

    const ledgerName = readdirSync(dataDir()).find((f) => f.endsWith(".children.json"))!;
    expect(ledgerName).toMatch(/^[0-9a-f]{16}\.children\.json$/);
    const ledger = JSON.parse(readFileSync(join(dataDir(), ledgerName), "utf8")) as { sidecar: { pid: number }; children: Array<{ pid: number; startTime: string; command: string }> };
    expect(ledger.sidecar.pid).toBe(first.pid);
    expect(ledger.children).toHaveLength(1);
    const claudePid = ledger.children[0]!.pid;

    first.kill("SIGKILL");
    await new Promise((r) => (first.exitCode !== null || first.signalCode !== null ? r(undefined) : first.once("exit", r)));
    ws.terminate();
    await new Promise((r) => setTimeout(r, 500));
    expect(alive(claudePid)).toBe(true); // the orphan runs on: its own process group, reparented

    // An unrelated process listed under a PID it got later (another start time) must survive.
    const bystander = spawn("sleep", ["60"], { stdio: "ignore" });
    started.push(bystander);
    const recycled = { pid: bystander.pid!, startTime: "1", command: ledger.children[0]!.command };
    writeFileSync(join(dataDir(), ledgerName), JSON.stringify({ ...ledger, children: [...ledger.children, recycled] }));

    const second = await serve();
    await until(() => !alive(claudePid), 10_000, `claude ${claudePid} to be ended`);
    expect(alive(bystander.pid!)).toBe(true);
    expect((second as ChildProcess & { output: () => string }).output()).toContain(`ended 1 claude process(es) left by the previous sidecar: ${claudePid}`);
    // The new sidecar's ledger lists itself and no child yet.
    expect(JSON.parse(readFileSync(join(dataDir(), ledgerName), "utf8"))).toMatchObject({ sidecar: { pid: second.pid }, children: [] });

    // (That a clean exit removes the list is covered by the ChildLedger unit tests: in the Node 24 CI run
    // this process was twice seen ending by the default SIGTERM action here, unexplained so far.)
    second.kill("SIGKILL");
    bystander.kill("SIGKILL");
  }, 120_000);
});
