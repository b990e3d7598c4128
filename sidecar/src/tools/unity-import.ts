import { randomUUID } from "node:crypto";
import type { AssetImporter } from "./types.js";
import type { UnityToolProvider } from "./unity-provider.js";

// compose_mml's import request to the Unity Editor: the Editor host's internal operation
// asset_import (AssetDatabase.ImportAsset on a project-relative path). Only asked while an Editor
// is connected and has published its catalog; a compose never waits for Unity to come back.

/** How long an import may take before the compose answers without it (the Editor may be busy). */
export const IMPORT_WAIT_MS = 15_000;

/** The importer `serve` puts on its tool host: asks `unity`, or answers "not_connected". */
export function unityAssetImporter(unity: UnityToolProvider, waitMs = IMPORT_WAIT_MS): AssetImporter {
  return async (assetPath) => {
    if (!unity.status().ready) return "not_connected";
    const ctx = { callId: `import-${randomUUID()}`, signal: AbortSignal.timeout(waitMs), progress: () => {}, deadline: Date.now() + waitMs };
    // Importing the same file twice is harmless, so the call may be repeated after a domain reload.
    const result = await unity.invokeInternal("asset_import", { path: assetPath }, ctx, true);
    if (ctx.signal.aborted) throw new Error(`the Editor did not answer within ${Math.round(waitMs / 1000)} s (it may be compiling or reloading)`);
    if (!result.ok) throw new Error(result.error?.message ?? "the Editor answered without importing");
    return "imported";
  };
}
