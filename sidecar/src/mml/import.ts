import { argumentError, type Diagnostic } from "./diagnostics.js";
import type { OutputEnv } from "./output.js";

// After compose_mml writes a WAV into a Unity project it asks the Editor to import it, and says
// in the result what happened, so the agent knows whether the AudioClip exists yet.

/** compose's `unity_import`: whether the Editor imported the WAV, and what the user can do if not. */
export interface UnityImport {
  /** imported: the Editor imported it now; pending: no Editor connected, imported on its next refresh;
   *  failed: the Editor answered with an error; skipped: the file is outside Assets/. */
  status: "imported" | "pending" | "failed" | "skipped";
  message: string;
}

/** Ask Unity (through env.importAsset) to import `asset`; failures become an IMPORT_FAILED warning too. */
export async function importIntoUnity(env: OutputEnv, asset: string | null, warnings: Diagnostic[]): Promise<UnityImport> {
  if (asset === null) return { status: "skipped", message: "The WAV is outside Assets/, so Unity does not import it; give an output_path under Assets/ to get an AudioClip." };
  let answer: unknown = "not_connected";
  try {
    if (env.importAsset) answer = await env.importAsset(asset);
  } catch (err) {
    const warning = argumentError(
      "IMPORT_FAILED",
      `The WAV was written but Unity did not import it: ${(err as Error).message}.`,
      "Focus the Unity Editor (it imports on focus) or use Assets > Refresh.",
    );
    warning.severity = "warning";
    warnings.push(warning);
    return { status: "failed", message: warning.message };
  }
  if (answer === "not_connected") return { status: "pending", message: `Unity is not connected; it imports ${asset} on its next asset refresh (when the Editor gets focus, or Assets > Refresh).` };
  return { status: "imported", message: `Unity imported ${asset}; it is an AudioClip at that path.` };
}
