import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { say, slow, useTool } from "../../../fixtures/fake-api/index.js";
import { connected, HAVE_CHROMIUM, sendPrompt, until, useChromium } from "./browser-harness.js";
import { openRealPanel, startRealPanelServer, textsSentToModel, type RealPanelServer } from "./browser-real-harness.js";

// Issue #33 (what a new user hits, round 2), in Chromium on the real claude with the fake model:
// 1. changing the model after a turn leaves the chat usable; 2. after a sidecar restart the chat
// on screen offers to resume its session and sending resumes it; 3. sending follows the bottom,
// and a "↓ New" pill appears while the user reads above; 4. file edits show as diffs.

const TIMEOUT = 90_000;

let server: RealPanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

const results = (page: Page) => page.getByRole("note", { name: "Turn result" });
const stateText = (page: Page) => page.locator(".st-state").innerText();
const LONG = Array.from({ length: 60 }, (_, i) => `Line ${i} of a long answer.`).join("\n\n");

/** Where the transcript is scrolled: at the bottom, and the box of `selector`'s last match relative to it. */
function scrollFacts(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const t = document.querySelector(".transcript")!;
    const box = t.getBoundingClientRect();
    const all = document.querySelectorAll(sel);
    const el = all.length > 0 ? all[all.length - 1]!.getBoundingClientRect() : undefined;
    return {
      atBottom: t.scrollHeight - t.scrollTop - t.clientHeight < 48,
      visible: el !== undefined && el.top < box.bottom && el.bottom > box.top,
      pill: (document.querySelector(".new-pill") as HTMLElement | null)?.hidden === false,
    };
  }, selector);
}

const scrollToTop = (page: Page) => page.evaluate(() => (document.querySelector(".transcript")!.scrollTop = 0));

