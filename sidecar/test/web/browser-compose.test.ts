import { describe, expect, it } from "vitest";
import { say, useTool } from "../../../fixtures/fake-api/index.js";
import { parseMml } from "../../src/mml/parse.js";
import { startToolRig, type ToolRig } from "../e2e/tool-provider-rig.js";
import { HAVE_CHROMIUM, openPanel, sendPrompt, useChromium, type PanelServer } from "./browser-harness.js";

// The compose card in the browser panel, end to end: the real claude (fake model) calls
// compose_mml through the sidecar's /mcp, the tool writes a WAV into the project, and the panel
// shows the call's card with an <audio> that loads that WAV through the sidecar's authenticated
// /mml/wav route (a per-file proof in its URL, under the page's CSP) and an SVG piano roll with one rectangle per note.

const TIMEOUT = 90_000;
const MML = "A t150 l8 o5 c e g > c4\nB t150 l8 o4 e g b > e4\nT t150 l4 o3 c g\nN t150 l8 v10 c c c c";

let rig: ToolRig | undefined;

/** compose_mml writes a file, so the panel asks first (issue #29): allow it on its card. */
async function allowCompose(page: Parameters<typeof sendPrompt>[0]): Promise<void> {
  const card = page.getByRole("region", { name: /^Permission request: / });
  await card.waitFor({ timeout: 60_000 });
  expect(await card.innerText()).toContain("Compose MML chiptune");
  await card.getByRole("button", { name: "Allow", exact: true }).click();
}
const chrome = useChromium(async () => {
  await rig?.close();
  rig = undefined;
});

describe.skipIf(!HAVE_CHROMIUM)("compose card in the browser panel", () => {
  it("shows a player that loads the WAV and a piano roll with one rect per note", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([{ match: "Compose a jingle", answers: [useTool("mcp__agent-panel__compose_mml", { action: "compose", mode: "ppmck", mml: MML }), say("Here is your jingle.")] }], {
      web: true,
    });
    const { page, problems } = await openPanel(chrome.browser, { url: rig.server.url, token: rig.token } as PanelServer);
    await sendPrompt(page, "Compose a jingle for the title screen");
    await allowCompose(page);

    const card = page.locator(".item.tool .compose-card");
    await card.waitFor({ timeout: 60_000 });
    const wavPath = await card.getAttribute("data-wav");
    expect(wavPath).toMatch(/^Assets\/Audio\/Generated\/mml-[0-9a-f]{12}\.wav$/);

    const expectedNotes = Object.values(parseMml(MML, "ppmck").ir.channels).reduce((n, ch) => n + ch.events.filter((e) => e.type === "note").length, 0);
    expect(expectedNotes).toBe(14);
    expect(await card.locator("svg.piano-roll rect.note").count()).toBe(expectedNotes);
    for (const channel of ["Pulse1", "Pulse2", "Triangle", "Noise"]) expect(await card.locator(`svg.piano-roll rect.roll-${channel}`).count(), channel).toBeGreaterThan(0);
    // Each channel has its own theme colour.
    const fills = await card.locator("svg.piano-roll rect.note").evaluateAll((els) => [...new Set(els.map((e) => getComputedStyle(e).fill))]);
    expect(fills).toHaveLength(4);

    const audio = card.locator("audio");
    await page.waitForFunction((el) => el !== null && (el as HTMLAudioElement).readyState >= 1 && (el as HTMLAudioElement).duration > 0, await audio.elementHandle(), { timeout: 15_000 });
    const { duration, src } = await audio.evaluate((el) => ({ duration: (el as HTMLAudioElement).duration, src: (el as HTMLAudioElement).src }));
    // The URL carries a proof for this one file, never the token.
    expect(src).toContain(`/mml/wav?path=${encodeURIComponent(wavPath!)}&proof=`);
    expect(src).not.toContain(rig.token);
    const expected = JSON.parse(rig.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? ""))).find((t) => t.includes("duration_sec"))!).duration_sec as number;
    expect(Math.abs(duration - expected)).toBeLessThan(0.01);
    expect(problems).toEqual([]);
  });

  it("draws a long song whose note sequence the tool's text left out, from the sidecar's /mml/notes", { timeout: TIMEOUT }, async () => {
    const long = `A t200 l16 o4 ${"c d e f g a b > c < ".repeat(60)}\nT t200 l8 o3 ${"c g ".repeat(120)}`;
    rig = await startToolRig([{ match: "Compose a long", answers: [useTool("mcp__agent-panel__compose_mml", { action: "compose", mode: "ppmck", mml: long }), say("Done.")] }], { web: true });
    const { page, problems } = await openPanel(chrome.browser, { url: rig.server.url, token: rig.token } as PanelServer);
    await sendPrompt(page, "Compose a long background loop");
    await allowCompose(page);
    const card = page.locator(".item.tool .compose-card");
    await card.waitFor({ timeout: 60_000 });
    const toolText = rig.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.map((b) => b.text ?? ""))).find((t) => t.includes("duration_sec"))!;
    // claude keeps a result this large in a file and passes on a preview: the IR is not whole in it.
    expect(() => JSON.parse(toolText.split("\n", 1)[0]!)).toThrow();
    const expectedNotes = Object.values(parseMml(long, "ppmck").ir.channels).reduce((n, ch) => n + ch.events.filter((e) => e.type === "note").length, 0);
    expect(expectedNotes).toBe(720);
    await page.waitForFunction((n) => document.querySelectorAll(".compose-card svg.piano-roll rect.note").length === n, expectedNotes, { timeout: 15_000 });
    expect(problems).toEqual([]);
  });
});
