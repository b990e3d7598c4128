import { afterEach, describe, expect, it } from "vitest";
import { slow, useTool } from "../../../fixtures/fake-api/index.js";
import { ChatHub } from "../../src/bridge/hubs/hub.js";
import type { ChatEvent } from "../../src/protocol/chat-events.js";
import type { PanelEvent } from "../../src/protocol/panel/events.js";
import { realChat, type RealChat } from "./real-chat.js";

// Closing a chat on the real claude binary: `state closed` is the chat's last event, both for the
// chat itself and for what a client of the sidecar receives (through the hub), and nothing of the
// closed turn arrives after it.

let r: RealChat | undefined;
afterEach(async () => {
  await r?.close();
  r = undefined;
});

/** How long to keep listening after the close for anything late. */
const LATE_WAIT_MS = 1500;

const label = (e: ChatEvent | PanelEvent): string => (e.type === "state" ? `state:${e.state}` : e.type);

/** Close through a hub (as chat.close does) and return what the chat and a subscriber saw from the close on. */
async function closeThroughHub(rc: RealChat): Promise<{ chat: string[]; client: string[]; clientEvents: PanelEvent[] }> {
  const hub = new ChatHub("c1", rc.chat, { cwd: rc.sandbox.project }, { coalesceMs: 33 });
  const clientEvents: PanelEvent[] = [];
  hub.subscribe(undefined, (_seq, e) => clientEvents.push(e));
  const from = rc.events.length;
  await hub.close();
  await new Promise((res) => setTimeout(res, LATE_WAIT_MS));
  return { chat: rc.events.slice(from).map(label), client: clientEvents.map(label), clientEvents };
}

describe("real claude: closing a chat", () => {
  it("with a pending permission: the card is cancelled, the tool and the turn end, then `state closed` is last", async () => {
    r = await realChat([{ match: "Needs permission", answers: [useTool("Bash", { command: "echo hi > out.txt", description: "write" })] }]);
    await r.chat.start();
    const turn = await r.chat.send("Needs permission");
    await r.waitFor((e) => e.type === "permission_requested", 30_000);
    const seen = await closeThroughHub(r);
    for (const events of [seen.chat, seen.client]) {
      expect(events.at(-1)).toBe("state:closed");
      expect(events.filter((e) => e === "state:closed")).toHaveLength(1);
      expect(events).toContain("permission_resolved");
      expect(events).toContain("turn_result");
      expect(events.indexOf("permission_resolved")).toBeLessThan(events.indexOf("turn_result"));
    }
    expect(r.of("permission_resolved")).toEqual([expect.objectContaining({ outcome: "cancelled" })]);
    expect(r.of("turn_result")).toEqual([expect.objectContaining({ turnId: turn, ok: false })]);
    // Every tool card that started is finished: no client keeps a spinner.
    for (const started of r.of("tool_started")) expect(r.of("tool_finished").map((f) => f.toolUseId)).toContain(started.toolUseId);
  });

  it("mid-stream: the partial message is final and the turn has its result, then `state closed` is last", async () => {
    r = await realChat([{ match: "Stream slowly", answers: [slow("word0 word1 word2 word3 word4 word5 word6 word7 word8 word9 ".repeat(4), { chunkSize: 6, chunkDelayMs: 150 })] }]);
    await r.chat.start();
    const turn = await r.chat.send("Stream slowly");
    await r.waitFor((e) => e.type === "message_delta" && e.turnId === turn, 30_000);
    const seen = await closeThroughHub(r);
    for (const events of [seen.chat, seen.client]) {
      expect(events.at(-1)).toBe("state:closed");
      expect(events.indexOf("message_final")).toBeGreaterThanOrEqual(0);
      expect(events.indexOf("message_final")).toBeLessThan(events.indexOf("turn_result"));
    }
    expect(r.of("message_final").find((m) => m.turnId === turn)).toMatchObject({ aborted: true });
    expect(r.of("turn_result")).toEqual([expect.objectContaining({ turnId: turn, ok: false })]);
  });
});
