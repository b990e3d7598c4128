import type { ChatEvent } from "../protocol/chat-events.js";
import { Normalizer } from "../claude/normalize.js";
import { parseInbound } from "../protocol/claude/parse.js";
import { classifyUser, parseTaskNotification, type UserLine } from "./prompt.js";
import { TurnBook } from "./turnbook.js";
import { RunUsage } from "./run-usage.js";

// Replays transcript lines through the chat engine's Normalizer, so a restored session renders
// with exactly the events of a live one. Transcripts differ from stdout in a few ways this class
// bridges: no stream events (main-thread messages are closed with a synthetic message_stop when
// the next record arrives), no `result` lines (turn results are synthesized from the records),
// camelCase system records, and permission decisions stored beside the tool result.

/** Options for converting a subagent's transcript instead of a session's. */
export interface ConvertOptions {
  /** Tag every event as output of this Agent tool call (subagent transcripts). */
  parentToolUseId?: string;
  /** Turn id to put on a subagent's events (default `agent`). */
  turnId?: string;
}

/** Stateful converter from parsed transcript lines, oldest first, to ChatEvents. */
export class TranscriptConverter {
  private clock = 0;
  private readonly normalizer = new Normalizer(() => this.clock);
  private readonly book: TurnBook;
  private readonly run = new RunUsage();
  private readonly parent: string | null;
  private openMessage: string | undefined;
  private anchor = "";
  private readonly ids = new Map<string, string>();
  private readonly finalized = new Set<string>();
  private cwd: string | undefined;

  constructor(opts: ConvertOptions = {}) {
    this.parent = opts.parentToolUseId ?? null;
    this.book = new TurnBook(this.normalizer, () => this.clock);
    if (this.parent !== null) this.ids.set(this.normalizer.turns.startUnprompted(), opts.turnId ?? "agent");
  }

  /** Convert one parsed line found at byte `offset` of its file. */
  push(line: Record<string, unknown>, offset: number): ChatEvent[] {
    const at = typeof line.timestamp === "string" ? Date.parse(line.timestamp) : NaN;
    if (!Number.isNaN(at)) this.clock = at;
    this.anchor = typeof line.uuid === "string" ? line.uuid : `o${offset}`;
    if (typeof line.cwd === "string" && line.cwd !== this.cwd) {
      // Tool summaries show paths relative to the working directory, as they do live.
      this.cwd = line.cwd;
      this.normalizer.handle(parseInbound({ type: "system", subtype: "init", session_id: String(line.sessionId ?? ""), cwd: line.cwd }));
    }
    if (line.isSidechain === true && this.parent === null) return []; // old CLIs kept subagents inline
    const events = this.convert(line);
    this.run.events(events);
    return events;
  }

  private convert(line: Record<string, unknown>): ChatEvent[] {
    switch (line.type) {
      case "user":
        return this.stable(this.user(line, classifyUser(line)));
      case "assistant":
        this.run.assistant(line);
        return this.stable(this.assistant(line));
      case "system":
        return this.stable(this.system(line));
      case "cost-state":
        this.run.costState(line);
        return [];
      default:
        return [];
    }
  }

  /** Close what is still open at the end of the page (the last turn gets its result). */
  finish(): ChatEvent[] {
    return this.stable([...this.closeMessage(false), ...this.endTurn()]);
  }

  private user(line: Record<string, unknown>, user: UserLine): ChatEvent[] {
    const out = user.kind === "meta" ? [] : this.closeMessage(user.kind === "interrupt");
    switch (user.kind) {
      case "tool_result": {
        const events = this.feed({ ...line, parent_tool_use_id: this.parent, tool_result_meta: resultMeta(line) });
        return [...out, ...events, ...this.book.toolResults(line, events)];
      }
      case "prompt":
      case "command":
      case "bash": {
        if (this.parent !== null) return out; // a subagent's task prompt is shown on its Agent card
        out.push(...this.endTurn());
        const turnId = this.normalizer.turns.enqueue();
        this.normalizer.turns.startPrompted();
        this.book.open(turnId, user.kind === "prompt" ? "prompt" : "command");
        out.push({ type: "user_message", turnId, text: user.text, queued: false, attachments: user.attachments });
        out.push({ type: "turn_started", turnId, prompted: true });
        return out;
      }
      case "task_notification": {
        const task = parseTaskNotification(user.text);
        if (this.parent === null) {
          out.push(...this.endTurn());
          const turnId = this.normalizer.turns.startUnprompted();
          this.book.open(turnId, "command");
          out.push({ type: "turn_started", turnId, prompted: false });
        }
        if (task.taskId) out.push({ type: "subagent", taskId: task.taskId, ...defined({ toolUseId: task.toolUseId, summary: task.summary }), status: task.status ?? "completed" });
        return out;
      }
      case "interrupt":
        this.book.interrupted(user.text.includes("for tool use"));
        return out;
      case "command_output":
        return user.text.trim() === "" ? out : [...out, notice("info", "command_output", user.text)];
      case "compact_summary":
        return [...out, { type: "notice", level: "info", code: "compact_summary", message: "Summary of the conversation before it was compacted.", data: { text: user.text } }];
      default:
        return out;
    }
  }

