import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startServer, type RunningServer } from "../../src/bridge/server/server.js";
import { toJsonForm, withJsonForms } from "../../src/render/json-forms.js";

// A frame whose rendered forms are spliced in as UTF-8 bytes still reaches the client as one text
// message, with exactly the JSON of the same frame with the forms parsed.

const TOKEN = "t0k".repeat(14) + "en";
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close(500);
  server = undefined;
});

describe("sending frames with spliced forms", () => {
  it("delivers them as text frames carrying the parsed frame's exact JSON", async () => {
    const unity = Array.from({ length: 2000 }, (_, i) => ({ type: "paragraph", text: `päragraph ${i} ✓` }));
    const html = `<p>${"héllo ".repeat(20_000)}</p>`;
    const clip = (v: unknown): unknown => v;
    const block = withJsonForms({ index: 0, kind: "text", text: "**hi** ✓" }, { unity: toJsonForm(unity, clip), html: toJsonForm(html, clip) });
    const event = { type: "message_final", turnId: "t1", messageId: "m1", parentToolUseId: null, blocks: [block], aborted: false };
    const expected = JSON.stringify({ kind: "event", chatId: "c1", seq: 1, event: { ...event, blocks: [{ index: 0, kind: "text", text: "**hi** ✓", unity, html }] } });
    server = await startServer({
      port: 0,
      token: TOKEN,
      version: "1",
      health: () => ({}),
      onClient: (link) => {
        setImmediate(() => link.send({ kind: "event", chatId: "c1", seq: 1, event }));
        return { onText() {}, onClose() {} };
      },
    });
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const got = await new Promise<{ text: string; binary: boolean }>((resolve, reject) => {
      ws.once("message", (data, isBinary) => resolve({ text: String(data), binary: isBinary }));
      ws.once("error", reject);
    });
    ws.close();
    expect(got.binary).toBe(false);
    expect(got.text).toBe(expected);
  });
});
