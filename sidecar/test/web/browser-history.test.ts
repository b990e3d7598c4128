import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { say } from "../../../fixtures/fake-api/index.js";
import { ChatRegistry } from "../../src/bridge/hubs/chats.js";
import { PanelHistory } from "../../src/bridge/hubs/history-service.js";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import type { ChatOptions } from "../../src/chat/chat.js";
import { projectTranscriptDir } from "../../src/history/paths.js";
import { writeWebFiles } from "../../src/web/files.js";
import { claudeBinary } from "../e2e/harness.js";
import { realChat, type RealChat } from "../e2e/real-chat.js";
import { GAME_DIR, transcript } from "../history/helpers.js";
import { connected, HAVE_CHROMIUM, recordingClient, sendPrompt, until, useChromium } from "./browser-harness.js";

// The History view end to end (headless Chromium → real server → router → history service):
// a session made by the REAL claude binary appears in the list, opens read-only with rendered
// markdown, and resumes into a live chat that remembers it; a session started while the view is
// open appears by itself; the search box filters; "Load older" pages a long transcript.

const cleanup: Array<() => Promise<unknown> | unknown> = [];
const chrome = useChromium(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** The sidecar's pieces in-process, with the history of `project` as seen from `home`. */
async function startSidecar(
  project: string,
  home: string,
  chatDefaults: Partial<ChatOptions> = {},
): Promise<{ url: string; token: string; registry: ChatRegistry; commands: Array<Record<string, unknown>> }> {
  const dir = mkdtempSync(join(tmpdir(), "ap-web-history-"));
  const registry = new ChatRegistry({
    chatDefaults: { claudePath: claudeBinary(), cwd: project, resumeBackoffMs: 100, process: { graceMs: 1000, killWaitMs: 1000 }, ...chatDefaults },
    changeDelayMs: 20,
  });
  const history = new PanelHistory({ project, home, env: {}, stateDir: null, debounceMs: 50, pollMs: 200 });
  const token = `history-${Math.random().toString(36).slice(2)}-token`;
  const commands: Array<Record<string, unknown>> = [];
  const server: RunningServer = await startServer({
    port: 0,
    token,
    version: "test",
    staticRoot: writeWebFiles(join(dir, "web")),
    health: () => ({}),
    onClient: recordingClient(registry, [], commands, { history }),
  });
  cleanup.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => server.close(1000),
    () => history.close(),
    () => registry.closeAll(),
  );
  return { url: server.url, token, registry, commands };
}

async function openHistory(s: { url: string; token: string }) {
  const page = await (await chrome.browser.newContext({ viewport: { width: 1100, height: 760 } })).newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => void (m.type() === "error" && problems.push(`console: ${m.text()}`)));
  await page.goto(`${s.url}#token=${s.token}`);
  await connected(page);
  await page.getByRole("button", { name: "History" }).click();
  await page.getByRole("region", { name: "History" }).waitFor();
  return { page, problems, entries: page.getByRole("list", { name: "Past sessions" }).locator(".session-entry") };
}

/** A copy of transcript lines with its record uuids and message ids made unique for copy `i`. */
function renumbered(body: string, i: number): string {
  const n = i.toString(16).padStart(4, "0");
  return body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => `${u.slice(0, -4)}${n}`).replace(/msg_[A-Za-z0-9]+/g, (m) => `${m}${n}`);
}

