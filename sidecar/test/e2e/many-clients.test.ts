import { afterEach, expect, it } from "vitest";
import { connectClient, startLiveSidecar, type LiveSidecar } from "./live-sidecar.js";

// Many clients at once: each used to add a listener to the chat registry, so past ten clients
// Node printed MaxListenersExceededWarning. Now clients subscribe through one Set, and every
// subscription is gone once its client is.

let live: LiveSidecar | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

it("serves 120 clients without listener warnings and forgets each one when it leaves", async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error): void => void warnings.push(`${w.name}: ${w.message}`);
  process.on("warning", onWarning);
  try {
    live = await startLiveSidecar({});
    const clients = [];
    for (let i = 0; i < 120; i++) clients.push(await connectClient(live.server.port, live.token));
    expect(live.registry.watcherCount).toBe(120);
    for (const c of clients) c.ws.close();
    const end = Date.now() + 5000;
    while (live.registry.watcherCount > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(live.registry.watcherCount).toBe(0);
    expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
}, 60_000);
