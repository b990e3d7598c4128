import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { say, slow, useTool } from "../../../fixtures/fake-api/index.js";
import { connected, HAVE_CHROMIUM, lastAssistantText, sendPrompt, until, useChromium } from "./browser-harness.js";
import { openRealPanel, startRealPanelServer, textsSentToModel, type RealPanelServer } from "./browser-real-harness.js";

// The whole pipeline a user sees, with nothing faked but the model: headless Chromium → the
// sidecar's server and router → the REAL claude binary → the fake Messages API. Streaming and
// the rendered final, a Write approved on the card (the file appears), a Bash denied with a
// message (the model gets it), Esc and Stop while an answer streams, and a dropped socket.

const TIMEOUT = 60_000;

const MARKDOWN = [
  "The **PlayerController** in `Assets/Scripts/Player.cs` moves the player:\n\n",
  "- `Rigidbody.AddForce` for walking\n",
  "- a jump while `isGrounded`\n\n",
  "```csharp\nrb.AddForce(input * speed);\n```\n",
].join("");
const STORY = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");

let server: RealPanelServer | undefined;
const chrome = useChromium(async () => {
  await server?.close();
  server = undefined;
});

const streamingText = (page: Page) =>
  page
    .locator(".item.assistant.streaming .md.plain")
    .last()
    .innerText()
    .catch(() => "");

