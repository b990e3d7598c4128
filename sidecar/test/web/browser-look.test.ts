import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_CHROMIUM, launchBrowser, openPanel, sendPrompt, startPanelServer, type PanelServer } from "./browser-harness.js";
import { bashTurn, MARKDOWN_CHUNKS, streamedTurn, withTurns } from "./scenarios.js";

// The panel mid-conversation (a rendered reply, then a pending Bash permission card) in light
// and dark themes and in a narrow window: nothing overflows sideways, the composer and status bar stay on screen, and
// the two themes really differ. Screenshots go to .tmp/ (git-ignored) for people to look at.

const OUT = join(import.meta.dirname, "../../../.tmp");

let browser: Browser;
let server: PanelServer;

beforeAll(async () => {
  if (!HAVE_CHROMIUM) return;
  browser = await launchBrowser();
  server = await startPanelServer(
    withTurns([
      streamedTurn("msg_look", [
        { kind: "thinking", chunks: ["The user asks about movement."] },
        { kind: "text", chunks: MARKDOWN_CHUNKS },
      ]),
      bashTurn(),
    ]),
  );
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
});

describe.skipIf(!HAVE_CHROMIUM)("browser panel: look", () => {
  it("lays out a conversation with a pending permission in light and dark themes", async () => {
    mkdirSync(OUT, { recursive: true });
    const { page, problems } = await openPanel(browser, server);
    await sendPrompt(page, "How does the player move?");
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    await sendPrompt(page, "Run the build script");
    await page.getByRole("region", { name: "Permission request: Bash" }).waitFor();
    await page.waitForTimeout(300); // let the spinner and layout settle

    const layout = await page.evaluate(() => {
      const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
      return { overflowX: document.documentElement.scrollWidth > window.innerWidth, composerBottom: rect(".composer").bottom, statusBottom: rect(".statusbar").bottom, height: window.innerHeight };
    });
    expect(layout.overflowX).toBe(false);
    expect(layout.statusBottom).toBeLessThanOrEqual(layout.height);
    expect(layout.composerBottom).toBeLessThan(layout.statusBottom);
    await page.screenshot({ path: join(OUT, "panel-light.png") });
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: join(OUT, "panel-dark.png") });
    const darkBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(darkBg).not.toBe(lightBg);

    // A narrow window puts the chat list in a drawer, still without sideways scrolling.
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 520, height: 800 });
    await page.getByRole("button", { name: "Always allow ▾" }).click();
    await page.getByRole("menu", { name: "Always allow" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.screenshot({ path: join(OUT, "panel-narrow.png") });
    expect(problems).toEqual([]);
  });
});
