import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { candidatePorts, canBind, derivePort, findFreePort, PORT_MAX, PORT_MIN } from "../../src/shared/port.js";

describe("derivePort", () => {
  it("is stable per project and independent of how the root is spelled", () => {
    expect(derivePort("/home/dev/My Game", { platform: "linux" })).toBe(27240);
    expect(derivePort("/home/dev/My Game/", { platform: "linux" })).toBe(27240);
    expect(derivePort("C:/Users/Dev/My Game", { platform: "win32" })).toBe(27387);
    expect(derivePort("C:\\Users\\Dev\\My Game\\", { platform: "win32" })).toBe(27387);
  });

  it("stays inside the sidecar range", () => {
    for (let i = 0; i < 200; i++) {
      const port = derivePort(`/projects/p${i}`, { platform: "linux" });
      expect(port).toBeGreaterThanOrEqual(PORT_MIN);
      expect(port).toBeLessThanOrEqual(PORT_MAX);
    }
  });
});

describe("candidatePorts", () => {
  it("tries the preferred port, then upwards, wrapping to the start of the range, each once", () => {
    expect([...candidatePorts(12, 10, 14)]).toEqual([12, 13, 14, 10, 11]);
    expect([...candidatePorts(14, 10, 14)]).toEqual([14, 10, 11, 12, 13]);
    expect([...candidatePorts(99, 10, 12)]).toEqual([99, 10, 11, 12]);
  });
});

describe("findFreePort", () => {
  const held: Server[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  it("returns the preferred port when it is free and the next free one when it is busy", async () => {
    const free = await findFreePort(PORT_MIN + 500);
    expect(await canBind(free)).toBe(true);
    const blocker = createServer();
    held.push(blocker);
    await new Promise<void>((r) => blocker.listen({ port: free, host: "127.0.0.1" }, r));
    expect(await canBind(free)).toBe(false);
    const next = await findFreePort(free);
    expect(next).not.toBe(free);
    expect(next).toBeGreaterThanOrEqual(PORT_MIN);
    expect(next).toBeLessThanOrEqual(PORT_MAX);
  });

  it("wraps around the range and fails with a typed error when every port is busy", async () => {
    const base = await findFreePort(PORT_MIN + 700);
    const blocker = createServer();
    held.push(blocker);
    await new Promise<void>((r) => blocker.listen({ port: base, host: "127.0.0.1" }, r));
    // A one-port range whose only port is busy.
    await expect(findFreePort(base, { min: base, max: base })).rejects.toMatchObject({ code: "no_free_port" });
    // A two-port range starting at its last port wraps to the first.
    const other = base === PORT_MAX ? base - 1 : base + 1;
    if (await canBind(other)) {
      const [min, max] = other < base ? [other, base] : [base, other];
      expect(await findFreePort(base, { min, max })).toBe(other);
    }
  });
});
