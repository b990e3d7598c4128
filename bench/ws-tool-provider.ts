import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { CHALLENGE_PREFIX, clientProof, serverProof } from "../sidecar/src/shared/ws-challenge.js";
import { WS_PROTOCOL } from "../sidecar/src/bridge/server/auth.js";

// A tool provider that reaches the sidecar the way the Unity Editor does: its own WebSocket,
// the challenge-response (the token never sent), `hello` with `provides: ["tools"]`, a
// `tools.publish` of its catalog, then `tool.invoke` → `tool.result` for every call. It offers one
// tool, `bench_echo`, which answers its `text` argument unchanged, and counts how often each text
// reached it so the benchmark can tell a lost call from a duplicated one.

/** The catalog entry the provider publishes. */
export const BENCH_ECHO = {
  name: "bench_echo",
  description: "Answers its text argument unchanged (benchmark provider).",
  inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
  annotations: { idempotency: "safe" },
};

/** A connected, published provider. */
export interface WsToolProvider {
  /** How many times each `text` reached the provider in a tool.invoke. */
  readonly seen: Map<string, number>;
  close(): Promise<void>;
}

/** Connect to the sidecar at `port`, authenticate with `token`, publish the catalog; resolves once published. */
export async function connectToolProvider(port: number, token: string): Promise<WsToolProvider> {
  const nonce = randomBytes(24).toString("base64url");
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, [WS_PROTOCOL, `${CHALLENGE_PREFIX}${nonce}`]);
  const seen = new Map<string, number>();
  const acks = new Map<string, (frame: Frame) => void>();
  let published!: () => void;
  let failed!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    published = resolve;
    failed = reject;
  });
  ws.once("error", failed);
  ws.once("close", (code, reason) => failed(new Error(`the sidecar closed the provider socket (${code} ${String(reason)})`)));
  let n = 0;
  const command = (body: Record<string, unknown>): Promise<Frame> => {
    const id = `p${++n}`;
    ws.send(JSON.stringify({ id, ...body }));
    return new Promise((resolve) => acks.set(id, resolve));
  };
  const answer = (c: Frame): void => {
    if (c.proof !== serverProof(token, port, nonce, String(c.serverNonce))) return failed(new Error("the server's proof does not match the token: not our sidecar"));
    ws.send(JSON.stringify({ cmd: "auth", proof: clientProof(token, port, nonce, String(c.serverNonce)) }));
    hello().catch(failed);
  };
  const hello = async (): Promise<void> => {
    const welcome = await command({ cmd: "hello", protocol: 1, client: "unity", render: [], provides: ["tools"], providerId: `bench-${process.pid}` });
    if (welcome.kind !== "welcome") throw new Error(`hello refused: ${JSON.stringify(welcome)}`);
    const ack = await command({ cmd: "tools.publish", catalog: [BENCH_ECHO] });
    if (ack.kind !== "ack") throw new Error(`tools.publish refused: ${JSON.stringify(ack)}`);
    published();
  };
  const invoke = (f: Frame): void => {
    const text = String((f.arguments as { text?: unknown }).text);
    seen.set(text, (seen.get(text) ?? 0) + 1);
    // The result is a command like any other; nobody waits for its ack.
    ws.send(JSON.stringify({ id: `r${++n}`, cmd: "tool.result", callId: f.callId, ok: true, content: [{ type: "text", text }], structured: { text } }));
  };
  ws.on("message", (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.kind === "auth.challenge") return answer(frame);
    if (frame.kind === "tool.invoke") return invoke(frame);
    if (typeof frame.id === "string") {
      const waiter = acks.get(frame.id);
      acks.delete(frame.id);
      waiter?.(frame);
    }
  });
  await ready;
  ws.removeAllListeners("close");
  return {
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
      }),
  };
}

type Frame = Record<string, unknown> & { kind?: string; id?: string };

// Run as its own process (as the Unity Editor is one): `node --import tsx bench/ws-tool-provider.ts`
// with AP_BENCH_PORT and AP_BENCH_TOKEN in the environment (the token never on a command line).
// Prints "ready" once published; each stdin line "seen <prefix>" is answered with one JSON line
// {text: count} for the texts starting with the prefix; stdin closing ends it.
if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const provider = await connectToolProvider(Number(process.env.AP_BENCH_PORT), process.env.AP_BENCH_TOKEN ?? "");
  process.stdout.write("ready\n");
  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    const prefix = /^seen (.*)$/.exec(line)?.[1];
    if (prefix === undefined) return;
    process.stdout.write(`${JSON.stringify(Object.fromEntries([...provider.seen].filter(([text]) => text.startsWith(prefix))))}\n`);
  });
  lines.once("close", () => void provider.close().then(() => process.exit(0)));
}