describe.skipIf(!HAVE_CHROMIUM)("browser panel on the real claude binary", () => {
  it("streams a reply that grows, then shows it as rendered markdown", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([{ match: "How does the player move", answers: [say(MARKDOWN, { chunkSize: 6, chunkDelayMs: 60 })] }]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "How does the player move?");
    await page.locator(".item.user").getByText("How does the player move?").waitFor();

    const first = await until(async () => (await streamingText(page)).length > 0 && (await streamingText(page)), 20_000, "the reply to start streaming");
    // Text and Stop button read in one go inside the page, while the reply still streams (a slow runner cannot race them).
    const later = await until(
      async () => {
        const snap = await page.evaluate(() => {
          const all = document.querySelectorAll(".item.assistant.streaming .md.plain");
          const text = all.length > 0 ? (all[all.length - 1]!.textContent ?? "") : "";
          return { text, stop: document.querySelector('button[aria-label="Stop (Esc)"]') !== null };
        });
        return snap.text.length > first.length && snap;
      },
      10_000,
      "the streamed text to grow",
    );
    expect(later.text.startsWith(first.trimEnd())).toBe(true);
    expect(later.text.length).toBeLessThan(MARKDOWN.length);
    expect(later.stop).toBe(true);

    // The final: the sidecar's sanitized html replaces the plain streamed text.
    await page.locator(".item.assistant:not(.streaming) .md strong").filter({ hasText: "PlayerController" }).waitFor({ timeout: 20_000 });
    expect(await page.locator(".item.assistant .md li").allInnerTexts()).toEqual(["Rigidbody.AddForce for walking", "a jump while isGrounded"]);
    expect(await page.locator(".item.assistant .md pre code").innerText()).toContain("rb.AddForce(input * speed);");
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    await page.getByRole("button", { name: "Send (Enter)" }).waitFor();
    expect(await page.locator(".item.assistant").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("approves a Write on the permission card and the file appears in the project", { timeout: TIMEOUT }, async () => {
    const target = (project: string) => join(project, "Assets", "Scripts", "Hello.cs");
    const content = "public class Hello {}\n";
    server = await startRealPanelServer((sb) => [{ match: "Create the hello script", answers: [useTool("Write", { file_path: target(sb.project), content }), say("Created Hello.cs.")] }]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "Create the hello script");
    const card = page.getByRole("region", { name: "Permission request: Write" });
    await card.waitFor({ timeout: 20_000 });
    // The path shows once (the summary names it; no second "Path:" line).
    const cardText = await card.innerText();
    expect(cardText.split("Hello.cs").length - 1, cardText).toBe(1);
    await card.getByRole("button", { name: "Allow", exact: true }).click();

    await page.locator(".item.tool .tool-permission").filter({ hasText: "Allowed by you" }).waitFor();
    await card.waitFor({ state: "detached" });
    await page.getByText("Created Hello.cs.").waitFor({ timeout: 20_000 });
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(readFileSync(target(server.sandbox.project), "utf8")).toBe(content);
    expect(problems).toEqual([]);
  });

  it("denies a Bash command with a message, and the model's next request carries it", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([{ match: "Clean up", answers: [useTool("Bash", { command: "rm -rf Library", description: "clean" }), say("Understood, I will not delete it.")] }]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "Clean up the project");
    const card = page.getByRole("region", { name: "Permission request: Bash" });
    await card.waitFor({ timeout: 20_000 });
    await card.getByRole("textbox", { name: "Deny message" }).fill("Never delete the Library folder.");
    await card.getByRole("button", { name: "Deny", exact: true }).click();

    await page.locator(".item.tool .tool-permission").filter({ hasText: "Denied by you" }).waitFor();
    await page.getByText("Understood, I will not delete it.").waitFor({ timeout: 20_000 });
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    const followUp = server.api.requests.find((q) => q.kind === "turn" && q.prompt === "Clean up the project" && q.step === 1);
    expect(followUp?.messages.at(-1)?.blocks.some((b) => b.type === "tool_result" && b.isError === true && b.text?.includes("Never delete the Library folder."))).toBe(true);
    expect(textsSentToModel(server.api).some((t) => t.includes("Never delete the Library folder."))).toBe(true);
    expect(problems).toEqual([]);
  });

  it("Esc, then the Stop button, interrupt a slowly streaming answer; the chat stays usable", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([
      { match: "Tell me a long story", answers: [slow(STORY, { chunkSize: 6, chunkDelayMs: 150 })] },
      { match: "Short one", answers: [say("The end.")] },
    ]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    const results = page.getByRole("note", { name: "Turn result" });

    await sendPrompt(page, "Tell me a long story");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w1 " }).waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");
    await results.filter({ hasText: "Interrupted" }).waitFor({ timeout: 15_000 });
    // The tokens the API counted, not "0 in · 0 out"; the context meter keeps a figure.
    expect(await results.filter({ hasText: "Interrupted" }).innerText()).not.toMatch(/\b0 in · 0 out/);
    expect(await page.getByRole("meter", { name: "Context used" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Send (Enter)" }).waitFor();
    expect((await lastAssistantText(page)).length).toBeLessThan(STORY.length);
    // The CLI dropped the model's stream rather than reading it to the end.
    await server.api.waitFor((q) => q.answerKind === "slow" && q.outcome === "client_closed", 10_000);

    await sendPrompt(page, "Tell me a long story again");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w1 " }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Stop (Esc)" }).click();
    await until(async () => (await results.filter({ hasText: "Interrupted" }).count()) === 2, 15_000, "the second interrupted result");

    await sendPrompt(page, "Short one");
    await page.getByText("The end.").waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
  });

  it("not logged in: one notice with the steps in plain words; no reply card, footer or cost", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([{ match: "hello", answers: [say("should never be asked")] }], { apiKey: null });
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "hello");
    const notice = page.getByRole("alert").and(page.locator('.item.notice[data-code="not_logged_in"]'));
    await notice.waitFor({ timeout: 20_000 });
    const text = await notice.innerText();
    expect(text).toMatch(/^Claude Code is not logged in\. Run claude in a terminal and log in/);
    expect(text).not.toContain("`");
    await until(async () => (await page.locator(".st-state").innerText()) === "Sign-in required", 10_000, "the sign-in state");
    expect(await page.locator(".item.notice").count()).toBe(1);
    expect(await page.locator(".item.assistant").count()).toBe(0);
    expect(await page.getByRole("note", { name: "Turn result" }).count()).toBe(0);
    const transcript = await page.locator(".item").allInnerTexts();
    expect(transcript.join("\n")).not.toMatch(/Interrupted|authentication_failed|Failed/);
    expect(await page.locator(".st-cost").innerText()).toBe("");
    expect(problems).toEqual([]);
  });

  it("reconnects after the server drops the socket mid-turn and shows the whole answer exactly once", { timeout: TIMEOUT }, async () => {
    server = await startRealPanelServer([{ match: "Write slowly", answers: [slow(STORY, { chunkSize: 6, chunkDelayMs: 120 })] }]);
    const { page, problems } = await openRealPanel(chrome.browser, server);
    await sendPrompt(page, "Write slowly");
    await page.locator(".item.assistant.streaming").filter({ hasText: "w3 " }).waitFor({ timeout: 20_000 });

    const before = server.links.length;
    for (const link of server.links) link.close(1012, "test: drop the connection");
    await page
      .getByRole("status", { name: "Connection" })
      .filter({ hasNotText: /^Connected$/ })
      .waitFor();
    await until(() => server!.links.length > before, 10_000, "the page to reconnect");
    await connected(page);
    expect(server.commands.filter((c) => c.cmd === "subscribe").at(-1).afterSeq).toBeGreaterThan(0);

    await page.locator(".item.assistant:not(.streaming)").waitFor({ timeout: 20_000 });
    expect((await lastAssistantText(page)).trim()).toBe(STORY);
    expect(await page.locator(".item.assistant").count()).toBe(1);
    expect(await page.locator(".item.user").count()).toBe(1);
    await page.getByRole("note", { name: "Turn result" }).waitFor();
    expect(server.api.requests.filter((q) => q.answerKind === "slow")).toHaveLength(1);
    expect(problems.filter((p) => !p.includes("WebSocket"))).toEqual([]);
  });
});
