import type { ChatEvent, ChatEventOf } from "../protocol/chat-events.js";

// The output tokens of a reply the user interrupted. The transcript keeps the cut-off message with
// the usage of its start (1 output token); the real count is only in the `cost-state` record claude
// writes at the end of a run: its per-model totals cover every API message of the run. What the
// totals have beyond the recorded messages is the interrupted reply's, when the run had exactly
// one (more than one cannot be split, and then the records are left as they are).

/** Follows one claude run (up to its cost-state record) and corrects its interrupted turn's result. */
export class RunUsage {
  /** Message id → its model and recorded output tokens (a message's lines repeat the same usage). */
  private readonly messages = new Map<string, { model: string; output: number }>();
  private interrupted: Array<{ result: ChatEventOf<"turn_result">; model: string | undefined }> = [];
  private lastModel: string | undefined;

  /** Note an assistant record of the transcript. */
  assistant(line: Record<string, unknown>): void {
    const message = (line.message ?? {}) as { id?: unknown; model?: unknown; usage?: { output_tokens?: unknown } };
    if (typeof message.id !== "string" || typeof message.model !== "string" || message.model === "<synthetic>") return;
    const output = typeof message.usage?.output_tokens === "number" ? message.usage.output_tokens : 0;
    this.messages.set(message.id, { model: message.model, output });
    this.lastModel = message.model;
  }

  /** Note the events a record produced: interrupted replies' turn results are the ones to correct. */
  events(events: readonly ChatEvent[]): void {
    for (const e of events) if (e.type === "turn_result" && e.terminalReason === "aborted_streaming") this.interrupted.push({ result: e, model: this.lastModel });
  }

  /** The run's cost-state record: add the tokens its totals have beyond the records to the one interrupted reply. */
  costState(line: Record<string, unknown>): void {
    const usage = line.modelUsage as Record<string, { outputTokens?: unknown }> | undefined;
    const only = this.interrupted.length === 1 ? this.interrupted[0] : undefined;
    if (only?.model !== undefined && usage && typeof usage[only.model]?.outputTokens === "number") {
      let recorded = 0;
      for (const m of this.messages.values()) if (m.model === only.model) recorded += m.output;
      const missing = (usage[only.model]!.outputTokens as number) - recorded;
      if (missing > 0) only.result.usage = { ...only.result.usage, output: only.result.usage.output + missing };
    }
    this.messages.clear();
    this.interrupted = [];
  }
}
