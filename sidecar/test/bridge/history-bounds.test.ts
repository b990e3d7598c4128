import { afterEach, expect, it } from "vitest";
import { MAX_EVENT_BYTES } from "../../src/bridge/hubs/hub-bounds.js";
import { PanelHistory } from "../../src/bridge/hubs/history-service.js";
import { copyOfGameDir, withLastReplyText } from "../history/helpers.js";
import { stubRender } from "./hub-fakes.js";

// A single huge record in a transcript (a 20 MB tool result or reply) used to be sent whole: the
// panel passed its send-buffer limit and was disconnected (4008) on every open of that session.
// Now each record is sent shortened to a size a client can take, and the page says so.

let history: PanelHistory | undefined;
afterEach(() => history?.close());

it("sends a session with a 20 MB record in pieces a client can take, and says what was shortened", async () => {
  const dir = copyOfGameDir();
  const sessionId = withLastReplyText(dir, "big ".repeat(5 * 1024 * 1024));
  history = new PanelHistory({ project: "/proj", transcriptDir: dir, stateDir: null, render: stubRender, debounceMs: 20, pollMs: 100 });
  // The record is older than the newest page's byte budget: it arrives with the next page.
  const newest = await history.load(sessionId, undefined, false);
  const page = await history.load(sessionId, newest.cursor!, false);
  for (const e of page.events) expect(JSON.stringify(e).length).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  expect(JSON.stringify(page.events)).toContain("more characters left out");
  expect(page.warnings?.join(" ")).toMatch(/too large to send whole/);
}, 30_000);
