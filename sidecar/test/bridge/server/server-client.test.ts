import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { attachClient, type ClientLink } from "../../../src/bridge/server/server-client.js";

// A socket double that records the order of cork, uncork and frame writes.
function harness(): { link: ClientLink; calls: string[] } {
  const calls: string[] = [];
  const ws = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (data: string) => calls.push(`send ${JSON.parse(data).n}`),
    close: () => calls.push("close"),
    terminate: () => undefined,
  });
  const socket = { cork: () => (calls.push("cork"), socket), uncork: () => (calls.push("uncork"), socket) };
  let link: ClientLink | undefined;
  const info = { id: 1, remoteAddress: "127.0.0.1", auth: "header" as const, protocol: "" };
  attachClient(
    ws as unknown as WebSocket,
    info,
    (l) => ((link = l), { onText() {}, onClose() {} }),
    { maxBufferedBytes: 1 << 20, closeGraceMs: 10, log: () => undefined, socket: socket as never },
    () => undefined,
  );
  return { link: link!, calls };
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe("frames sent in one tick", () => {
  it("leave in one corked write, in the order they were sent", async () => {
    const { link, calls } = harness();
    for (let n = 1; n <= 3; n++) link.send({ n });
    expect(calls).toEqual(["cork", "send 1", "send 2", "send 3"]);
    await tick();
    expect(calls).toEqual(["cork", "send 1", "send 2", "send 3", "uncork"]);
  });

  it("corks again for the next tick instead of staying corked", async () => {
    const { link, calls } = harness();
    link.send({ n: 1 });
    await tick();
    link.send({ n: 2 });
    await tick();
    expect(calls).toEqual(["cork", "send 1", "uncork", "cork", "send 2", "uncork"]);
  });

  it("does not cork for a frame that is dropped because the client is closing", async () => {
    const { link, calls } = harness();
    link.close();
    link.send({ n: 1 });
    await tick();
    expect(calls).toEqual(["close"]);
  });
});
