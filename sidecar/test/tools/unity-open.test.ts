import { describe, expect, it } from "vitest";
import { openAssetInUnity } from "../../src/tools/unity-open.js";
import type { UnityToolProvider } from "../../src/tools/unity-provider.js";

// The browser's asset links reach the Editor through its internal operation asset_open: path and
// line split from the ref, refused without a connected Editor or for anything but a project path.

function fakeUnity(ready: boolean, ok = true): { unity: UnityToolProvider; calls: unknown[] } {
  const calls: unknown[] = [];
  const unity = {
    status: () => ({ connected: ready, ready }),
    invokeInternal: async (operation: string, args: Record<string, unknown>) => {
      calls.push({ operation, args });
      return ok ? { ok: true, content: [] } : { ok: false, content: [], error: { code: "not_found", message: "Assets/Gone.cs is not in the project (moved or deleted?)." } };
    },
  } as unknown as UnityToolProvider;
  return { unity, calls };
}

describe("openAssetInUnity", () => {
  it("asks the connected Editor to open the path at the ref's line", async () => {
    const { unity, calls } = fakeUnity(true);
    await openAssetInUnity(unity, "Assets/Scripts/Player.cs:12");
    await openAssetInUnity(unity, "Packages/com.game.core/Runtime/Core.cs");
    expect(calls).toEqual([
      { operation: "asset_open", args: { path: "Assets/Scripts/Player.cs", line: 12 } },
      { operation: "asset_open", args: { path: "Packages/com.game.core/Runtime/Core.cs", line: 0 } },
    ]);
  });

  it("says the Editor is not connected, refuses non-project paths, and passes on the Editor's refusal", async () => {
    await expect(openAssetInUnity(fakeUnity(false).unity, "Assets/A.cs")).rejects.toMatchObject({ code: "unity_not_connected" });
    await expect(openAssetInUnity(undefined, "Assets/A.cs")).rejects.toMatchObject({ code: "unity_not_connected" });
    const { unity, calls } = fakeUnity(true);
    await expect(openAssetInUnity(unity, "Assets/../../etc/passwd")).rejects.toMatchObject({ code: "invalid_asset_ref" });
    await expect(openAssetInUnity(unity, "/etc/passwd")).rejects.toMatchObject({ code: "invalid_asset_ref" });
    expect(calls).toEqual([]);
    await expect(openAssetInUnity(fakeUnity(true, false).unity, "Assets/Gone.cs")).rejects.toMatchObject({ code: "asset_not_opened", message: expect.stringContaining("moved or deleted") });
  });
});
