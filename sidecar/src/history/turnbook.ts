import type { ChatEvent, ChatEventOf } from "../protocol/chat-events.js";
import type { Normalizer } from "../claude/normalize.js";
import { notLoggedIn, replyText } from "../claude/login.js";
import { turnStatus, withoutDiagnostics } from "../claude/turn-facts.js";

// Transcripts have no `result` lines, so history synthesizes each turn's result from what the
// records say: token usage summed over the turn's API messages, denied tools, and how the turn
// ended (completed, interrupted, API error, or incomplete when claude stopped mid-turn). The
// terminal reasons are the CLI's own where it has one, so a turn reads the same live and here;
// a turn claude refused for want of a login ends with the same not_logged_in notice as live.

interface OpenTurn {
  turnId: string;
  kind: "prompt" | "command";
  startedAt: number;
  lastAt: number;
  usage: Map<string, Record<string, unknown>>;
  stop: string | null | undefined;
  apiError: string | undefined;
  /** "aborted_streaming", or "aborted_tools" when the user stopped it at a tool. */
  interrupted: "aborted_streaming" | "aborted_tools" | undefined;
  /** claude's words when it refused the turn for want of a login. */
  loginRefused: string | undefined;
  denials: Array<{ toolName: string; toolUseId?: string }>;
}

/** Facts about the open turn, turned into a `turn_result` (subtype "history") when it ends. */
export class TurnBook {
  private turn: OpenTurn | undefined;
  private readonly toolInputs = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly normalizer: Normalizer,
    private readonly now: () => number,
  ) {}

  /** A turn started (prompt, command, task notification, or output with no prompt before it). */
  open(turnId: string, kind: "prompt" | "command"): void {
    const at = this.now();
    this.turn = { turnId, kind, startedAt: at, lastAt: at, usage: new Map(), stop: undefined, apiError: undefined, interrupted: undefined, loginRefused: undefined, denials: [] };
  }

  /** Record an assistant line: usage per API message, stop reason, API errors, tool inputs. */
  assistant(line: Record<string, unknown>): void {
    const message = (line.message ?? {}) as { id?: unknown; usage?: unknown; stop_reason?: unknown; content?: unknown };
    for (const block of Array.isArray(message.content) ? message.content : []) {
      const b = block as { type?: unknown; id?: unknown; input?: unknown };
      if (b?.type === "tool_use" && typeof b.id === "string" && typeof b.input === "object" && b.input !== null) this.toolInputs.set(b.id, b.input as Record<string, unknown>);
    }
    const t = this.turn;
    if (!t) return;
    t.lastAt = this.now();
    if (typeof message.id === "string" && typeof message.usage === "object" && message.usage !== null) t.usage.set(message.id, message.usage as Record<string, unknown>);
    if (line.isApiErrorMessage === true || typeof line.error === "string") {
      const text = withoutDiagnostics(replyText(Array.isArray(message.content) ? message.content : []));
      t.apiError = text ?? String(line.error ?? "API error");
      if (line.error === "authentication_failed") t.loginRefused = t.apiError;
    } else {
      t.apiError = undefined;
      t.stop = typeof message.stop_reason === "string" ? message.stop_reason : null;
    }
  }

  /** The turn was interrupted by the user (`atTool`: while a tool waited or ran). */
  interrupted(atTool: boolean): void {
    if (this.turn) this.turn.interrupted = atTool ? "aborted_tools" : "aborted_streaming";
  }

  /** Note denials among a line's tool results; returns subagent events for Agent calls. */
  toolResults(line: Record<string, unknown>, events: ChatEvent[]): ChatEvent[] {
    const decision = (line.permissionDecision as { decision?: unknown } | undefined)?.decision;
    const rejected = decision === "reject" || line.toolUseResult === "User rejected tool use";
    const out: ChatEvent[] = [];
    for (const e of events) {
      if (e.type !== "tool_finished") continue;
      if (this.turn) this.turn.lastAt = this.now();
      if (rejected && this.turn) this.turn.denials.push({ toolName: e.name, toolUseId: e.toolUseId });
      const agent = subagentOf(e, line.toolUseResult, this.toolInputs.get(e.toolUseId));
      if (agent) out.push(agent);
    }
    return out;
  }

  /** End the open turn: `abandoned` are the tools left without a result; returns them plus the result. */
  close(abandoned: ChatEvent[]): ChatEvent[] {
    const t = this.turn;
    this.turn = undefined;
    if (!t) return abandoned;
    this.normalizer.turns.end();
    if (t.loginRefused !== undefined) return [...abandoned, notLoggedIn(t.turnId, t.loginRefused)];
    const reason =
      t.interrupted !== undefined
        ? t.interrupted
        : t.apiError !== undefined
          ? "api_error"
          : abandoned.some((e) => e.type === "tool_finished")
            ? "incomplete"
            : t.kind === "command" || (t.stop !== undefined && t.stop !== null && t.stop !== "tool_use")
              ? "completed"
              : "incomplete";
    let input = 0,
      output = 0,
      cacheRead = 0,
      cacheCreation = 0;
    for (const u of t.usage.values()) {
      input += num(u.input_tokens);
      output += num(u.output_tokens);
      cacheRead += num(u.cache_read_input_tokens);
      cacheCreation += num(u.cache_creation_input_tokens);
    }
    const result: ChatEventOf<"turn_result"> = {
      type: "turn_result",
      turnId: t.turnId,
      ok: reason === "completed",
      status: turnStatus(reason === "completed", reason),
      subtype: "history",
      errors: t.apiError !== undefined ? [t.apiError] : [],
      terminalReason: reason,
      durationMs: Math.max(0, Math.round(t.lastAt - t.startedAt)),
      usage: { input, output, cacheRead, cacheCreation },
      denials: t.denials,
    };
    return [...abandoned, result];
  }
}

/** The subagent event for an Agent tool's result (its agent id lets the panel load its transcript). */
function subagentOf(e: ChatEventOf<"tool_finished">, result: unknown, input: Record<string, unknown> | undefined): ChatEvent | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const r = result as Record<string, unknown>;
  if (typeof r.agentId !== "string") return undefined;
  const event: ChatEventOf<"subagent"> = { type: "subagent", taskId: r.agentId, toolUseId: e.toolUseId, status: r.status === "async_launched" ? "running" : String(r.status ?? "completed") };
  const description = r.description ?? input?.description;
  const type = r.agentType ?? input?.subagent_type;
  if (typeof description === "string") event.description = description;
  if (typeof type === "string") event.subagentType = type;
  event.background = r.isAsync === true || r.status === "async_launched";
  if (typeof r.totalTokens === "number") event.tokens = r.totalTokens;
  if (typeof r.totalToolUseCount === "number") event.toolUses = r.totalToolUseCount;
  if (typeof r.totalDurationMs === "number") event.durationMs = r.totalDurationMs;
  return event;
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}
