import { statSync } from "node:fs";
import { parseArgs } from "node:util";
import { readDescriptor, removeDescriptorIfOurs, writeDescriptor, type Descriptor } from "../shared/descriptor-io.js";
import { acquireInstanceLock } from "../bridge/lifetime/descriptor-lock.js";
import { ledgerFile, takeOverLedger, type ChildLedger } from "../bridge/lifetime/orphans.js";
import { descriptorPaths, type PlatformEnv } from "../shared/descriptor.js";
import { probeHealth } from "../bridge/lifetime/http-health.js";
import { watchIdle } from "../bridge/lifetime/idle-exit.js";
import { createLifetime, processExists, type Lifetime } from "../bridge/lifetime/lifetime.js";
import { derivePort, findFreePort, PORT_MAX, PORT_MIN } from "../shared/port.js";
import { startServer, type OnClient, type RunningServer } from "../bridge/server/server.js";
import type { StaticFiles } from "../bridge/server/static.js";
import { loadOrCreateToken } from "../shared/token.js";
import { AgentPanelError, reportInternal, setInternalErrorLog } from "../shared/errors.js";
import type { ToolHost } from "../tools/host.js";
import { VERSION } from "../shared/version.js";
import { loadServeRest, OnDemand, type ServeRest } from "./serve-rest.js";
import { currentBundleEntry, refreshStableBundle } from "./stable-bundle.js";

// `agent-panel serve`: one sidecar per Unity project. Reuses a healthy running one (prints its URL,
// exit 0), otherwise replaces a stale descriptor, listens on the project's port, writes the
// descriptor and serves until a signal or the parent (Unity) goes away.

/** Usage text of the serve command. */
export const SERVE_USAGE =
  "Usage: agent-panel serve --project <unity project root> [--port N] [--parent-pid PID] [--claude PATH] [--sync-wait-ms N] [--unity-wait-ms N] [--idle-exit-ms N] [--test-tools]";

/** What the lead's factory gets to build the chat registry and router. */
export interface ServeContext {
  project: string;
  claudePath?: string;
  version: string;
  log: (line: string) => void;
  /** The tool host (registry + invoker); the chat side adds the Unity provider to it. */
  tools?: ToolHost;
  /** How long a tool call waits for Unity to (re)connect (--unity-wait-ms; default 90 s). */
  unityWaitMs?: number;
  /** The user's private folder beside the descriptor (0700): where each chat's MCP config file goes. */
  stateDir?: string;
}

/** The chat side of the server: the router per client, /health fields, and shutdown. */
export interface ServeHooks {
  onClient: OnClient;
  health: () => object;
  closeAll: () => Promise<void>;
  /** Called once the server listens (the chats point their claude at this port's /mcp with the token). */
  onListening?: (endpoint: { port: number; token: string }) => void;
  /** Directory of the browser panel's files, if this build has them. */
  staticRoot?: string | StaticFiles;
}

/** Options of runServe/startServe (the defaults are right for the real command). */
export interface ServeOptions extends PlatformEnv {
  createHooks?: (ctx: ServeContext) => ServeHooks | Promise<ServeHooks>;
  /** Start importing what createHooks needs, alongside the tool host's modules (one wave, not two). */
  preloadHooks?: () => void;
  /** Machine-readable and human lines (stdout). */
  out?: (line: string) => void;
  /** Diagnostics (stderr). */
  log?: (line: string) => void;
  /** Passed to the lifetime; the default ends the process. */
  exit?: (code: number) => void;
  handleSignals?: boolean;
  parentPollMs?: number;
  heartbeatMs?: number;
}

/** Result of starting: an immediate exit code, or a running sidecar. */
export type ServeStart =
  | { kind: "exit"; code: number }
  | { kind: "serving"; url: string; port: number; descriptorFile: string; descriptor: Descriptor; server: RunningServer; lifetime: Lifetime; tools: () => Promise<ToolHost> };

/** Run the serve command; resolves with the exit code when the sidecar stops. */
export async function runServe(args: string[], opts: ServeOptions = {}): Promise<number> {
  const started = await startServe(args, opts);
  return started.kind === "exit" ? started.code : started.lifetime.done;
}