describe.skipIf(!HAVE_CHROMIUM)("browser panel: history", () => {
  it("shows a session made by the real claude, opens it read-only, and resumes it into a live chat that remembers it", async () => {
    const r: RealChat = await realChat([
      { match: "Remember the code word", answers: [say("Noted: the code word is **BLUEBIRD**.")] },
      { match: "Plan the level", answers: [say("Level plan ready.")] },
      // Only answered right when the resumed chat sent the earlier conversation along.
      { match: (q) => q.prompt.includes("What was the code word") && JSON.stringify(q.messages).includes("Remember the code word BLUEBIRD"), answers: [say("It was BLUEBIRD.")] },
      { match: "What was the code word", answers: [say("I do not know.")] },
    ]);
    cleanup.push(() => r.close());
    await r.chat.start();
    const turn = await r.chat.send("Remember the code word BLUEBIRD");
    await r.waitFor((e) => e.type === "turn_result" && e.turnId === turn, 30_000);
    const sessionId = r.chat.sessionId!;
    await r.chat.close();

    const s = await startSidecar(r.sandbox.project, r.sandbox.home, { env: r.sandbox.env(r.api.url) });
    const { page, problems, entries } = await openHistory(s);
    const entry = entries.filter({ hasText: "Remember the code word BLUEBIRD" });
    await entry.waitFor({ timeout: 10_000 });
    expect(await entry.getAttribute("data-session")).toBe(sessionId);
    expect(await entry.locator(".session-time").innerText()).toBe("just now");

    // A session started elsewhere while the view is open shows up without a reload.
    const other = r.another();
    await other.chat.start();
    const t2 = await other.chat.send("Plan the level");
    await other.waitFor((e) => e.type === "turn_result" && e.turnId === t2, 30_000);
    await entries.filter({ hasText: "Plan the level" }).waitFor({ timeout: 10_000 });
    await other.chat.close();

    await entry.click();
    const log = page.getByRole("region", { name: "History" }).getByRole("log", { name: "Conversation" });
    await log.locator(".item.user").filter({ hasText: "Remember the code word BLUEBIRD" }).waitFor();
    await log.locator(".item.assistant .md strong").filter({ hasText: "BLUEBIRD" }).waitFor(); // rendered markdown
    expect(await page.getByRole("button", { name: "Load older" }).isVisible()).toBe(false);
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).isVisible()).toBe(false); // read-only

    await page.getByRole("button", { name: "Resume session" }).click();
    await page.getByRole("region", { name: "History" }).waitFor({ state: "hidden" });
    await page.locator(".session-id").filter({ hasText: sessionId }).waitFor({ timeout: 30_000 });
    // The resumed chat shows the earlier conversation before anything is sent...
    const live = page.locator("main > .transcript");
    await live.locator(".item.user").filter({ hasText: "Remember the code word BLUEBIRD" }).waitFor({ timeout: 10_000 });
    await live.locator(".item.assistant .md strong").filter({ hasText: "BLUEBIRD" }).waitFor();
    await sendPrompt(page, "What was the code word?");
    await page.locator(".item.assistant:not(.streaming)").filter({ hasText: "It was BLUEBIRD." }).waitFor({ timeout: 30_000 });
    expect(s.registry.list()).toHaveLength(1);
    expect(s.registry.list()[0]!.sessionId).toBe(sessionId);
    // ...and once: the new turn is not loaded a second time as part of the earlier conversation.
    expect(await live.locator(".item.user").filter({ hasText: "Remember the code word BLUEBIRD" }).count()).toBe(1);
    expect(await live.locator(".item.user").filter({ hasText: "What was the code word?" }).count()).toBe(1);

    // Resume as fork: a second live chat under a new session id that still remembers the conversation.
    await page.getByRole("button", { name: "History" }).click();
    await entry.click();
    await page.getByRole("button", { name: "Resume as fork" }).click();
    await page.getByRole("region", { name: "History" }).waitFor({ state: "hidden" });
    await expect.poll(() => s.registry.list().length, { timeout: 30_000 }).toBe(2);
    await sendPrompt(page, "Fork check. What was the code word?");
    await live.locator(".item.user").filter({ hasText: "Remember the code word BLUEBIRD" }).waitFor({ timeout: 10_000 });
    await page.locator(".item.user:visible").filter({ hasText: "Fork check" }).waitFor({ timeout: 30_000 });
    // The fork's earlier conversation already holds the first resume's answer; the fork answers again.
    await until(async () => (await live.locator(".item.assistant:not(.streaming)").filter({ hasText: "It was BLUEBIRD." }).count()) === 2, 30_000, "the fork's answer");
    // claude names the fork's own session once the first turn was written.
    await expect.poll(() => s.registry.list()[1]!.sessionId, { timeout: 30_000 }).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.registry.list()[1]!.sessionId).not.toBe(sessionId);
    expect(problems).toEqual([]);
  }, 150_000);

  it("filters by title and prompts, and pages a long session with Load older", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "ap-web-history-fx-")));
    cleanup.push(() => rmSync(root, { recursive: true, force: true }));
    const project = join(root, "MyGame");
    const home = join(root, "home");
    mkdirSync(project, { recursive: true });
    const dir = projectTranscriptDir(project, {}, home);
    cpSync(GAME_DIR, dir, { recursive: true });
    const body = readFileSync(transcript("text").file, "utf8");
    const long = "0f0f0f0f-aaaa-4bbb-8ccc-00000000000a";
    writeFileSync(join(dir, `${long}.jsonl`), Array.from({ length: 26 }, (_, i) => renumbered(body, i).replaceAll("Say hello.", `Long session turn ${i}.`)).join(""));

    const s = await startSidecar(project, home);
    const { page, problems, entries } = await openHistory(s);
    await entries.first().waitFor();
    const total = await entries.count();
    expect(total).toBeGreaterThan(10);
    await page.getByRole("searchbox", { name: "Search sessions" }).fill("long session turn");
    await until(async () => (await entries.count()) === 1, 5_000, "the filtered list");
    await entries.first().click();
    const log = page.getByRole("region", { name: "History" }).getByRole("log", { name: "Conversation" });
    await log.locator(".item.user").filter({ hasText: "Long session turn 25." }).waitFor();
    expect(await log.locator(".item.user").filter({ hasText: "Long session turn 0." }).count()).toBe(0);
    // 52 turns (two prompts per copy), 20 per page: two more pages, then the button goes away.
    const older = page.getByRole("button", { name: "Load older" });
    for (let i = 0; i < 2; i++) {
      const shown = await log.locator(".item.user").count();
      await older.click();
      await until(async () => (await log.locator(".item.user").count()) > shown, 10_000, "an older page");
    }
    await log.locator(".item.user").filter({ hasText: "Long session turn 0." }).waitFor();
    await older.waitFor({ state: "hidden" });
    expect(
      await log
        .locator(".item.user")
        .filter({ hasText: /Long session turn \d+\./ })
        .count(),
    ).toBe(26);
    await page.getByRole("button", { name: "← All sessions" }).click();
    await page.getByRole("searchbox", { name: "Search sessions" }).fill("");
    await until(async () => (await entries.count()) === total, 5_000, "the whole list again");

    // Resumed, the live chat shows the same conversation, paged the same way, and stays live.
    await page.getByRole("searchbox", { name: "Search sessions" }).fill("long session turn");
    await until(async () => (await entries.count()) === 1, 5_000, "the filtered list");
    await entries.first().click();
    await page.getByRole("button", { name: "Resume session" }).click();
    await page.getByRole("region", { name: "History" }).waitFor({ state: "hidden" });
    const live = page.locator("main > .transcript");
    await live.locator(".item.user").filter({ hasText: "Long session turn 25." }).waitFor({ timeout: 10_000 });
    expect(await live.locator(".item.user").filter({ hasText: "Long session turn 0." }).count()).toBe(0);
    expect(await page.getByText("Ask Claude anything about your project.").isVisible()).toBe(false);
    const liveOlder = live.getByRole("button", { name: "Load older" });
    for (let i = 0; i < 2; i++) {
      const shown = await live.locator(".item.user").count();
      await liveOlder.click();
      await until(async () => (await live.locator(".item.user").count()) > shown, 10_000, "an older page in the live chat");
    }
    await liveOlder.waitFor({ state: "hidden" });
    expect(
      await live
        .locator(".item.user")
        .filter({ hasText: /Long session turn \d+\./ })
        .count(),
    ).toBe(26);
    expect(s.registry.list()).toHaveLength(1);
    expect(s.registry.list()[0]!.sessionId).toBe(long);
    await expect.poll(() => page.getByRole("textbox", { name: "Message", exact: true }).isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(problems).toEqual([]);
  }, 60_000);

  it("words an interrupted turn as the live chat did: Interrupted, with the tokens it used", async () => {
    const { project, home } = fixtureProject();
    const s = await startSidecar(project, home);
    const { page, problems, entries } = await openHistory(s);
    await entries.first().waitFor();
    await page.getByRole("searchbox", { name: "Search sessions" }).fill("Stream slowly");
    await until(async () => (await entries.count()) === 1, 5_000, "the interrupted session");
    await entries.first().click();
    const log = page.getByRole("region", { name: "History" }).getByRole("log", { name: "Conversation" });
    const results = log.getByRole("note", { name: "Turn result" });
    await until(async () => (await results.count()) === 2, 10_000, "both turn results");
    // The reference session: live, claude's result said 0 in · 0 out and "[ede_diagnostic] …"; the transcript has 2,626 input
    // tokens, and the cut-off reply's 6 output tokens (its own record says 1) come from the run's cost-state totals, as live.
    expect(await results.first().innerText()).toMatch(/^Interrupted · .*2\.6k in · 6 out$/);
    expect(await results.last().innerText()).toMatch(/^Done · /);
    expect(await log.innerText()).not.toMatch(/Failed|history\)|ede_diagnostic/);
    expect(problems).toEqual([]);
  }, 60_000);

  it("searches the full text with the toggle, shows the hit's snippet, and opens the session on click", async () => {
    const { project, home } = fixtureProject();
    const s = await startSidecar(project, home);
    const { page, problems, entries } = await openHistory(s);
    await entries.first().waitFor();
    const total = await entries.count();
    const box = page.getByRole("searchbox", { name: "Search sessions" });
    // Only in a tool result and a reply: the title and prompt filter finds nothing...
    await box.fill("file created successfully");
    await page.getByText("No session matches.").waitFor();
    // ...the full-text search finds them, with their context.
    await page.getByRole("checkbox", { name: "Full text" }).check();
    const hits = page.getByRole("list", { name: "Past sessions" }).locator(".search-hit");
    await hits.first().waitFor({ timeout: 10_000 });
    expect(await hits.locator(".hit-where").allInnerTexts()).toEqual(["You · tool result", "Claude · text"]);
    expect(await hits.first().locator(".hit-snippet").innerText()).toMatch(/^File created successfully at: .*written\.t/);
    expect(await hits.first().getAttribute("data-session")).toBe(transcript("tool-allow").sessionId);
    await hits.nth(1).click();
    const log = page.getByRole("region", { name: "History" }).getByRole("log", { name: "Conversation" });
    await log.locator(".item.assistant").filter({ hasText: "Tool finished: File created successfully" }).waitFor();
    await page.getByRole("button", { name: "← All sessions" }).click();
    // Unticked: back to the title filter, then to the whole list.
    await page.getByRole("checkbox", { name: "Full text" }).uncheck();
    await box.fill("");
    await until(async () => (await entries.count()) === total, 5_000, "the whole list again");
    expect(problems).toEqual([]);
  }, 60_000);

  it("loads a subagent's transcript only when its card is expanded", async () => {
    const { project, home } = fixtureProject();
    const s = await startSidecar(project, home);
    const { page, problems } = await openHistory(s);
    await page.locator(`.session-entry[data-session="${transcript("subagent").sessionId}"]`).click();
    const log = page.getByRole("region", { name: "History" }).getByRole("log", { name: "Conversation" });
    const card = log.locator(".item.subagent").filter({ hasText: "Sub task" }).first();
    await card.waitFor();
    const inner = log.locator(".item.assistant.nested").filter({ hasText: "Subagent finished its work." });
    expect(await inner.count()).toBe(0);
    expect(s.commands.filter((c) => c.cmd === "history.subagent")).toEqual([]);
    await card.getByRole("button", { name: "Show transcript" }).click();
    await inner.waitFor({ timeout: 10_000 });
    await log.locator(".item.tool.nested").filter({ hasText: "echo from-subagent" }).waitFor();
    expect(s.commands.filter((c) => c.cmd === "history.subagent")).toHaveLength(1);
    await card.getByRole("button", { name: "Hide transcript" }).click();
    await inner.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
  }, 60_000);
});

/** A temporary project whose history is a copy of the reference transcripts. */
function fixtureProject(): { project: string; home: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "ap-web-history-fx-")));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  const project = join(root, "MyGame");
  const home = join(root, "home");
  mkdirSync(project, { recursive: true });
  cpSync(GAME_DIR, projectTranscriptDir(project, {}, home), { recursive: true });
  return { project, home };
}
