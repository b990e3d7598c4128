import type { ToolResult } from "../types.js";
import { STEP_TOKEN } from "./checks.js";
import type { SequenceDefinition } from "./schema.js";

// The sequence engine: runs the steps in order through the invoker (each step validated and gated
// like any call), with `{input}` replaced in the steps' string arguments and strings that are
// exactly `{{stepId.json.path}}` replaced by that value of an earlier step's result. Stops at the
// first failed step unless it has continue_on_error; a confirmed call confirms its destructive steps.

/** How the engine calls a step's tool (the invoker, in "wait" mode). */
export type StepCaller = (tool: string, args: Record<string, unknown>) => Promise<ToolResult>;

/** One step's outcome in the sequence's result. */
export interface StepOutcome {
  id: string;
  tool: string;
  ok: boolean;
  result?: unknown;
  error?: { code: string; message: string };
}

/** Options of one run. */
export interface SequenceRun {
  /** The caller's arguments; `input` (or the only string argument) replaces `{input}`. */
  args: Record<string, unknown>;
  /** Whether a step's tool is destructive (gets `confirm: true` / `dry_run: true` forwarded). */
  isDestructive: (tool: string) => boolean;
  /** Preview only: destructive steps get `dry_run: true`, nothing is changed. */
  dryRun?: boolean;
  signal?: AbortSignal;
}

/** Run a sequence; resolves with `{steps: [...]}` and whether every step that counts succeeded. */
export async function runSequence(def: SequenceDefinition, run: SequenceRun, call: StepCaller): Promise<{ ok: boolean; steps: StepOutcome[]; preview?: string }> {
  const input = inputText(run.args);
  const results = new Map<string, unknown>();
  const steps: StepOutcome[] = [];
  const texts: string[] = [];
  let ok = true;
  for (const step of def.steps) {
    if (run.signal?.aborted) {
      steps.push({ id: step.id, tool: step.tool, ok: false, error: { code: "cancelled", message: "The sequence was cancelled before this step." } });
      ok = false;
      break;
    }
    const args = substitute(step.arguments ?? {}, input, results) as Record<string, unknown>;
    const destructive = run.isDestructive(step.tool);
    if (run.dryRun && !destructive) {
      // A preview runs nothing: only destructive steps are asked for their own dry run.
      steps.push({ id: step.id, tool: step.tool, ok: true, result: { would_run: args } });
      continue;
    }
    if (destructive) Object.assign(args, run.dryRun ? { dry_run: true } : { confirm: true });
    const result = await call(step.tool, args);
    if (run.dryRun) texts.push(`${step.id} (${step.tool}): ${textOf(result)}`);
    const value = resultValue(result);
    results.set(step.id, value);
    steps.push(
      result.ok ? { id: step.id, tool: step.tool, ok: true, result: value } : { id: step.id, tool: step.tool, ok: false, error: result.error ?? { code: "tool_failed", message: textOf(result) } },
    );
    if (!result.ok && step.continue_on_error !== true) {
      ok = false;
      break;
    }
  }
  return { ok, steps, ...(run.dryRun ? { preview: texts.join("\n") } : {}) };
}

/** What `{input}` stands for: the `input` argument, else the only string argument, else "". */
function inputText(args: Record<string, unknown>): string {
  if (typeof args.input === "string") return args.input;
  const strings = Object.values(args).filter((v): v is string => typeof v === "string");
  return strings.length === 1 ? strings[0]! : args.input === undefined ? "" : JSON.stringify(args.input);
}

/** Replace `{input}` in every string, and whole-string `{{step.path}}` by that token of the step's result. */
export function substitute(value: unknown, input: string, results: Map<string, unknown>): unknown {
  if (typeof value === "string") {
    const token = STEP_TOKEN.exec(value);
    if (token)
      return lookup(
        results.get(token[1]!),
        token[2]!.split(".").filter((p) => p !== ""),
      );
    return value.split("{input}").join(input);
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, input, results));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, input, results)]));
  return value;
}

function lookup(value: unknown, path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== "object") return null;
    at = Array.isArray(at) ? at[Number(key)] : (at as Record<string, unknown>)[key];
  }
  return at === undefined ? null : at;
}

/** A step's result as data: its structured output, else its text parsed as JSON, else the text. */
export function resultValue(result: ToolResult): unknown {
  if (result.structured !== undefined) return result.structured;
  const text = textOf(result);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function textOf(result: ToolResult): string {
  return result.content.flatMap((c) => (c.type === "text" ? [c.text] : [])).join("\n");
}
