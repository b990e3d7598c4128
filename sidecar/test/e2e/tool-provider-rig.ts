import { WebSocket } from "ws";
import { startFakeApi, type FakeApi, type Rule } from "../../../fixtures/fake-api/index.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { attachClient } from "../../src/bridge/server/router.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import type { ChatOptions } from "../../src/chat/chat.js";
import { chatToolHost } from "../../src/bridge/hubs/chat-tools.js";
import { ToolHost } from "../../src/tools/host.js";
import { UnityToolProvider } from "../../src/tools/unity-provider.js";
import { unityAssetImporter } from "../../src/tools/unity-import.js";
import { composeMmlProvider } from "../../src/mml/tool.js";
import { GeneratedAudio } from "../../src/mml/generated-audio.js";
import { mmlMediaRoutes } from "../../src/mml/media-route.js";
import { writeWebFiles } from "../../src/web/files.js";
import { join } from "node:path";
import { claudeBinary, makeSandbox, type Sandbox } from "./harness.js";

// The sidecar wired as `serve` wires it (bridge server + tool host + Unity provider + chats on the
// real claude with the fake model), plus WebSocket clients: a panel, and a test tool provider that
// speaks the tools.* frames the way the Unity Editor does.

/** One running sidecar for a test. */
export interface ToolRig {
  server: RunningServer;
  api: FakeApi;
  sandbox: Sandbox;
  unity: UnityToolProvider;
  token: string;
  client(): Promise<WsClient>;
  /** POST /tools/<name> with the arguments; resolves with the HTTP status and body. */
  rest(tool: string, args: Record<string, unknown>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** A hello'd WebSocket client. */
export interface WsClient {
  frames: any[];
  cmd(body: Record<string, unknown>): Promise<any>;
  waitFor(pred: (f: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

/** Start the rig; `rules` script the fake model. */
export async function startToolRig(rules: readonly Rule[], opts: { unityWaitMs?: number; importWaitMs?: number; web?: boolean } = {}): Promise<ToolRig> {
  const sandbox = makeSandbox();
  const api = await startFakeApi(rules);
  const token = "tooltest".repeat(4);
  const host = new ToolHost({ version: "test", syncWaitMs: 60_000 });
  const unity = new UnityToolProvider({ awayWaitMs: opts.unityWaitMs ?? 30_000, waitProgressMs: 1000 });
  // compose_mml as serve registers it, writing into the sandbox project and importing through Unity.
  host.importAsset = unityAssetImporter(unity, opts.importWaitMs);
  const audio = new GeneratedAudio();
  host.addProvider(
    composeMmlProvider(() => ({ projectRoot: sandbox.project, stateDir: sandbox.root, importAsset: host.importAsset, onWritten: audio.record, wasGenerated: (real) => audio.has(real) })),
  );
  const media = mmlMediaRoutes({ projectRoot: sandbox.project, stateDir: sandbox.root, generated: audio, token });
  host.addProvider(unity);
  const chatDefaults: ChatOptions = { claudePath: claudeBinary(), cwd: sandbox.project, env: sandbox.env(api.url), tools: chatToolHost(host.registry), process: { graceMs: 1000, killWaitMs: 1000 } };
  const registry = new ChatRegistry({ chatDefaults, changeDelayMs: 10, chatCredential: () => host.chatTokens.issue(server.port, sandbox.root) });
  const server = await startServer({
    port: 0,
    token,
    version: "test",
    health: () => ({}),
    routeToken: (t, pathname) => pathname === "/mcp" && host.chatTokens.accepts(t),
    route: (req, res, pathname) => media.route(req, res, pathname) || host.route(req, res, pathname),
    proofRoute: media.proofRoute,
    ...(opts.web ? { staticRoot: writeWebFiles(join(sandbox.root, "web")) } : {}),
    onClient: (link) => attachClient(registry, link, { project: sandbox.project, tools: unity }),
  });
  // As serve does: each chat reaches /mcp with its own token, in its own 0600 config file.
  const sockets: WsClient[] = [];
  return {
    server,
    api,
    sandbox,
    unity,
    token,
    async client() {
      const c = await connect(server.port, token);
      sockets.push(c);
      return c;
    },
    async rest(tool, args) {
      const res = await fetch(`http://127.0.0.1:${server.port}/tools/${tool}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(args),
      });
      return { status: res.status, body: await res.json() };
    },
    async close() {
      for (const s of sockets) await s.close();
      await registry.closeAll();
      unity.close();
      await host.close();
      await server.close(500);
      await api.close();
      sandbox.cleanup();
    },
  };
}

async function connect(port: number, token: string): Promise<WsClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Authorization: `Bearer ${token}` } });
  const frames: any[] = [];
  const waiters: { pred: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  ws.on("message", (data) => {
    const f = JSON.parse(String(data));
    frames.push(f);
    for (const w of [...waiters])
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let n = 0;
  const waitFor = (pred: (f: any) => boolean, timeoutMs = 30_000): Promise<any> => {
    const seen = frames.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for a frame; got ${JSON.stringify(frames.slice(-5)).slice(0, 800)}`)), timeoutMs);
      waiters.push({ pred, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  };
  return {
    frames,
    waitFor,
    cmd(body) {
      const id = `c${++n}`;
      ws.send(JSON.stringify({ id, ...body }));
      return waitFor((f) => f.id === id && (f.kind === "ack" || f.kind === "error" || f.kind === "welcome"));
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once("close", () => resolve());
        ws.close();
      }),
  };
}