  private assistant(line: Record<string, unknown>): ChatEvent[] {
    const id = (line.message as { id?: unknown } | undefined)?.id;
    const out = this.openMessage !== undefined && this.openMessage !== id ? this.closeMessage(false) : [];
    const events = this.feed({ ...line, parent_tool_use_id: this.parent });
    for (const e of events) if (e.type === "turn_started") this.book.open(e.turnId, "prompt");
    this.book.assistant(line);
    const model = (line.message as { model?: unknown } | undefined)?.model;
    if (typeof id === "string" && this.parent === null && line.error === undefined && model !== "<synthetic>") this.openMessage = id;
    return [...out, ...events];
  }

  private system(line: Record<string, unknown>): ChatEvent[] {
    const out = this.closeMessage(false);
    if (line.subtype === "compact_boundary") {
      const m = (line.compactMetadata ?? {}) as Record<string, unknown>;
      const msg = {
        type: "system",
        subtype: "compact_boundary",
        uuid: line.uuid,
        compact_metadata: defined({ trigger: m.trigger, pre_tokens: m.preTokens, post_tokens: m.postTokens, duration_ms: m.durationMs }),
      };
      return [...out, ...this.feed(msg)];
    }
    if (line.subtype === "api_error") {
      const err = (line.error ?? {}) as { status?: unknown; formatted?: unknown; message?: unknown };
      const attempt = typeof line.retryAttempt === "number" ? line.retryAttempt : undefined;
      if (attempt === undefined) return [...out, notice("error", "api_error", `API error: ${String(err.formatted ?? err.message ?? "unknown")}`)];
      const msg = {
        type: "system",
        subtype: "api_retry",
        attempt,
        ...defined({ max_retries: line.maxRetries, retry_delay_ms: line.retryInMs, error_status: err.status, error: err.formatted ?? err.message }),
      };
      return [...out, ...this.feed(msg)];
    }
    if (line.subtype === "local_command" && typeof line.content === "string" && typeof line.uuid === "string") {
      // Live, the CLI prints a local command's output as a `<synthetic>` assistant message.
      const text = classifyUser({ message: { content: line.content } }).text;
      if (text.trim() === "") return out;
      const msg = { type: "assistant", message: { id: line.uuid, role: "assistant", model: "<synthetic>", content: [{ type: "text", text }] }, parent_tool_use_id: this.parent };
      return [...out, ...this.feed(msg)];
    }
    return out; // other system records are bookkeeping (durations, hooks, …)
  }

  /** Emit the final of the open main-thread message (the transcript has no message_stop). */
  private closeMessage(aborted: boolean): ChatEvent[] {
    const id = this.openMessage;
    if (id === undefined) return [];
    this.openMessage = undefined;
    const stop = { type: "stream_event", event: aborted ? { type: "message_stop", abandoned_blocks: [] } : { type: "message_stop" }, api_message_id: id };
    return this.feed(stop);
  }

  private endTurn(): ChatEvent[] {
    if (this.parent !== null) return [];
    // Tools without a result are closed; messages that already had their final are not repeated.
    const left = this.normalizer.abandonAll("No result was recorded for this tool (the turn was interrupted or claude stopped).");
    const events = left.filter((e) => e.type !== "message_final" || !this.finalized.has(e.messageId));
    this.finalized.clear();
    return this.book.close(events);
  }

  /** Hand a stdout-shaped message to the Normalizer, noting which messages got their final. */
  private feed(msg: unknown): ChatEvent[] {
    const events = this.normalizer.handle(parseInbound(msg));
    for (const e of events) if (e.type === "message_final") this.finalized.add(e.messageId);
    return events;
  }

  /** Give turns ids that stay the same across pages and reloads: `h-<uuid of the turn's first record>`. */
  private stable(events: ChatEvent[]): ChatEvent[] {
    for (const e of events) {
      if ("turnId" in e) e.turnId = this.stableId(e.turnId);
      // The not_logged_in notice names the turn it ended.
      else if (e.type === "notice" && typeof e.data?.turnId === "string") e.data = { ...e.data, turnId: this.stableId(e.data.turnId) };
    }
    return events;
  }

  private stableId(turnId: string): string {
    let id = this.ids.get(turnId);
    if (id === undefined) {
      id = `h-${this.anchor}`;
      this.ids.set(turnId, id);
    }
    return id;
  }
}

/** The stream-json `tool_result_meta` equivalent of a transcript's `permissionDecision`. */
function resultMeta(line: Record<string, unknown>): unknown[] | undefined {
  const decision = line.permissionDecision as { decision?: unknown; source?: unknown } | undefined;
  if (typeof decision?.decision !== "string") return undefined;
  const content = (line.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return undefined;
  return content
    .filter((b) => (b as { type?: unknown })?.type === "tool_result")
    .map((b) => ({ id: (b as { tool_use_id?: unknown }).tool_use_id, permission_decision: defined({ decision: decision.decision, source: decision.source }) }));
}

function notice(level: "info" | "warning" | "error", code: string, message: string): ChatEvent {
  return { type: "notice", level, code, message };
}

/** A copy of `obj` without its undefined values. */
function defined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(obj) as Array<keyof T>) if (obj[key] !== undefined) out[key] = obj[key];
  return out;
}
