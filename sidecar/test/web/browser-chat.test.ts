import { describe, expect, it } from "vitest";
import { connected, HAVE_CHROMIUM, lastAssistantText, openPanel, sendPrompt, startPanelServer, until, useChromium, type PanelServer } from "./browser-harness.js";
import { MARKDOWN_CHUNKS, SLOW_CHUNKS, streamedTurn, withTurns } from "./scenarios.js";

// The browser panel end to end (headless Chromium → real server → router → chat → fake claude):
// a reply streams in and ends as rendered markdown, the page survives a dropped socket mid-turn
// without losing or repeating anything, and a reload rebuilds the same transcript from a snapshot.

let server: PanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

describe.skipIf(!HAVE_CHROMIUM)("browser panel: chat", () => {
  it("sends a message with Enter and shows the reply streaming, then as rendered markdown", async () => {
    server = await startPanelServer(
      withTurns([
        streamedTurn(
          "msg_md",
          [
            { kind: "thinking", chunks: ["Look at ", "the script."] },
            { kind: "text", chunks: MARKDOWN_CHUNKS },
          ],
          120,
        ),
      ]),
    );
    const { page, problems } = await openPanel(chrome.browser, server);
    expect(page.url()).not.toContain("token"); // scrubbed from the address bar

    // Mid-stream (a partial, plain-text reply with the Stop button showing) lasts under a second: record it from inside the
    // page as it happens, so a slow test runner cannot miss it.
    await page.evaluate(() => {
      const seen: { partial?: string; stop?: boolean } = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        const md = [...document.querySelectorAll(".item.assistant.streaming .md.plain")].find((e) => e.textContent?.includes("PlayerController"));
        if (md && seen.partial === undefined) seen.partial = md.textContent ?? "";
        if (document.querySelector('button[aria-label="Stop (Esc)"]')) seen.stop = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await sendPrompt(page, "How does the player move?");
    await page.locator(".item.user").getByText("How does the player move?").waitFor();

    // Final: the sanitized html from the sidecar, thinking collapsed, a turn result, Send again.
    await page.locator(".item.assistant:not(.streaming) .md strong").filter({ hasText: "PlayerController" }).waitFor();
    expect(await page.locator(".item.assistant .md code").allInnerTexts()).toEqual(["Rigidbody.AddForce", "isGrounded"]);
    const thinking = page.locator(".item.assistant details.thinking");
    expect(await thinking.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.getByRole("note", { name: "Turn result" }).filter({ hasText: "Done" }).waitFor();
    await page.getByRole("button", { name: "Send (Enter)" }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { seen: { partial?: string; stop?: boolean } }).seen);
    expect(seen.stop).toBe(true);
    expect(seen.partial).toContain("PlayerController");
    expect(seen.partial!.length).toBeLessThan(MARKDOWN_CHUNKS.join("").length);
    expect(await page.locator(".st-state").innerText()).toBe("Ready");
    expect(await page.locator(".st-cost").innerText()).toMatch(/^\$0\.\d{4}$/);
    expect(await page.getByRole("meter", { name: "Context used" }).isVisible()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Model" }).inputValue()).toBe("claude-opus-5-5");
    // Shift+Enter adds a line instead of sending.
    const box = page.getByRole("textbox", { name: "Message", exact: true });
    await box.fill("line one");
    await box.press("Shift+Enter");
    await box.pressSequentially("line two");
    expect(await box.inputValue()).toBe("line one\nline two");
    expect(await page.locator(".item.user").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("reconnects after the socket drops mid-turn and shows the whole reply exactly once", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_slow", [{ kind: "text", chunks: SLOW_CHUNKS }], 80)]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Write slowly");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w3 " }).waitFor();

    const before = server.links.length;
    for (const link of server.links) link.close(1012, "test: drop the connection");
    await page
      .getByRole("status", { name: "Connection" })
      .filter({ hasNotText: /^Connected$/ })
      .waitFor();
    await until(() => server!.links.length > before, 10_000, "the page to reconnect");
    await connected(page);
    const resubscribe = server.commands.filter((c) => c.cmd === "subscribe").at(-1);
    expect(resubscribe.afterSeq).toBeGreaterThan(0); // asks only for what it missed

    await page.locator(".item.assistant:not(.streaming)").waitFor({ timeout: 10_000 });
    expect((await lastAssistantText(page)).trim()).toBe(SLOW_CHUNKS.join("").trim());
    expect(await page.locator(".item.assistant").count()).toBe(1);
    expect(await page.locator(".item.user").count()).toBe(1);
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(problems.filter((p) => !p.includes("WebSocket"))).toEqual([]);
  });

  it("rebuilds the same transcript from a snapshot after a reload (token kept for the tab)", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_a", [{ kind: "text", chunks: MARKDOWN_CHUNKS }])]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "First question <b>not bold</b> <img src=x>");
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    // Text is text: markup the user typed is shown, not interpreted.
    expect(await page.locator(".item.user").innerText()).toBe("First question <b>not bold</b> <img src=x>");
    expect(await page.locator(".item.user b, .item.user img").count()).toBe(0);
    const items = page.locator(".items");
    const html = await items.innerHTML();

    await page.reload();
    await connected(page);
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(await items.innerHTML()).toBe(html);
    expect(await page.locator(".chat-list [aria-current=page]").innerText()).toContain("First question");
    expect(problems).toEqual([]);
  });

  it("opens a second chat with New chat and switches between chats", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_b", [{ kind: "text", chunks: ["Hi!"] }])]));
    const { page } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "Chat one");
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    await page.getByRole("button", { name: "New chat" }).click();
    await until(async () => (await page.locator(".chat-list .chat-entry").count()) === 2, 5000, "two chats");
    expect(await page.locator(".item").count()).toBe(0);
    await page.locator(".chat-entry").filter({ hasText: "Chat one" }).click();
    await page.locator(".item.user").getByText("Chat one").waitFor();
  });

  it("resumes a session by id from the sidebar", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_r", [{ kind: "text", chunks: ["Welcome back."] }])]));
    const { page, problems } = await openPanel(chrome.browser, server);
    const id = "0f0e0d0c-0b0a-4909-8807-060504030201";
    await page.getByRole("textbox", { name: "Session id to resume" }).fill(id);
    await page.getByRole("button", { name: "Resume" }).click();
    await page.locator(".session-id").filter({ hasText: id }).waitFor();
    expect(server.commands.find((c) => c.cmd === "chat.open")).toMatchObject({ resume: id });
    await sendPrompt(page, "Where were we?");
    await page.getByText("Welcome back.").waitFor();
    expect(problems).toEqual([]);
  });

  it("changes model and permission mode with the pickers (fed by the init event)", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_p", [{ kind: "text", chunks: ["ok"] }])]));
    const { page, problems } = await openPanel(chrome.browser, server);
    await sendPrompt(page, "hello");
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    const model = page.getByRole("combobox", { name: "Model" });
    const options = await model.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(options).toEqual(expect.arrayContaining(["default", "sonnet", "haiku"]));
    await model.selectOption("sonnet");
    await until(async () => (await page.locator(".st-model").innerText()) === "sonnet", 5000, "the model to change");
    expect(server.commands.find((c) => c.cmd === "chat.setModel")).toMatchObject({ model: "sonnet" });
    const mode = page.getByRole("combobox", { name: "Permission mode" });
    await mode.selectOption("plan");
    await until(() => server!.commands.some((c) => c.cmd === "chat.setPermissionMode" && c.mode === "plan"), 5000, "setPermissionMode");
    await until(async () => (await mode.inputValue()) === "plan", 5000, "the mode to stick");
    expect(problems).toEqual([]);
  });

  it("never sends on the Enter that confirms an IME composition", async () => {
    server = await startPanelServer(withTurns([streamedTurn("msg_i", [{ kind: "text", chunks: ["ok"] }])]));
    const { page } = await openPanel(chrome.browser, server);
    const box = page.getByRole("textbox", { name: "Message", exact: true });
    await box.fill("にほんご");
    await box.evaluate((el) => {
      el.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true }));
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", isComposing: true, bubbles: true, cancelable: true }));
      el.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true }));
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", keyCode: 229, bubbles: true, cancelable: true }));
    });
    await page.waitForTimeout(200);
    expect(await box.inputValue()).toBe("にほんご");
    expect(server.commands.some((c) => c.cmd === "chat.send")).toBe(false);
    await box.press("Enter");
    await page.locator(".item.user").getByText("にほんご").waitFor();
  });
});
