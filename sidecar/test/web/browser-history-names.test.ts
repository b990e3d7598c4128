import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { PanelHistory } from "../../src/bridge/hubs/history-service.js";
import { startServer } from "../../src/bridge/server/server.js";
import { writeWebFiles } from "../../src/web/files.js";
import { FAKE_CLAUDE } from "../chat/fake-chat.js";
import { copyOfGameDir, transcript } from "../history/helpers.js";
import { connected, HAVE_CHROMIUM, recordingClient, useChromium } from "./browser-harness.js";

// A restored session in the browser reads like the live chat did ("Allowed by you" in the tool's
// header), and a chat resumed from History goes by the same name in History, its tab and the
// header; a fork says it is one.

const cleanup: Array<() => Promise<unknown> | unknown> = [];
const chrome = useChromium(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function start() {
  const dir = mkdtempSync(join(tmpdir(), "ap-web-names-"));
  const registry = new ChatRegistry({ chatDefaults: { claudePath: FAKE_CLAUDE, cwd: dir, env: { PATH: process.env.PATH ?? "" }, process: { graceMs: 300, killWaitMs: 300 } }, changeDelayMs: 20 });
  const history = new PanelHistory({ project: "/proj", transcriptDir: copyOfGameDir(), stateDir: null, debounceMs: 50, pollMs: 200 });
  const token = `names-${Math.random().toString(36).slice(2)}-token`;
  const server = await startServer({ port: 0, token, version: "test", staticRoot: writeWebFiles(join(dir, "web")), health: () => ({}), onClient: recordingClient(registry, [], [], { history }) });
  cleanup.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(1000),
    () => history.close(),
    () => registry.closeAll(),
  );
  return { url: server.url, token, history };
}

describe.skipIf(!HAVE_CHROMIUM)("browser panel: restored sessions and chat names", () => {
  it("shows 'Allowed by you' on a restored tool card, and one name for a resumed chat (a fork says so)", async () => {
    const s = await start();
    const session = transcript("tool-allow").sessionId;
    const title = (await s.history.list({ includeArchived: true })).sessions.find((x) => x.id === session)!.title;
    const page = await (await chrome.browser.newContext({ viewport: { width: 1100, height: 760 } })).newPage();
    await page.goto(`${s.url}#token=${s.token}`);
    await connected(page);
    await page.getByRole("button", { name: "History" }).click();
    const entry = page.locator(`.session-entry[data-session="${session}"]`);
    await entry.click();
    const region = page.getByRole("region", { name: "History" });
    await region.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).first().waitFor();

    await page.getByRole("button", { name: "Resume session" }).click();
    await region.waitFor({ state: "hidden" });
    const heading = page.locator(".chat-heading");
    await expect.poll(() => heading.innerText()).toBe(title.length > 80 ? `${title.slice(0, 79)}…` : title);
    expect(await page.locator('.chat-entry[aria-current="page"] .chat-title').innerText()).toBe(await heading.innerText());

    await page.getByRole("button", { name: "History" }).click();
    await entry.click();
    await page.getByRole("button", { name: "Resume as fork" }).click();
    await region.waitFor({ state: "hidden" });
    await expect.poll(() => heading.innerText()).toMatch(/^Fork of /);
    expect(await page.locator('.chat-entry[aria-current="page"] .chat-title').innerText()).toBe(await heading.innerText());
    expect(await page.title()).toBe(`${await heading.innerText()} — Agent Panel`);
  });
});
