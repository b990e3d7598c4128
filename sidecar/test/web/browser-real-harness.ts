import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { startFakeApi, type FakeApi, type Rule } from "../../../fixtures/fake-api/index.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { preloadHtmlRenderer } from "../../src/bridge/hubs/hub-render.js";
import { startServer, type ClientLink, type RunningServer } from "../../src/bridge/server/server.js";
import { writeWebFiles } from "../../src/web/files.js";
import { claudeBinary, makeSandbox, type Sandbox } from "../e2e/harness.js";
import { openPanel, recordingClient, type PanelServer } from "./browser-harness.js";

// The browser panel against a sidecar whose chats run the REAL claude binary, offline: the
// product's server, router and registry in-process (as `serve` wires them, with the real HTML
// renderer), every chat spawning node_modules' claude in a sandboxed HOME + Unity-like project,
// and the fake Messages API answering with the test's rules.

/** A running real-claude sidecar for one test: the server pieces, the fake model and the sandbox. */
export interface RealPanelServer {
  url: string;
  token: string;
  registry: ChatRegistry;
  server: RunningServer;
  /** Every client connection the server accepted (for dropping them). */
  links: ClientLink[];
  /** Every command the clients sent, parsed, in arrival order. */
  commands: any[];
  /** The fake model: what the CLI asked it (api.requests). */
  api: FakeApi;
  /** The isolated HOME and project the chats run in. */
  sandbox: Sandbox;
  close(): Promise<void>;
  /** Stop the sidecar (sockets dropped first, then its chats) and start a fresh one on the same port and token. */
  restart(): Promise<void>;
}

/** Start the fake model with `rules` (or rules built from the sandbox paths) and a sidecar whose chats run real claude. */
export async function startRealPanelServer(rules: readonly Rule[] | ((sandbox: Sandbox) => readonly Rule[]), credentials: { apiKey?: string | null } = {}): Promise<RealPanelServer> {
  const sandbox = makeSandbox();
  const api = await startFakeApi(typeof rules === "function" ? rules(sandbox) : rules);
  // serve warms the renderer when a browser connects; a test warms it up front so the first
  // final message already carries html.
  await preloadHtmlRenderer();
  const token = "r".repeat(20) + Math.random().toString(36).slice(2);
  const links: ClientLink[] = [];
  const commands: any[] = [];
  const boot = async (port: number) => {
    const registry = new ChatRegistry({
      chatDefaults: { claudePath: claudeBinary(), cwd: sandbox.project, env: sandbox.env(api.url, credentials), resumeBackoffMs: 100, process: { graceMs: 1000, killWaitMs: 1000 } },
    });
    const server = await startServer({
      port,
      token,
      version: "test",
      staticRoot: writeWebFiles(join(sandbox.root, "web")),
      health: () => ({ chats: registry.size }),
      onClient: recordingClient(registry, links, commands, { project: sandbox.project }),
    });
    return { registry, server };
  };
  const first = await boot(0);
  const running: RealPanelServer = {
    url: first.server.url,
    token,
    ...first,
    links,
    commands,
    api,
    sandbox,
    async close() {
      await running.registry.closeAll();
      await running.server.close(1000);
      await api.close();
      sandbox.cleanup();
    },
    async restart() {
      await running.server.close(1000);
      await running.registry.closeAll();
      Object.assign(running, await boot(Number(new URL(running.url).port)));
    },
  };
  return running;
}

/** openPanel for a real-claude server (it only needs the URL and token). */
export function openRealPanel(browser: Browser, s: RealPanelServer): Promise<{ page: Page; problems: string[] }> {
  const view: PanelServer = { ...s, dir: s.sandbox.project, stdin: () => [] };
  return openPanel(browser, view);
}

/** Every text the CLI sent to the fake model, across all recorded requests. */
export function textsSentToModel(api: FakeApi): string[] {
  return api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? "")));
}
