import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { attachClient, type RouterInfo } from "../../src/bridge/server/router.js";
import { startServer, type ClientLink, type OnClient, type RunningServer } from "../../src/bridge/server/server.js";
import { writeWebFiles } from "../../src/web/files.js";
import { FAKE_CLAUDE } from "../chat/fake-chat.js";
import { markdownForTests } from "./scenarios.js";

// End-to-end harness for the browser panel: the real HTTP/WS server, router and chat registry
// in-process, chats running the fake claude with a scenario, and headless Chromium driven by
// playwright-core. AGENT_PANEL_CHROMIUM overrides the browser binary; AGENT_PANEL_E2E_CLAUDE
// runs the chats on another claude binary instead of the fake (the scenario then only applies
// to the fake).

/** The Chromium binary the browser tests drive. */
export const CHROMIUM = process.env.AGENT_PANEL_CHROMIUM ?? "/usr/bin/chromium";
/** True when the browser tests can run here. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** A running sidecar (server + router + registry) for one test. */
export interface PanelServer {
  url: string;
  token: string;
  dir: string;
  registry: ChatRegistry;
  server: RunningServer;
  /** Every client connection the server accepted (for dropping them). */
  links: ClientLink[];
  /** Every command the clients sent, parsed, in arrival order. */
  commands: any[];
  /** stdin lines the fake claude processes received (parsed). */
  stdin(): any[];
  close(): Promise<void>;
}

/** Start the sidecar pieces with chats that play `scenario` on the fake claude. */
export async function startPanelServer(scenario: object, opts: { render?: (markdown: string) => { html: string } } = {}): Promise<PanelServer> {
  const dir = mkdtempSync(join(tmpdir(), "ap-web-e2e-"));
  const scenarioFile = join(dir, "scenario.json");
  writeFileSync(scenarioFile, JSON.stringify(scenario));
  const log = join(dir, "stdin.log");
  const claudePath = process.env.AGENT_PANEL_E2E_CLAUDE ?? FAKE_CLAUDE;
  const registry = new ChatRegistry({
    chatDefaults: {
      claudePath,
      cwd: dir,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, FAKE_CLAUDE_SCENARIO: scenarioFile, FAKE_CLAUDE_LOG: log },
      resumeBackoffMs: 50,
      process: { graceMs: 300, killWaitMs: 300 },
    },
    // Until the sidecar's markdown renderer lands, a tiny test renderer exercises the html path.
    hub: { render: opts.render ?? ((md) => ({ html: markdownForTests(md) })) },
    changeDelayMs: 20,
  });
  const token = "t".repeat(20) + Math.random().toString(36).slice(2);
  const links: ClientLink[] = [];
  const commands: any[] = [];
  const server = await startServer({
    port: 0,
    token,
    version: "test",
    staticRoot: writeWebFiles(join(dir, "web")),
    health: () => ({ chats: registry.size }),
    onClient: recordingClient(registry, links, commands),
  });
  return {
    url: server.url,
    token,
    dir,
    registry,
    server,
    links,
    commands,
    stdin: () => {
      try {
        return readFileSync(log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l));
      } catch {
        return [];
      }
    },
    async close() {
      await registry.closeAll();
      await server.close(1000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One headless Chromium per test file (when installed): launched before the tests, every page
 * closed after each test and then `afterEachTest` run (e.g. stopping that test's server), closed
 * at the end. Registers the vitest hooks; call it at the top level of a test file.
 */
export function useChromium(afterEachTest?: () => Promise<unknown> | unknown): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (HAVE_CHROMIUM) browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const context of browser?.contexts() ?? []) await context.close();
    await afterEachTest?.();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error("Chromium is not running: use the browser only inside tests skipped without HAVE_CHROMIUM");
      return browser;
    },
  };
}

/** Launch headless Chromium with the flags this closed, root-run machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page with the panel open and connected; `problems` collects console errors and page errors. */
export async function openPanel(browser: Browser, s: PanelServer): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${s.url}#token=${s.token}`);
  await connected(page);
  return { page, problems };
}

/** Wait until the connection badge says Connected (generous: the first load of a loaded machine is slow). */
export async function connected(page: Page, timeout = 30_000): Promise<void> {
  await page
    .getByRole("status", { name: "Connection" })
    .filter({ hasText: /^Connected$/ })
    .waitFor({ timeout });
}

/** Type a prompt into the composer and press Enter. */
export async function sendPrompt(page: Page, text: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(text);
  await box.press("Enter");
}

/** The text of the last assistant message. */
export function lastAssistantText(page: Page): Promise<string> {
  return page.locator(".item.assistant").last().innerText();
}

/** Wait until `fn` returns a truthy value (polling). */
export async function until<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 10_000, what = "condition"): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** onClient for a test server: keeps every link and command for assertions, then routes as serve does. */
export function recordingClient(registry: ChatRegistry, links: ClientLink[], commands: any[], info: RouterInfo = {}): OnClient {
  return (link) => {
    links.push(link);
    const handler = attachClient(registry, link, info);
    return {
      onText(raw) {
        commands.push(JSON.parse(raw));
        handler.onText(raw);
      },
      onClose: () => handler.onClose(),
    };
  };
}
