import { randomUUID } from "node:crypto";
import { AgentPanelError } from "../shared/errors.js";
import { exactAssetRef } from "../render/asset-refs.js";
import type { UnityToolProvider } from "./unity-provider.js";

// A click on an `Assets/…` link in the browser panel: the Unity Editor pings the asset in its
// Project window (and opens a script at the line a ref names), through the Editor host's internal
// operation asset_open. Without a connected Editor the panel copies the path instead.

/** How long the Editor may take to open an asset before the click is answered without it. */
export const OPEN_WAIT_MS = 5_000;

/** Ask the connected Editor to open `ref` ("Assets/A.cs" or "Assets/A.cs:12"); typed errors say what to do. */
export async function openAssetInUnity(unity: UnityToolProvider | undefined, ref: string, waitMs = OPEN_WAIT_MS): Promise<void> {
  const exact = exactAssetRef(ref);
  if (exact === null) throw new AgentPanelError("invalid_asset_ref", `"${ref.slice(0, 200)}" is not a project path; an asset link names a path under Assets/ or Packages/ (optionally with :line).`);
  if (!unity?.status().ready) {
    throw new AgentPanelError("unity_not_connected", "The Unity Editor is not connected to this sidecar; open the project in Unity (Window > Agent Panel) to open assets from the browser.");
  }
  const line = /:(\d+)$/.exec(exact);
  const path = line ? exact.slice(0, line.index) : exact;
  const ctx = { callId: `open-${randomUUID()}`, signal: AbortSignal.timeout(waitMs), progress: () => {}, deadline: Date.now() + waitMs };
  const result = await unity.invokeInternal("asset_open", { path, line: line ? Number(line[1]) : 0 }, ctx, true);
  if (ctx.signal.aborted)
    throw new AgentPanelError("unity_busy", `The Unity Editor did not open ${path} within ${Math.round(waitMs / 1000)} s (it may be compiling or reloading); click again in a moment.`);
  if (!result.ok) throw new AgentPanelError("asset_not_opened", result.error?.message ?? `The Unity Editor could not open ${path}.`);
}
