import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEMO_GREETING_PROMPT } from "../../../fixtures/fake-api/demo-server.js";
import { claudeBinary } from "./harness.js";

// `npm run demo` end to end: the launcher starts the fake model and the sidecar (real claude),
// prints the panel URL with its token; a WebSocket client using that token opens a chat, says
// hello and gets a streamed answer; Ctrl+C (SIGINT) then stops everything, leaving no process.

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const TIMEOUT = 90_000;
/** The process checks read /proc (Linux); elsewhere only the exit code is checked. */
const HAVE_PROC = existsSync("/proc/self/stat");

let demo: ChildProcess | undefined;
/** Every stdout line of the demo. */
let demoOut: string[] = [];
let dir: string | undefined;
afterEach(async () => {
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    demo.kill("SIGKILL");
    await new Promise((r) => demo!.once("exit", r));
  }
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  demo = dir = undefined;
  demoOut = [];
});

describe("npm run demo", () => {
  it("serves the panel on the real claude with the fake model and stops cleanly on Ctrl+C", { timeout: TIMEOUT }, async () => {
    claudeBinary(); // fails with the install hint when the real binary is missing
    dir = mkdtempSync(join(tmpdir(), "ap-demo-"));
    demo = spawn(process.execPath, [join(ROOT, "scripts", "demo.mjs"), "--dir", dir], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    demo.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const url = new URL(await panelUrlLine(demo, 60_000, () => stderr));
    const token = new URLSearchParams(url.hash.slice(1)).get("token");
    expect(url.hostname).toBe("127.0.0.1");
    expect(token).toMatch(/^\S{20,}$/);
    expect(existsSync(join(dir, "DemoGame", "Assets", "Scripts", "Player.cs"))).toBe(true);

    const client = await connect(`ws://127.0.0.1:${url.port}/ws`, token!);
    const welcome = await client.request({ cmd: "hello", protocol: 1, client: "cli", render: ["html"] }, "welcome");
    expect(welcome.project).toBe(join(dir, "DemoGame"));
    const { chatId } = (await client.request({ cmd: "chat.open" })).result;
    await client.request({ cmd: "subscribe", chatId });
    await client.request({ cmd: "chat.send", chatId, text: DEMO_GREETING_PROMPT });
    const result = await client.event((e) => e.type === "turn_result", 45_000);
    expect(result.ok).toBe(true);

    const deltas = client.events.filter((e) => e.type === "message_delta" && e.kind === "text");
    expect(deltas.length).toBeGreaterThan(1); // streamed, not one block
    const final = client.events.find((e) => e.type === "message_final" && e.blocks.some((b: any) => b.kind === "text"));
    const text = final.blocks
      .filter((b: any) => b.kind === "text")
      .map((b: any) => b.text)
      .join("");
    expect(text).toContain("This is **Agent Panel**");
    expect(text).toContain("`Assets/Scripts/Player.cs`");
    expect(deltas.map((d) => d.text).join("")).toBe(text);

    // Everything the demo started: the fake model, the sidecar, and the chat's claude.
    const started = HAVE_PROC ? descendants(demo.pid!) : [];
    if (HAVE_PROC) {
      expect(started).toContain(welcome.sidecarPid);
      expect(started.some((pid) => commandLine(pid).includes("claude"))).toBe(true);
    }
    client.ws.close();

    // The banner's command line reaches this demo's sidecar (its descriptor is in the demo's HOME; a POSIX shell line off Windows).
    if (process.platform !== "win32") {
      const cli = demoOut.find((l) => /^ {2}HOME=.* tools --project /.test(l));
      expect(cli, demoOut.join("\n")).toBeDefined();
      const tools = spawnSync("sh", ["-c", cli!], { encoding: "utf8", timeout: 30_000, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
      expect(tools.status, tools.stderr).toBe(0);
      expect(tools.stdout).toMatch(/^job_status /m);
    }

    demo.kill("SIGINT");
    const code = await new Promise<number | null>((r) => demo!.once("exit", (c) => r(c)));
    expect(code).toBe(0);
    const left = started.filter(running);
    expect(left.map((pid) => `${pid} ${commandLine(pid)}`)).toEqual([]);
    expect(stderr).not.toMatch(/npm run demo:/);
  });
});

/** Resolve with the URL of the "Open the panel: <url>" line the demo prints. */
function panelUrlLine(child: ChildProcess, ms: number, stderr: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const seen = demoOut;
    const timer = setTimeout(() => reject(new Error(`no panel URL after ${ms} ms. stdout:\n${seen.join("\n")}\nstderr:\n${stderr()}`)), ms);
    createInterface({ input: child.stdout! }).on("line", (line) => {
      seen.push(line);
      const m = /^Open the panel: (http:\/\/\S+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`the demo exited (${code}) early. stdout:\n${seen.join("\n")}\nstderr:\n${stderr()}`)));
  });
}

/** A small protocol client: request/ack by id, and every event frame collected in order. */
async function connect(url: string, token: string) {
  // A tool-style client: the token as a Bearer header (browsers and Unity use the challenge).
  const ws = new WebSocket(url, ["agent-panel.v1"], { headers: { Authorization: `Bearer ${token}` } });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const frames: any[] = [];
  const events: any[] = [];
  const listeners = new Set<() => void>();
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data));
    frames.push(frame);
    if (frame.kind === "event") events.push(frame.event);
    for (const l of [...listeners]) l();
  });
  const wait = <T>(find: () => T | undefined, ms: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const found = find();
        if (found === undefined) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${what}; frames: ${JSON.stringify(frames).slice(-1500)}`));
      }, ms);
      listeners.add(check);
      check();
    });
  let next = 0;
  return {
    ws,
    events,
    /** Send a command; resolves with its ack (or the frame of `kind`), rejects on an error frame. */
    async request(cmd: object, kind = "ack"): Promise<any> {
      const id = `d${++next}`;
      ws.send(JSON.stringify({ id, ...cmd }));
      const frame = await wait(() => frames.find((f) => f.id === id && (f.kind === kind || f.kind === "error")), 20_000, `the answer to ${id}`);
      if (frame.kind === "error") throw new Error(`${frame.code}: ${frame.message}`);
      return frame;
    },
    event: (pred: (e: any) => boolean, ms: number) => wait(() => events.find(pred), ms, "an event"),
  };
}

/** Every process below `root` (Linux /proc). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const ppid = statField(Number(name), 1);
    if (ppid !== undefined) parent.set(Number(name), Number(ppid));
  }
  const out: number[] = [];
  for (const pid of parent.keys()) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        out.push(pid);
        break;
      }
    }
  }
  return out;
}

/** Field `i` after the command name of /proc/<pid>/stat (0 = state, 1 = ppid). */
function statField(pid: number, i: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[i];
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "";
  }
}

// A zombie has exited; it only waits for its parent to read its status.
function running(pid: number): boolean {
  const state = statField(pid, 0);
  return state !== undefined && state !== "Z";
}
