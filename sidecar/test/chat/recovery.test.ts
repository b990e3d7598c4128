import { describe, expect, it } from "vitest";
import { AgentPanelError } from "../../src/shared/errors.js";
import { CrashRecovery } from "../../src/chat/recovery.js";

describe("CrashRecovery", () => {
  it("backs off exponentially", () => {
    const r = new CrashRecovery(3, 500);
    expect([1, 2, 3].map((n) => r.delayFor(n))).toEqual([500, 1000, 2000]);
  });

  it("retries failed attempts until the budget is spent", async () => {
    const r = new CrashRecovery(2, 1);
    let calls = 0;
    const outcome = await r.run(
      async () => {
        calls++;
        throw new Error("still broken");
      },
      () => true,
    );
    expect(calls).toBe(2);
    expect(outcome).toMatchObject({ kind: "failed", error: { code: "resume_failed" } });
  });

  it("stops at once when the session is gone", async () => {
    const r = new CrashRecovery(5, 1);
    let calls = 0;
    const outcome = await r.run(
      async () => {
        calls++;
        throw new AgentPanelError("session_not_found", "gone");
      },
      () => true,
    );
    expect(calls).toBe(1);
    expect(outcome).toMatchObject({ kind: "failed", error: { code: "session_not_found" } });
  });

  it("refills the budget after a successful turn", async () => {
    const r = new CrashRecovery(1, 1);
    expect(
      await r.run(
        async () => undefined,
        () => true,
      ),
    ).toEqual({ kind: "resumed" });
    r.succeeded();
    expect(
      await r.run(
        async () => undefined,
        () => true,
      ),
    ).toEqual({ kind: "resumed" });
    expect(
      await r.run(
        async () => undefined,
        () => true,
      ),
    ).toMatchObject({ kind: "failed" });
  });

  it("abandons when the chat no longer wants it (closed meanwhile)", async () => {
    const r = new CrashRecovery(3, 1);
    let wanted = true;
    const outcome = await r.run(
      async () => {
        wanted = false;
      },
      () => wanted,
    );
    expect(outcome).toEqual({ kind: "abandoned" });
  });
});
