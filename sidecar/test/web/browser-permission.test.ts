import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { HAVE_CHROMIUM, openPanel, sendPrompt, startPanelServer, until, useChromium, type PanelServer } from "./browser-harness.js";
import { questionTurn, SLOW_CHUNKS, streamedTurn, toolScenario, withTurns } from "./scenarios.js";

// Permission cards and interrupts in the browser, end to end on the fake claude playing the
// recorded Bash prompt: Allow, Deny with a message, the Y key, Always allow ▾ with the offered
// rule, and Esc / Stop while a reply streams. What the fake receives on stdin is checked too.

let server: PanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

/** The fake's stdin answer to the pending can_use_tool request. */
function permissionAnswer(s: PanelServer): any {
  return s.stdin().find((l) => l.type === "control_response" && l.response?.response?.behavior !== undefined)?.response.response;
}

async function promptForBash(page: Page): Promise<void> {
  await sendPrompt(page, "Run the script");
  await page.getByRole("region", { name: "Permission request: Bash" }).waitFor();
  await page.getByRole("img", { name: "Waiting for approval" }).waitFor();
}

describe.skipIf(!HAVE_CHROMIUM)("browser panel: permissions and interrupts", () => {
  it("approves a tool on the card; the tool runs and the turn finishes", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    await promptForBash(page);
    const card = page.getByRole("region", { name: "Permission request: Bash" });
    expect(await card.innerText()).toContain("echo hello-from-bash");
    await card.getByRole("button", { name: "Allow", exact: true }).click();

    // Once answered, the request folds into the tool's card: one card, saying who allowed it.
    const tool = page.locator(".item.tool").filter({ hasText: "echo hello-from-bash" });
    await tool.locator(".tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    await card.waitFor({ state: "detached" });
    await page.getByRole("img", { name: "Succeeded" }).waitFor();
    await page.getByText("The command ran.").waitFor();
    expect(permissionAnswer(server)).toMatchObject({ behavior: "allow", updatedInput: { command: "echo hello-from-bash > bash-out.txt && cat bash-out.txt" } });
    // The tool card expands to show input and result.
    await page.locator(".item.tool summary").click();
    await page.locator(".item.tool pre").filter({ hasText: "hello-from-bash" }).first().waitFor();
    expect(problems).toEqual([]);
  });

  it("denies with a message that reaches Claude", async () => {
    server = await startPanelServer(toolScenario());
    const { page, problems } = await openPanel(chrome.browser, server);
    await promptForBash(page);
    const card = page.getByRole("region", { name: "Permission request: Bash" });
    await card.getByRole("textbox", { name: "Deny message" }).fill("Use git status instead");
    await card.getByRole("button", { name: "Deny", exact: true }).click();

    await page.locator(".item.tool .tool-permission").filter({ hasText: "Denied by you" }).waitFor();
    expect(await page.getByRole("region", { name: "Permission request: Bash" }).count()).toBe(0);
    await page.getByRole("img", { name: "Failed" }).waitFor();
    expect(permissionAnswer(server)).toEqual({ behavior: "deny", message: "Use git status instead" });
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("Y allows the pending card and N focuses its deny message; letters typed in the composer stay text", async () => {
    server = await startPanelServer(toolScenario());
    const { page } = await openPanel(chrome.browser, server);
    await promptForBash(page);
    // The new card took the focus from the empty composer, so the keys work at once.
    await until(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label") === "Permission request: Bash"), 3000, "the card to take the focus");
    await page.keyboard.press("n");
    const deny = page.getByRole("textbox", { name: "Deny message" });
    expect(await deny.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole("textbox", { name: "Message", exact: true }).pressSequentially("ny");
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe("ny");
    expect(permissionAnswer(server)).toBeUndefined();
    await page.locator(".transcript").focus();
    await page.keyboard.press("y");
    await page.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    expect(permissionAnswer(server)).toMatchObject({ behavior: "allow" });
  });

  it("lists the offered rules under Always allow ▾ and sends the chosen one", async () => {
    server = await startPanelServer(toolScenario());
    const { page } = await openPanel(chrome.browser, server);
    await promptForBash(page);
    await page.getByRole("button", { name: "Always allow ▾" }).click();
    const items = page.getByRole("menu", { name: "Always allow" }).getByRole("menuitem");
    expect(await items.allInnerTexts()).toEqual(["Always allow Bash(echo hello-from-bash *) in this project (local settings)", expect.stringContaining("Allow access to"), "All of the above"]);
    await items.first().click();
    await page.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    await page.locator(".item.tool summary").click();
    await page.locator(".item.tool .tool-permission-line").filter({ hasText: "Allowed by you — always, from now on" }).waitFor();
    const answer = permissionAnswer(server);
    expect(answer.updatedPermissions).toEqual([{ type: "addRules", rules: [{ toolName: "Bash", ruleContent: "echo hello-from-bash *" }], behavior: "allow", destination: "localSettings" }]);
  });

  it("answers AskUserQuestion with one click on an option", async () => {
    server = await startPanelServer(withTurns([questionTurn()]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Pick a color for me");
    const card = page.getByRole("region", { name: "Permission request: AskUserQuestion" });
    await card.getByText("Which color should the player be?").waitFor();
    await card.getByRole("group", { name: "Color" }).getByRole("button", { name: "Blue" }).click();
    await page.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    expect(await card.count()).toBe(0);
    expect(permissionAnswer(server)).toMatchObject({ behavior: "allow", updatedInput: { answers: { "Which color should the player be?": "Blue" } } });
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("Esc interrupts a streaming reply; the turn ends as interrupted and Send comes back", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_slow", [{ kind: "text", chunks: SLOW_CHUNKS }], 80)]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Talk slowly");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w2 " }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("note", { name: "Turn result" }).filter({ hasText: "Interrupted" }).waitFor();
    await page.getByRole("button", { name: "Send (Enter)" }).waitFor();
    await until(() => server!.stdin().some((l) => l.type === "control_request" && l.request?.subtype === "interrupt"), 3000, "the interrupt on stdin");
    expect((await page.locator(".item.assistant").last().innerText()).length).toBeLessThan(SLOW_CHUNKS.join("").length);
    expect(problems).toEqual([]);
  });

  it("the Stop button interrupts too", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_slow", [{ kind: "text", chunks: SLOW_CHUNKS }], 80)]));
    const { page } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Talk slowly");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w1 " }).waitFor();
    await page.getByRole("button", { name: "Stop (Esc)" }).click();
    await page.getByRole("note", { name: "Turn result" }).filter({ hasText: "Interrupted" }).waitFor();
  });
});