/** Start serving (or find the running sidecar); returns once listening or decided. */
export async function startServe(args: string[], opts: ServeOptions = {}): Promise<ServeStart> {
  const out = opts.out ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const log = opts.log ?? ((line: string) => void process.stderr.write(`[agent-panel] ${line}\n`));
  const parsed = parseServeArgs(args);
  if ("usage" in parsed) {
    (parsed.code === 0 ? out : log)(parsed.usage);
    return { kind: "exit", code: parsed.code };
  }
  try {
    return await serve(parsed, opts, out, log);
  } catch (err) {
    log(err instanceof AgentPanelError ? err.message : `unexpected error: ${(err as Error).message}`);
    return { kind: "exit", code: 1 };
  }
}

interface ServeArgs {
  project: string;
  port?: number;
  parentPid?: number;
  claude?: string;
  syncWaitMs?: number;
  unityWaitMs?: number;
  /** Exit after this long with no client, chat, MCP session or job (a sidecar `agent-panel mcp` started). */
  idleExitMs?: number;
  testTools?: boolean;
}

async function serve(args: ServeArgs, opts: ServeOptions, out: (l: string) => void, log: (l: string) => void): Promise<ServeStart> {
  if (!isDirectory(args.project)) throw new AgentPanelError("project_not_found", `Project folder ${args.project} does not exist; pass the Unity project root with --project.`);
  if (args.parentPid !== undefined && !processExists(args.parentPid)) {
    throw new AgentPanelError("parent_gone", `Parent process ${args.parentPid} is not running; nothing to serve for.`);
  }
  const paths = descriptorPaths(args.project, opts);
  const release = await acquireInstanceLock(paths.lock);
  let server: RunningServer | undefined;
  let descriptor: Descriptor;
  let ledger: ChildLedger | undefined;
  // The tool host and the chat engine load on first use (any request or client), after the
  // descriptor is written: see serve-rest.ts.
  let endpoint: { port: number; token: string } | undefined;
  const rest = new OnDemand<ServeRest>(() =>
    loadServeRest({
      paths,
      claude: args.claude,
      syncWaitMs: args.syncWaitMs,
      unityWaitMs: args.unityWaitMs,
      testTools: args.testTools === true,
      version: VERSION,
      log,
      createHooks: opts.createHooks ?? notReadyHooks,
      preloadHooks: opts.preloadHooks,
      endpoint: endpoint!,
    }),
  );
  try {
    const token = loadOrCreateToken(paths.token);
    const existing = readDescriptor(paths.descriptor);
    if (existing && processExists(existing.pid) && (await probeHealth(existing.port, token, existing.pid))) {
      const url = `http://127.0.0.1:${existing.port}/`;
      out(`agent-panel already running on ${url} (pid ${existing.pid}, project ${paths.project})`);
      out(JSON.stringify({ event: "already_running", url, port: existing.port, pid: existing.pid, project: paths.project, version: existing.version, descriptor: paths.descriptor }));
      return { kind: "exit", code: 0 };
    }
    if (existing) log(`replacing the stale descriptor of pid ${existing.pid} (not running or not answering)`);
    ledger = await takeOverLedger(ledgerFile(paths), log);
    // The server calls every handler below only after `ready` resolved, so the loaded side is there
    // (and `endpoint` is set: no request can arrive before listening).
    const loaded = (): ServeRest => rest.current!;
    server = await listenWithFallback(args.port, paths.project, opts, (port) =>
      startServer({
        port,
        token,
        version: VERSION,
        ready: rest.ready,
        onClient: (link, info) => loaded().hooks.onClient(link, info),
        health: () => {
          // /health does not wait for the load (see startServer) but, as a sign of a user, starts it.
          if (rest.current === undefined) {
            rest.get().catch(() => {}); // a failed load is reported by the requests that need it
            return { chats: 0, starting: true };
          }
          const { hooks, tools, definitions } = loaded();
          return { ...hooks.health(), ...tools.health(), definitionsDir: definitions.dirs.project, sharedDefinitionsDir: definitions.dirs.shared };
        },
        // Also asked about /health, which may come before the load: the tool host has no /health route.
        route: (req, res, pathname) => rest.current?.route(req, res, pathname) ?? false,
        proofRoute: (req, res, pathname) => rest.current?.proofRoute(req, res, pathname) ?? false,
        // A chat's own token opens /mcp and nothing else (see tools/chat-credentials.ts).
        routeToken: (t, pathname) => pathname === "/mcp" && (rest.current?.tools.chatTokens.accepts(t) ?? false),
        get staticRoot() {
          return rest.current?.hooks.staticRoot;
        },
        heartbeatMs: opts.heartbeatMs,
        log,
      }),
    );
    endpoint = { port: server.port, token };
    descriptor = { pid: process.pid, port: server.port, token, version: VERSION, startedAt: new Date().toISOString(), project: paths.project };
    writeDescriptor(paths.descriptor, descriptor);
  } catch (err) {
    await server?.close(1000);
    ledger?.close();
    throw err;
  } finally {
    release();
  }
  const running = server;
  const lifetime = createLifetime({
    closeAll: async () => {
      try {
        // Whatever was loaded (a load in progress finishes first) is closed before the server.
        const r = await rest.settled();
        if (r) {
          r.definitions.close();
          await r.tools.close();
          await r.hooks.closeAll();
        }
      } finally {
        await running.close();
      }
    },
    removeDescriptor: () => {
      ledger?.close();
      removeDescriptorIfOurs(paths.descriptor, descriptor);
    },
    exit: opts.exit,
    log,
  });
  // Signals are handled before "listening" is printed: a parent that stops the sidecar as soon as it
  // reads that line must get a clean shutdown (descriptor and child list removed), not the default kill.
  if (opts.handleSignals !== false) {
    lifetime.handleSignals();
    installLastResort(log);
  }
  out(`agent-panel listening on ${running.url} (project ${paths.project})`);
  out(JSON.stringify({ event: "listening", url: running.url, port: running.port, pid: process.pid, project: paths.project, version: VERSION, descriptor: paths.descriptor }));
  if (args.parentPid !== undefined) lifetime.watchParent(args.parentPid, opts.parentPollMs);
  if (args.idleExitMs !== undefined) {
    const idleMs = args.idleExitMs;
    watchIdle({
      idleMs,
      isIdle: () => running.clientCount() === 0 && !rest.loading && restIsIdle(rest.current),
      onIdle: () => void lifetime.shutdown(`idle for ${Math.round(idleMs / 1000)} s (no client, chat or MCP session)`),
    });
  }
  // MCP clients configured by `mcp-config` run the stable copy: bring it to this build (after start-up).
  setImmediate(() => refreshStableBundle(currentBundleEntry(), VERSION, opts, log));
  return { kind: "serving", url: running.url, port: running.port, descriptorFile: paths.descriptor, descriptor, server: running, lifetime, tools: async () => (await rest.get()).tools };
}

