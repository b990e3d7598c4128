import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HAVE_CHROMIUM, connected, openPanel, sendPrompt, startPanelServer, until, useChromium, type PanelServer } from "./browser-harness.js";
import { toolScenario } from "./scenarios.js";

// The browser panel's Settings view (defaults of new chats, send key, tools, the bypass opt-in),
// kept across a reload and sent with chat.open; and the panel at 420 px wide: no sideways
// scrolling, the chat list in a drawer, the composer, Send and the permission card usable.

let server: PanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

const opens = (s: PanelServer): any[] => s.commands.filter((c) => c.cmd === "chat.open");

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Settings" }).click();
  const view = page.getByRole("region", { name: "Settings" });
  await view.waitFor();
  return view;
}

/**
 * The element's box comes to lie inside the viewport (fully on screen) once transitions end: the
 * drawer slides in over 150 ms, longer on a busy machine, so the box is polled for a while.
 */
async function onScreen(page: Page, el: Locator): Promise<void> {
  const size = page.viewportSize()!;
  const inside = async (): Promise<string> => {
    const box = await el.boundingBox();
    if (box === null) return "no box";
    const fits = box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
    return fits ? "on screen" : `at ${box.x},${box.y} size ${box.width}x${box.height} in ${size.width}x${size.height}`;
  };
  await expect.poll(inside, { timeout: 3000, interval: 50 }).toBe("on screen");
}

