import { describe, expect, it } from "vitest";
import { scenario } from "../chat/fake-chat.js";
import { HAVE_CHROMIUM, openPanel, sendPrompt, startPanelServer, useChromium, type PanelServer } from "./browser-harness.js";
import { SLOW_CHUNKS, streamedTurn, withTurns } from "./scenarios.js";

// Small things a new user hits in the browser panel: a prompt sent during a turn is tagged
// "queued" only until its own turn starts, and "Always → Accept edits" on a Write card moves the
// composer's mode picker at once, before the tool has even finished.

let server: PanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

describe.skipIf(!HAVE_CHROMIUM)("browser panel: queued prompts and the mode picker", () => {
  it("tags a prompt sent during a turn as queued, and drops the tag once its turn starts", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_slow", [{ kind: "text", chunks: SLOW_CHUNKS }], 80), streamedTurn("msg_next", [{ kind: "text", chunks: ["Second answer."] }])]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Write slowly");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w2 " }).waitFor();
    await sendPrompt(page, "And then this");
    const second = page.locator(".item.user").filter({ hasText: "And then this" });
    await second.locator(".meta").filter({ hasText: "queued" }).waitFor();
    await page.locator(".item.assistant:not(.streaming)").filter({ hasText: "Second answer." }).waitFor({ timeout: 15_000 });
    expect(await second.locator(".meta").count()).toBe(0);
    expect(await page.locator(".item.user .meta").filter({ hasText: "queued" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("moves the mode picker to Accept edits as soon as that always-allow answer is given", async () => {
    // The tool's result comes 1.5 s after the answer, so "at once" can be told from "when it finished".
    const write = (scenario("tool") as { turns: Array<Array<Record<string, unknown>>> }).turns[1]!.flatMap((step) => ("awaitAnswer" in step ? [step, { wait: 1500 }] : [step]));
    server = await startPanelServer(withTurns([write]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Create the script");
    await page.getByRole("button", { name: "Always allow ▾" }).click();
    const picker = page.getByRole("combobox", { name: "Permission mode" });
    expect(await picker.inputValue()).toBe("default");
    await page.getByRole("menu", { name: "Always allow" }).getByRole("menuitem").filter({ hasText: "Accept edits" }).click();
    await expect.poll(() => picker.inputValue(), { timeout: 1200 }).toBe("acceptEdits");
    expect(await page.locator('.item.tool[data-status="ok"]').count()).toBe(0); // the tool is still running
    await page.locator('.item.tool[data-status="ok"]').waitFor({ timeout: 10_000 });
    expect(await picker.inputValue()).toBe("acceptEdits");
    expect(problems).toEqual([]);
  });
});