describe.skipIf(!HAVE_CHROMIUM)("browser panel, new-user round 2 (real claude)", () => {
  it("1. changing the model after the first turn: back to Ready, the next prompt is not queued and is answered by the new model", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([
      { match: "hello", answers: [say("Hi! How can I help?")] },
      { match: "which model", answers: [say("Answered after the switch.")] },
    ]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "hello");
    await results(page).filter({ hasText: "Done" }).waitFor({ timeout: 30_000 });
    const picker = page.getByRole("combobox", { name: "Model" });
    await until(async () => (await picker.locator("option").count()) > 1, 10_000, "the model list");
    await picker.selectOption("sonnet");
    await until(() => server!.commands.some((c) => c.cmd === "chat.setModel"), 10_000, "chat.setModel");
    // Long enough for claude's echo of the switch to arrive and be (mis)handled.
    await page.waitForTimeout(1500);
    expect(await stateText(page)).toBe("Ready");
    await page.getByRole("button", { name: "Send (Enter)" }).waitFor({ timeout: 5000 });

    await sendPrompt(page, "which model now?");
    await page.getByText("Answered after the switch.").waitFor({ timeout: 30_000 });
    await until(async () => (await results(page).count()) === 2, 10_000, "the second turn's result");
    expect(await page.locator(".item.user .meta").filter({ hasText: "queued" }).count()).toBe(0);
    await until(async () => (await stateText(page)) === "Ready", 10_000, "Ready after the second turn");
    const asked = server.api.requests.filter((q) => q.kind === "turn").map((q) => [q.prompt, q.model]);
    expect(asked.at(-1)?.[1], JSON.stringify(asked)).toMatch(/sonnet/);
    expect(problems).toEqual([]);
  });

  it("2. after a sidecar restart the chat offers 'Resume this session', and sending there resumes it with its context", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([
      { match: "Remember the word", answers: [say("I will remember PINEAPPLE.")] },
      { match: "What was the word", answers: [say("The word was PINEAPPLE.")] },
      { match: "And again", answers: [say("Still PINEAPPLE.")] },
    ]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    const banner = page.getByRole("status", { name: "Chat ended" });
    await sendPrompt(page, "Remember the word PINEAPPLE.");
    await results(page).filter({ hasText: "Done" }).waitFor({ timeout: 30_000 });
    expect(await banner.isVisible()).toBe(false);

    await server.restart();
    await reconnected(page);
    await banner.waitFor({ timeout: 10_000 });
    expect(await page.locator(".chat-heading").innerText()).toBe("Remember the word PINEAPPLE.");
    // Sending there resumes the session: claude gets the earlier conversation with the prompt.
    await sendPrompt(page, "What was the word?");
    await page.getByText("The word was PINEAPPLE.").waitFor({ timeout: 30_000 });
    const asked = server.api.requests.find((q) => q.kind === "turn" && q.prompt === "What was the word?");
    expect(asked?.messages.flatMap((m) => m.blocks.map((b) => b.text ?? "")).join("\n")).toContain("Remember the word PINEAPPLE.");
    expect(await banner.isVisible()).toBe(false);
    expect(server.registry.size).toBe(1);

    // The button does the same without a message.
    await server.restart();
    await reconnected(page);
    await banner.getByRole("button", { name: "Resume this session" }).click();
    await banner.waitFor({ state: "hidden", timeout: 20_000 });
    await until(() => server!.registry.size === 1, 20_000, "the resumed chat");
    await until(async () => (await stateText(page)) === "Ready", 30_000, "the resumed chat to be ready");
    await sendPrompt(page, "And again?");
    await page.getByText("Still PINEAPPLE.").waitFor({ timeout: 30_000 });
    expect(textsSentToModel(server.api).filter((t) => t.includes("Remember the word PINEAPPLE.")).length).toBeGreaterThanOrEqual(3);
    expect(problems.filter((p) => !p.includes("WebSocket"))).toEqual([]);
  });

  it("3. sending follows the bottom even when the user scrolled up; a '↓ New' pill shows news below while reading above", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([
      { match: "Long answer", answers: [say(LONG)] },
      { match: "Run the build", answers: [useTool("Bash", { command: "touch built.txt", description: "build" }), say("The build finished.")] },
      { match: "Slow story", answers: [slow(Array.from({ length: 80 }, (_, i) => `s${i}`).join("\n\n"), { chunkSize: 8, chunkDelayMs: 150 })] },
    ]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "Long answer please");
    await results(page).filter({ hasText: "Done" }).waitFor({ timeout: 30_000 });
    await scrollToTop(page);
    expect((await scrollFacts(page, ".item.result")).atBottom).toBe(false);

    await sendPrompt(page, "Run the build");
    const card = page.getByRole("region", { name: "Permission request: Bash" });
    await card.waitFor({ timeout: 30_000 });
    await until(async () => (await scrollFacts(page, ".item.permission")).visible, 5000, "the permission card on screen");
    expect((await scrollFacts(page, ".item.user")).atBottom).toBe(true);
    await card.getByRole("button", { name: "Allow", exact: true }).click();
    await page.getByText("The build finished.").waitFor({ timeout: 30_000 });
    await until(async () => (await results(page).count()) === 2, 10_000, "the second result");

    await sendPrompt(page, "Slow story");
    await page.locator(".item.assistant.streaming").filter({ hasText: "s1" }).waitFor({ timeout: 30_000 });
    await scrollToTop(page);
    await until(async () => (await scrollFacts(page, ".item.assistant")).pill, 10_000, "the ↓ New pill");
    expect((await scrollFacts(page, ".item.assistant")).atBottom).toBe(false);
    await page.getByRole("button", { name: "Scroll to the newest message" }).click();
    const after = await scrollFacts(page, ".item.assistant");
    expect(after.atBottom).toBe(true);
    expect(after.pill).toBe(false);
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
  });

  it("4. Edit and Write show their change as a diff on the permission card and the tool card, not JSON with \\n", { timeout: TIMEOUT }, async () => {
    const script = (project: string) => join(project, "Assets", "Scripts", "Player.cs");
    const before = "public class Player {\n    float speed = 1f;\n    void Jump() {}\n}\n";
    server = await startRealPanelServer((sb) => [
      {
        match: "Make the player faster",
        answers: [useTool("Edit", { file_path: script(sb.project), old_string: "    float speed = 1f;\n", new_string: "    float speed = 5f;\n    float boost = 2f;\n" }), say("Faster now.")],
      },
      { match: "Add a notes file", answers: [useTool("Write", { file_path: join(sb.project, "Assets", "notes.txt"), content: "first note\nsecond note\n" }), say("Written.")] },
    ]);
    mkdirSync(dirname(script(server.sandbox.project)), { recursive: true });
    writeFileSync(script(server.sandbox.project), before);
    const { page, problems } = await openRealPanel(chrome.browser, server);

    await sendPrompt(page, "Make the player faster");
    const card = page.getByRole("region", { name: "Permission request: Edit" });
    await card.waitFor({ timeout: 30_000 });
    const diff = card.getByRole("group", { name: "Diff" });
    expect(await diff.locator(".diff-line.removed").allInnerTexts()).toEqual(["-    float speed = 1f;"]);
    expect(await diff.locator(".diff-line.added").allInnerTexts()).toEqual(["+    float speed = 5f;", "+    float boost = 2f;"]);
    expect(await card.innerText()).not.toContain("\\n");
    expect(await card.innerText()).not.toContain("old_string");
    await card.getByRole("button", { name: "Allow", exact: true }).click();
    await page.getByText("Faster now.").waitFor({ timeout: 30_000 });
    const tool = page.locator(".item.tool").filter({ hasText: "Edit" });
    await tool.locator("summary").click();
    expect(await tool.getByRole("group", { name: "Diff" }).locator(".diff-line.added").count()).toBe(2);

    await sendPrompt(page, "Add a notes file");
    const write = page.getByRole("region", { name: "Permission request: Write" });
    await write.waitFor({ timeout: 30_000 });
    expect(await write.getByRole("group", { name: "Diff" }).locator(".diff-line").allInnerTexts()).toEqual(["+first note", "+second note"]);
    await write.getByRole("button", { name: "Allow", exact: true }).click();
    await page.getByText("Written.").waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
  });
});

/** Wait until the page noticed the restart and is connected to the new sidecar. */
async function reconnected(page: Page): Promise<void> {
  await page
    .getByRole("status", { name: "Connection" })
    .filter({ hasNotText: /^Connected$/ })
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const retry = page.getByRole("button", { name: "Reconnect now" });
  if (await retry.isVisible()) await retry.click().catch(() => undefined);
  await connected(page);
}