/**
 * The last net under the per-source guards (claude's output, sockets, timers): an exception or a
 * rejected promise that still escapes is logged instead of ending every chat of the project.
 */
function installLastResort(log: (line: string) => void): void {
  setInternalErrorLog(log);
  process.on("uncaughtException", (err) => reportInternal("an event handler (uncaught)", err));
  process.on("unhandledRejection", (err) => reportInternal("a promise (unhandled rejection)", err));
}

/** Listen on --port exactly, or on the project's port with fallback to the next free one. */
async function listenWithFallback(explicit: number | undefined, project: string, env: PlatformEnv, start: (port: number) => Promise<RunningServer>): Promise<RunningServer> {
  if (explicit !== undefined) return start(explicit);
  let preferred = derivePort(project, env);
  for (let attempt = 0; ; attempt++) {
    const port = await findFreePort(preferred);
    try {
      return await start(port);
    } catch (err) {
      // Someone took the port between the probe and listen: try the next one a few times.
      if (!(err instanceof AgentPanelError && err.code === "port_in_use") || attempt >= 4) throw err;
      preferred = port >= PORT_MAX ? PORT_MIN : port + 1;
    }
  }
}

/** Hooks for running without a chat engine: every text frame gets {kind:"error",code:"not_ready"}. */
export function notReadyHooks(): ServeHooks {
  return {
    onClient: (link) => ({
      onText(raw) {
        let id: unknown;
        try {
          id = (JSON.parse(raw) as { id?: unknown }).id;
        } catch {
          id = undefined;
        }
        const frame = { kind: "error", code: "not_ready", message: "This sidecar has no chat engine yet; update Agent Panel or restart the sidecar." };
        link.send(typeof id === "string" ? { ...frame, id } : frame);
      },
      onClose() {},
    }),
    health: () => ({ chats: 0 }),
    closeAll: async () => {},
  };
}

