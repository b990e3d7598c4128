import { lstatSync, realpathSync } from "node:fs";
import { textResult, type ToolResult } from "../tools/types.js";
import { resolveOutput, type OutputEnv } from "./output.js";

// What a compose_mml call would write, told on its permission card before the user allows it: the
// target path, and whether it replaces a file compose_mml did not write (issue #29, item 1).
// Nothing is synthesized or written here.

/** The card's preview of one compose_mml call (the provider's dryRun). */
export function composePreview(args: Record<string, unknown>, env: OutputEnv): ToolResult {
  if (args.action !== "compose") return textResult(`Would only ${String(args.action ?? "run")}: writes no file.`);
  const requested = args.output_path;
  if (typeof requested !== "string") return textResult("Would write a new WAV into the generated folder (named from the MML); no other file is touched.");
  const target = resolveOutput(env, "preview.wav", requested);
  if ("code" in target) return textResult(`Would write nothing: ${target.message}`);
  let existing = false;
  let ours = false;
  try {
    existing = lstatSync(target.file).isFile();
    ours = existing && env.wasGenerated?.(realpathSync(target.file)) === true;
  } catch {
    // no file there yet
  }
  if (!existing) return textResult(`Would write ${target.reported} (a new file).`);
  if (ours) return textResult(`Would write ${target.reported}, replacing compose_mml's own earlier output.`);
  if (args.confirm === true) return textResult(`Would REPLACE ${target.reported}, an existing file compose_mml did not write (the call says confirm: true).`);
  return textResult(`${target.reported} exists and compose_mml did not write it: the call would leave it alone and answer OUTPUT_EXISTS (no confirm).`);
}