describe.skipIf(!HAVE_CHROMIUM)("browser panel: settings and narrow windows", () => {
  it("keeps settings across a reload and opens the next chat with them", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    let view = await openSettings(page);
    const mode = view.getByLabel("Permission mode");
    expect(await mode.locator("option").allTextContents()).not.toContain("Bypass permissions");
    // Before any chat started, the model picker offers the aliases every claude accepts.
    expect(await view.getByLabel("Default model").locator("option").allTextContents()).toEqual(["Claude Code's default", "Opus", "Sonnet", "Haiku"]);
    await view.getByLabel("Default model").selectOption("sonnet");
    await mode.selectOption("acceptEdits");
    await view.getByLabel("Allowed tools", { exact: true }).fill("Read, Bash(git diff:*)");
    await view.getByLabel("Disallowed tools", { exact: true }).fill("WebFetch");
    await view.getByLabel("Send key").selectOption("ctrlEnter");
    await view.getByLabel("Run read-only Unity tools without asking").uncheck();
    // A rule the CLI would not take is refused with what to do; nothing is saved.
    await view.getByLabel("Disallowed tools", { exact: true }).fill("WebFetch\nnot a rule!");
    await view.getByRole("button", { name: "Save" }).click();
    await view.getByRole("alert").filter({ hasText: 'Disallowed tool "not a rule!" is not a tool rule' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("agent-panel.settings"))).toBeNull();
    await view.getByLabel("Disallowed tools", { exact: true }).fill("WebFetch");
    await view.getByRole("button", { name: "Save" }).click();
    await view.getByRole("status").filter({ hasText: "Saved" }).waitFor();

    await page.reload();
    await connected(page);
    view = await openSettings(page);
    expect(await view.getByLabel("Default model").inputValue()).toBe("sonnet");
    expect(await view.getByLabel("Permission mode").inputValue()).toBe("acceptEdits");
    expect(await view.getByLabel("Allowed tools", { exact: true }).inputValue()).toBe("Read\nBash(git diff:*)");
    expect(await view.getByLabel("Disallowed tools", { exact: true }).inputValue()).toBe("WebFetch");
    expect(await view.getByLabel("Send key").inputValue()).toBe("ctrlEnter");
    expect(await view.getByLabel("Run read-only Unity tools without asking").isChecked()).toBe(false);

    await page.getByRole("button", { name: "New chat" }).click();
    await until(() => opens(server!).length > 0, 5000, "chat.open");
    expect(opens(server)[0]).toMatchObject({ model: "sonnet", permissionMode: "acceptEdits", allowedTools: ["Read", "Bash(git diff:*)"], disallowedTools: ["WebFetch"], preAllowReadOnlyTools: false });
    expect(opens(server)[0]).not.toHaveProperty("allowBypassPermissions");

    // The Ctrl+Enter send key: the empty chat says so, Enter adds a line, Ctrl+Enter sends.
    await page.getByText("Type below and press Ctrl+Enter.").waitFor();
    const box = page.getByRole("textbox", { name: "Message", exact: true });
    await box.fill("first line");
    await box.press("Enter");
    expect(await box.inputValue()).toBe("first line\n");
    expect(server.commands.some((c) => c.cmd === "chat.send")).toBe(false);
    await box.press("Control+Enter");
    await until(() => server!.commands.find((c) => c.cmd === "chat.send"), 5000, "chat.send");
    expect(server.commands.find((c) => c.cmd === "chat.send")).toMatchObject({ text: "first line\n" });
    expect(problems).toEqual([]);
  });

  it("offers the composer's model choices as the default model, and opens the next chat with the one picked", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    await page.getByRole("button", { name: "New chat" }).click();
    const picker = page.getByRole("combobox", { name: "Model" });
    await expect.poll(() => picker.isEnabled(), { timeout: 10_000 }).toBe(true);
    const composerLabels = await picker.locator("option").allTextContents();
    expect(composerLabels.length).toBeGreaterThan(1);
    const view = await openSettings(page);
    const model = view.getByLabel("Default model");
    expect(await model.locator("option").allTextContents()).toEqual(composerLabels);
    expect(await model.inputValue()).toBe(""); // the CLI's default: no --model
    await model.selectOption({ label: "Haiku" });
    await view.getByRole("button", { name: "Save" }).click();
    await view.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await page.getByRole("button", { name: "New chat" }).click();
    await until(() => opens(server!).length > 1, 5000, "the second chat.open");
    expect(opens(server)[1]).toMatchObject({ model: "haiku" });
    expect(problems).toEqual([]);
  });

  it("offers bypass permissions only after the explicit opt-in, and then opens chats allowing it", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "hello");
    await until(() => opens(server!).length > 0, 5000, "chat.open");
    const picker = page.getByRole("combobox", { name: "Permission mode" });
    await until(async () => (await picker.isEnabled()) || undefined, 10_000, "the mode picker");
    expect(await picker.locator("option").allTextContents()).not.toContain("Bypass permissions");
    expect(opens(server)[0]).not.toHaveProperty("allowBypassPermissions");

    const view = await openSettings(page);
    await view.getByLabel("Allow bypass permissions").check();
    await view.getByLabel("Permission mode").selectOption("bypassPermissions");
    await view.getByRole("button", { name: "Save" }).click();
    await view.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await page.getByRole("button", { name: "New chat" }).click();
    await until(() => opens(server!).length > 1, 5000, "a second chat.open");
    expect(opens(server)[1]).toMatchObject({ permissionMode: "bypassPermissions", allowBypassPermissions: true });
    expect(await page.getByRole("combobox", { name: "Permission mode" }).locator("option").allTextContents()).toContain("Bypass permissions");
    expect(problems).toEqual([]);
  });

  it("stays usable at 420 px: no sideways scroll, a chats drawer, the composer and the permission card on screen", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    await page.setViewportSize({ width: 420, height: 800 });
    const noOverflow = async (): Promise<void> => expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(420);

    // The chat list is a drawer: closed, it covers nothing; open, it lists the chats and closes again.
    await until(async () => !(await page.getByRole("navigation", { name: "Chats" }).isVisible()) || undefined, 3000, "the drawer to be closed");
    await page.getByRole("button", { name: "☰ Chats" }).click();
    await page.getByRole("button", { name: "New chat" }).waitFor();
    await onScreen(page, page.getByRole("button", { name: "New chat" }));
    await page.keyboard.press("Escape");
    await until(async () => !(await page.getByRole("navigation", { name: "Chats" }).isVisible()) || undefined, 3000, "the drawer to close");
    await noOverflow();

    await sendPrompt(page, "Run the script");
    const card = page.getByRole("region", { name: "Permission request: Bash" });
    await card.waitFor();
    await page.waitForTimeout(300); // layout and scrolling settle
    await noOverflow();
    await onScreen(page, card);
    await onScreen(page, page.getByRole("textbox", { name: "Message", exact: true }));
    const send = page.getByRole("button", { name: "Stop (Esc)" });
    await onScreen(page, send);
    await send.click({ trial: true });
    for (const name of ["Allow", "Always allow ▾", "Deny", "Deny and stop"]) {
      const button = card.getByRole("button", { name, exact: true });
      await onScreen(page, button);
      await button.click({ trial: true }); // visible, enabled and not covered by anything
    }
    await card.getByRole("textbox", { name: "Deny message" }).click({ trial: true });
    await card.getByRole("button", { name: "Allow", exact: true }).click();
    await page.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    await noOverflow();
    const idleSend = page.getByRole("button", { name: "Send (Enter)" });
    await onScreen(page, idleSend);
    await idleSend.click({ trial: true });

    // Settings fit too.
    await openSettings(page);
    await noOverflow();
    const save = page.getByRole("button", { name: "Save" });
    await save.scrollIntoViewIfNeeded();
    await onScreen(page, save);
    await save.click({ trial: true });
    expect(problems).toEqual([]);
  });
});
