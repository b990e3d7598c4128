import type { ResultMsg } from "../protocol/claude/inbound.js";

// How a turn ended and what it used, computed the same way for live results (normalize.ts) and
// for turns rebuilt from transcripts (history/turnbook.ts), so both panels word a turn alike.

/** The three ways a turn can end, as the panels show them. */
export type TurnStatus = "completed" | "interrupted" | "failed";

/** Token counts of one turn. */
export interface TurnUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
}

/** The CLI's terminal reasons for a turn the user stopped (Esc, chat.interrupt, "Deny and stop"). */
const INTERRUPTED_REASONS = new Set(["aborted_streaming", "aborted_tools"]);

/** The status of a turn from its success flag and terminal reason. */
export function turnStatus(ok: boolean, terminalReason: string | undefined): TurnStatus {
  if (ok) return "completed";
  return terminalReason !== undefined && INTERRUPTED_REASONS.has(terminalReason) ? "interrupted" : "failed";
}

/**
 * A result's token usage. An interrupted turn's `usage` is all zeros although the API counted
 * tokens; the per-turn model usage (`model_usage_since_last_result`) still has them.
 */
export function resultUsage(msg: ResultMsg): TurnUsage {
  const u = msg.usage ?? {};
  const usage = { input: u.input_tokens ?? 0, output: u.output_tokens ?? 0, cacheRead: u.cache_read_input_tokens ?? 0, cacheCreation: u.cache_creation_input_tokens ?? 0 };
  if (total(usage) > 0 || !msg.model_usage_since_last_result) return usage;
  const sum = { input: 0, output: 0, cacheRead: 0, cacheCreation: 0 };
  for (const m of Object.values(msg.model_usage_since_last_result)) {
    sum.input += m.inputTokens ?? 0;
    sum.output += m.outputTokens ?? 0;
    sum.cacheRead += m.cacheReadInputTokens ?? 0;
    sum.cacheCreation += m.cacheCreationInputTokens ?? 0;
  }
  return sum;
}

/** All tokens of a usage record. */
export function total(u: TurnUsage): number {
  return u.input + u.output + u.cacheRead + u.cacheCreation;
}

/** The CLI's internal diagnostic marker; what follows it on the line is for its developers only. */
const DIAGNOSTIC = /\[ede_diagnostic\][^\n]*/g;

/** A text without the CLI's internal diagnostics (undefined when nothing else is left). */
export function withoutDiagnostics(text: string | undefined): string | undefined {
  if (text === undefined || !text.includes("[ede_diagnostic]")) return text;
  const left = text.replace(DIAGNOSTIC, "").trim();
  return left === "" ? undefined : left;
}

/** Error texts without the CLI's internal diagnostics (entries that were only that are dropped). */
export function errorsWithoutDiagnostics(errors: readonly string[]): string[] {
  return errors.map(withoutDiagnostics).filter((e): e is string => e !== undefined);
}
