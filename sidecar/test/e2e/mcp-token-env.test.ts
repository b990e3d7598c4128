import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { say, useTool } from "../../../fixtures/fake-api/index.js";
import { startToolRig, type ToolRig } from "./tool-provider-rig.js";

// Issue #29 item 3: the sidecar's MCP token used to sit in claude's environment
// (AGENT_PANEL_MCP_TOKEN), so an approved Bash `env` printed it into the transcript. Now each chat
// has its own /mcp token in a 0600 config file; nothing of it is in the environment that the
// processes claude starts inherit. The real claude binary, the project's fake model.

const TIMEOUT = 90_000;
let rig: ToolRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const configFiles = (r: ToolRig) => readdirSync(r.sandbox.root).filter((f) => /^mcp-chat-.*\.json$/.test(f));

describe("the MCP token and the processes claude starts", () => {
  it("an approved Bash `env` shows neither the sidecar's token nor the chat's", { timeout: TIMEOUT }, async () => {
    rig = await startToolRig([{ match: "Print the environment", answers: [useTool("Bash", { command: "env" }), say("That is the environment.")] }]);
    const panel = await rig.client();
    await panel.cmd({ cmd: "hello", protocol: 1, client: "cli", render: [] });
    const chatId = (await panel.cmd({ cmd: "chat.open" })).result.chatId;
    await panel.cmd({ cmd: "subscribe", chatId });
    // The chat's credential: its own config file, with a token that is not the sidecar's.
    expect(configFiles(rig)).toHaveLength(1);
    const chatToken = /Bearer (\S+?)"/.exec(readFileSync(join(rig.sandbox.root, configFiles(rig)[0]!), "utf8"))![1]!;
    expect(chatToken).not.toBe(rig.token);

    await panel.cmd({ cmd: "chat.send", chatId, text: "Print the environment" });
    const card = (await panel.waitFor((f) => f.kind === "event" && f.event.type === "permission_requested", 60_000)).event;
    expect(card.toolName).toBe("Bash");
    expect((await panel.cmd({ cmd: "permission.answer", chatId, requestId: card.requestId, answer: { kind: "allow" } })).kind).toBe("ack");
    await panel.waitFor((f) => f.kind === "event" && f.event.type === "turn_result", 60_000);

    const results = rig.api.requests.flatMap((q) => q.messages.flatMap((m) => m.blocks.filter((b) => b.type === "tool_result").map((b) => b.text ?? "")));
    const env = results.find((text) => /\bPATH=/.test(text));
    expect(env, `tool results: ${JSON.stringify(results).slice(0, 400)}`).toBeDefined();
    expect(env).not.toContain(rig.token);
    expect(env).not.toContain(chatToken);
    expect(env).not.toMatch(/AGENT_PANEL_MCP_TOKEN|Bearer /);

    // Closing the chat revokes its token and deletes its file.
    await panel.cmd({ cmd: "chat.close", chatId });
    await panel.waitFor((f) => f.kind === "chats" && !f.chats.some((c: { chatId: string }) => c.chatId === chatId), 10_000).catch(() => undefined);
    expect(configFiles(rig)).toHaveLength(0);
    const res = await fetch(`http://127.0.0.1:${rig.server.port}/mcp`, {
      method: "POST",
      headers: { Authorization: `Bearer ${chatToken}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(res.status).toBe(401);
  });
});
