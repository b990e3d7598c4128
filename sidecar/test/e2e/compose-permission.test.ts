import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { composeChiptune, COMPOSE_MML_TOOL, DEMO_CHIPTUNE_PROMPT } from "../../../fixtures/fake-api/demo-server.js";
import { say } from "../../../fixtures/fake-api/index.js";
import { startToolRig, type ToolRig } from "./tool-provider-rig.js";

// Issue #29, item 1, end to end: in a default panel chat (read-only tools pre-allowed) the real
// claude, driven by the demo's fake model, asks compose_mml to write over the user's WAV. The
// panel shows a card and the file stays as it was until the user allows; without `confirm` even an
// allowed call leaves the file alone (OUTPUT_EXISTS), with it the allowed call replaces it.

const TIMEOUT = 120_000;
const USER_WAV = "the user's own theme, not a compose_mml output";

let rig: ToolRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe("acceptance: compose_mml over an existing file in a default panel chat", () => {
  it("shows a card, leaves the file untouched until allowed, and replaces it only with confirm", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([
      { match: `${DEMO_CHIPTUNE_PROMPT} over the theme, please confirm`, answers: [composeChiptune({ output_path: "Assets/Audio/theme.wav", confirm: true }), say("Replaced the theme.")] },
      { match: `${DEMO_CHIPTUNE_PROMPT} over the theme`, answers: [composeChiptune({ output_path: "Assets/Audio/theme.wav" }), say("The theme is left as it was.")] },
    ]);
    const theme = join(rig.sandbox.project, "Assets", "Audio", "theme.wav");
    mkdirSync(join(rig.sandbox.project, "Assets", "Audio"), { recursive: true });
    writeFileSync(theme, USER_WAV);
    const panel = await rig.client();
    await panel.cmd({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    const chatId = (await panel.cmd({ cmd: "chat.open" })).result.chatId; // defaults: preAllowReadOnlyTools on
    await panel.cmd({ cmd: "subscribe", chatId });
    const isEvent = (type: string, n: number) => (f: any) => f.kind === "event" && f.event.type === type && panel.frames.filter((g) => g.kind === "event" && g.event.type === type).indexOf(f) === n;

    // 1. Without confirm: a card; allowed, the tool still refuses to replace the user's file.
    await panel.cmd({ cmd: "chat.send", chatId, text: `${DEMO_CHIPTUNE_PROMPT} over the theme` });
    const first = (await panel.waitFor(isEvent("permission_requested", 0), 90_000)).event;
    expect(first).toMatchObject({ toolName: COMPOSE_MML_TOOL, agentTool: { name: "compose_mml", readOnly: false, destructive: false } });
    expect(first.input).toMatchObject({ output_path: "Assets/Audio/theme.wav" });
    expect(first.dryRun.content[0].text).toContain("Assets/Audio/theme.wav exists and compose_mml did not write it");
    expect(readFileSync(theme, "utf8")).toBe(USER_WAV);
    await panel.cmd({ cmd: "permission.answer", chatId, requestId: first.requestId, answer: { kind: "allow" } });
    const refused = (await panel.waitFor(isEvent("tool_finished", 0), 60_000)).event;
    expect(refused.isError).toBe(true);
    expect(refused.result).toContain("OUTPUT_EXISTS");
    expect(readFileSync(theme, "utf8")).toBe(USER_WAV);
    await panel.waitFor(isEvent("turn_result", 0), 60_000);

    // 2. With confirm: again a card (never pre-allowed); the file changes only after allow.
    await panel.cmd({ cmd: "chat.send", chatId, text: `${DEMO_CHIPTUNE_PROMPT} over the theme, please confirm` });
    const second = (await panel.waitFor(isEvent("permission_requested", 1), 90_000)).event;
    expect(second).toMatchObject({ toolName: COMPOSE_MML_TOOL, agentTool: { name: "compose_mml", readOnly: false } });
    expect(second.dryRun.content[0].text).toContain("Would REPLACE Assets/Audio/theme.wav");
    await new Promise((r) => setTimeout(r, 300));
    expect(readFileSync(theme, "utf8")).toBe(USER_WAV);
    await panel.cmd({ cmd: "permission.answer", chatId, requestId: second.requestId, answer: { kind: "allow" } });
    const replaced = (await panel.waitFor(isEvent("tool_finished", 1), 60_000)).event;
    expect(replaced.isError).toBe(false);
    expect(readFileSync(theme).subarray(0, 4).toString()).toBe("RIFF");
    expect(panel.frames.some((f) => f.kind === "event" && f.event.type === "tool_finished" && f.event.decidedBy === "read_only_setting")).toBe(false);
  });
});