/** Parse and validate serve's flags; a usage result (exit 2, or 0 for --help) on bad input. */
export function parseServeArgs(args: string[]): ServeArgs | { usage: string; code: number } {
  let values: {
    project?: string;
    port?: string;
    "parent-pid"?: string;
    claude?: string;
    "sync-wait-ms"?: string;
    "unity-wait-ms"?: string;
    "idle-exit-ms"?: string;
    "test-tools"?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        project: { type: "string" },
        port: { type: "string" },
        "parent-pid": { type: "string" },
        claude: { type: "string" },
        "sync-wait-ms": { type: "string" },
        "unity-wait-ms": { type: "string" },
        "idle-exit-ms": { type: "string" },
        "test-tools": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return { usage: `${(err as Error).message}\n${SERVE_USAGE}`, code: 2 };
  }
  if (values.help) return { usage: SERVE_USAGE, code: 0 };
  if (values.project === undefined || values.project.trim() === "") return { usage: `--project is required.\n${SERVE_USAGE}`, code: 2 };
  const port = values.port === undefined ? undefined : parseIntFlag(values.port, 1, 65535);
  if (port === null) return { usage: `--port must be a number between 1 and 65535.\n${SERVE_USAGE}`, code: 2 };
  const parentPid = values["parent-pid"] === undefined ? undefined : parseIntFlag(values["parent-pid"], 1, 2 ** 31 - 1);
  if (parentPid === null) return { usage: `--parent-pid must be a positive process id.\n${SERVE_USAGE}`, code: 2 };
  const syncWaitMs = values["sync-wait-ms"] === undefined ? undefined : parseIntFlag(values["sync-wait-ms"], 0, 3_600_000);
  if (syncWaitMs === null) return { usage: `--sync-wait-ms must be a number of milliseconds (0 to 3600000).\n${SERVE_USAGE}`, code: 2 };
  const unityWaitMs = values["unity-wait-ms"] === undefined ? undefined : parseIntFlag(values["unity-wait-ms"], 0, 3_600_000);
  if (unityWaitMs === null) return { usage: `--unity-wait-ms must be a number of milliseconds (0 to 3600000).\n${SERVE_USAGE}`, code: 2 };
  const idleExitMs = values["idle-exit-ms"] === undefined ? undefined : parseIntFlag(values["idle-exit-ms"], 1, 2 ** 31 - 1);
  if (idleExitMs === null) return { usage: `--idle-exit-ms must be a positive number of milliseconds.\n${SERVE_USAGE}`, code: 2 };
  return {
    project: values.project,
    port,
    parentPid,
    claude: values.claude,
    syncWaitMs,
    ...(unityWaitMs !== undefined ? { unityWaitMs } : {}),
    ...(idleExitMs !== undefined ? { idleExitMs } : {}),
    testTools: values["test-tools"] === true,
  };
}

/** No chat, MCP session or running job (nothing loaded yet counts as idle). */
function restIsIdle(r: ServeRest | undefined): boolean {
  if (r === undefined) return true;
  const chats = (r.hooks.health() as { chats?: number }).chats ?? 0;
  const { mcpSessions, runningJobs, queueDepth } = r.tools.health().tools;
  return chats === 0 && mcpSessions === 0 && runningJobs === 0 && queueDepth === 0;
}

function parseIntFlag(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
