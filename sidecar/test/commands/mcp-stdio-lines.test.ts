import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runMcpStdio } from "../../src/commands/mcp-stdio.js";
import { startServe, type ServeStart } from "../../src/commands/serve.js";
import { guardLines, tooLongAnswer } from "../../src/commands/stdio-lines.js";

// Issue #29 item 8: a 20 MB or 60 MB line on the stdio bridge's stdin made the SDK transport close
// itself and the bridge exit without a word. Now the line is refused with a JSON-RPC error and the
// bridge goes on reading.

let running: ServeStart | undefined;
let base: string | undefined;
afterEach(async () => {
  if (running?.kind === "serving") await running.lifetime.shutdown("test end");
  running = undefined;
  if (base) rmSync(base, { recursive: true, force: true });
  base = undefined;
});

describe("bounded stdio lines", () => {
  it("passes short lines whole however they are chunked, and drops a long one with its id", () => {
    const out: string[] = [];
    const refused: [string, number][] = [];
    const guard = guardLines(10, (prefix, bytes) => refused.push([prefix, bytes]));
    guard.on("data", (c: Buffer) => out.push(c.toString()));
    for (const piece of ["ab", "c\nxyz", "0123456789ABC", "DEF\n", "ok\n"]) guard.write(Buffer.from(piece));
    expect(out).toEqual(["abc\n", "ok\n"]);
    expect(refused).toEqual([["xyz0123456789ABC", 19]]); // the bytes seen when the limit was passed
    expect(JSON.parse(tooLongAnswer('{"jsonrpc":"2.0","id":"r-7","method":"tools/call","params":{"id":3', 99, 10))).toMatchObject({ id: "r-7", error: { code: -32600 } });
    expect(JSON.parse(tooLongAnswer('{"jsonrpc":"2.0","method":"tools/call","params":{"id":3', 99, 10)).id).toBeNull();
  });

  it("the bridge answers a 20 MB line with an error, then still answers the next request", { timeout: 60_000 }, async () => {
    base = mkdtempSync(join(tmpdir(), "ap-stdio-lines-"));
    const project = join(base, "Game");
    mkdirSync(project);
    const env = { XDG_DATA_HOME: join(base, "data"), LOCALAPPDATA: join(base, "data") };
    running = await startServe(["--project", project, "--test-tools"], { env, out: () => {}, log: () => {}, exit: () => {}, handleSignals: false });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const answers: any[] = [];
    let buffered = "";
    stdout.on("data", (c: Buffer) => {
      buffered += c.toString();
      for (let nl = buffered.indexOf("\n"); nl !== -1; nl = buffered.indexOf("\n")) {
        answers.push(JSON.parse(buffered.slice(0, nl)));
        buffered = buffered.slice(nl + 1);
      }
    });
    const signalListeners = process.listenerCount("SIGTERM");
    const exited = runMcpStdio(["--project", project], { env, stdin, stdout, log: () => {} });
    const send = (m: object) => stdin.write(`${JSON.stringify(m)}\n`);
    const waitFor = async (pred: (a: any) => boolean) => {
      for (let i = 0; i < 500; i++) {
        const a = answers.find(pred);
        if (a) return a;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no such answer; got ${JSON.stringify(answers).slice(0, 300)}`);
    };
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    await waitFor((a) => a.id === 1);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    const huge = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"test_echo","arguments":{"text":"${"x".repeat(20 * 1024 * 1024)}"}}}\n`;
    for (let i = 0; i < huge.length; i += 1 << 20) stdin.write(huge.slice(i, i + (1 << 20)));
    expect(await waitFor((a) => a.id === 2)).toMatchObject({ error: { code: -32600 } });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "test_echo", arguments: { text: "still here" } } });
    expect(await waitFor((a) => a.id === 3)).toMatchObject({ result: { content: [{ type: "text", text: "still here" }] } });
    stdin.end();
    expect(await Promise.race([exited.then(() => "ended"), new Promise((r) => setTimeout(r, 5000, "still running"))])).toBe("ended");
    expect(process.listenerCount("SIGTERM")).toBe(signalListeners); // its signal handlers went with it
  });
});
