import { errorResult, type ToolCallContext, type ToolResult } from "../types.js";
import type { UnityOperations } from "./provider.js";

// A sequence with an `undoGroup` is one Undo step in Unity: before its first step the sidecar asks
// the Editor to open an Undo group (`undo_group_begin`, answering the group's index), and after its
// last step, whatever happened, to collapse every Undo group recorded since into that one
// (`undo_group_end`). Each step stays its own tool call; only the Undo history is joined.

/** What the run inside the group answers, plus a note when the group could not be closed. */
export interface GroupedRun {
  result: ToolResult;
  /** Set when undo_group_end failed: the steps stay separate Undo steps. */
  closeError?: string;
}

/**
 * Run `steps` inside one Unity Undo group named `name`. A group Unity cannot open fails the call
 * before any step runs; closing is attempted even when a step failed or the caller cancelled.
 */
export async function inUndoGroup(unity: UnityOperations, definition: string, name: string, ctx: ToolCallContext, steps: () => Promise<ToolResult>): Promise<GroupedRun> {
  const begin = await unity.invokeInternal("undo_group_begin", { definition, name }, { ...ctx, callId: `${ctx.callId}-undo-begin` }, true);
  const group = begin.structured?.group;
  if (!begin.ok || typeof group !== "number") {
    const why = begin.error?.message ?? "it answered no group";
    const hint = begin.error?.code === "not_found" ? ' Update the Agent Panel package in Unity (this Editor cannot group Undo steps), or remove "undoGroup" from the definition.' : "";
    return {
      result: errorResult(
        begin.error?.code === "cancelled" ? "cancelled" : "undo_group_failed",
        `${definition} did not run: Unity could not open its Undo group "${name}" (${why}); no step ran.${hint}`,
      ),
    };
  }
  let result: ToolResult;
  try {
    result = await steps();
  } catch (err) {
    result = errorResult("tool_failed", `${definition} failed: ${(err as Error).message}`);
  }
  // The caller's cancel must not skip the close: the end call gets a signal of its own.
  const endCtx: ToolCallContext = { callId: `${ctx.callId}-undo-end`, signal: new AbortController().signal, progress: () => {}, deadline: ctx.deadline };
  const end = await unity.invokeInternal("undo_group_end", { definition, name, group }, endCtx, true);
  return end.ok ? { result } : { result, closeError: end.error?.message ?? "Unity gave no answer" };
}
