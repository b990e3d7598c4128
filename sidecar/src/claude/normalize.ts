import type { ChatEvent, ChatEventOf, DecidedBy } from "../protocol/chat-events.js";
import type { Inbound } from "../protocol/claude/parse.js";
import type { AssistantMsg, ResultMsg, StreamEventMsg, UserMsg } from "../protocol/claude/inbound.js";
import type { SystemMessage } from "../protocol/claude/system.js";
import { summarizeTool, toolResultImages, toolResultText } from "./summary.js";
import { TurnTracker } from "./turns.js";
import { errorsWithoutDiagnostics, resultUsage, turnStatus, withoutDiagnostics } from "./turn-facts.js";
import { notLoggedIn, replyText } from "./login.js";

// Turns the CLI's content messages (stream events, assistant/user lines, system notices, results)
// into chat events tagged with the turn they belong to. Control messages are the Chat's business.

type Block = ChatEventOf<"message_final">["blocks"][number];
interface MessageState {
  turnId: string;
  parent: string | null;
  blocks: Block[];
  aborted: boolean;
  error?: string;
  ended: boolean;
}
interface ToolState {
  turnId: string;
  name: string;
  startedAt: number;
  parent: string | null;
}

/** Stateful translator from parsed stdout messages to ChatEvents for one chat. */
export class Normalizer {
  readonly turns = new TurnTracker();
  private readonly messages = new Map<string, MessageState>();
  private readonly tools = new Map<string, ToolState>();
  private cwd: string | undefined;
  /** claude's words when it refused the open turn for want of a login (its synthetic reply is not shown). */
  private loginRefused: string | undefined;
  /** Title and one-line summary of the sidecar's own tools (set by the chat when it has a tool host). */
  agentTool: ((name: string, input: unknown) => { title?: string; summary: string } | undefined) | undefined;
  /** set_model requests in flight: claude echoes their "Set model to …" line, which is no prompt's echo. */
  modelSwitches = 0;
  /** Turns the panel ended after an unanswered interrupt: a late result of claude's for one is dropped. */
  orphanResults = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Main-thread tools started and not finished (subagents' tools do not hold the chat busy). */
  get runningMainTools(): number {
    let n = 0;
    for (const tool of this.tools.values()) if (tool.parent === null) n++;
    return n;
  }

  /** Translate one message; returns the events it produces (possibly none). */
  handle(inbound: Inbound): ChatEvent[] {
    switch (inbound.kind) {
      case "stream_event":
        return this.onStreamEvent(inbound.msg);
      case "assistant":
        return this.onAssistant(inbound.msg);
      case "user":
        return this.onUser(inbound.msg);
      case "system":
        return this.onSystem(inbound.msg);
      case "result":
        return this.onResult(inbound.msg);
      case "unknown":
        return [{ type: "unknown", messageType: inbound.type, subtype: inbound.subtype, reason: inbound.issues ? `${inbound.reason}: ${inbound.issues}` : inbound.reason, raw: inbound.raw }];
      default:
        return [];
    }
  }

  /** The user allowed a tool call: its duration counts from now, not from while it waited for the answer. */
  approved(toolUseId: string): void {
    const tool = this.tools.get(toolUseId);
    if (tool) tool.startedAt = this.now();
  }

  /** Forget open tools and messages when the process is gone (crash path); returns closing events. */
  abandonAll(reason: string): ChatEvent[] {
    const out: ChatEvent[] = [];
    this.loginRefused = undefined;
    for (const [toolUseId, tool] of this.tools) {
      out.push({
        type: "tool_finished",
        turnId: tool.turnId,
        toolUseId,
        name: tool.name,
        isError: true,
        result: reason,
        durationMs: Math.round(this.now() - tool.startedAt),
        parentToolUseId: tool.parent,
      });
    }
    this.tools.clear();
    for (const [messageId, m] of this.messages) if (!m.ended) out.push(this.final(messageId, m, true));
    this.messages.clear();
    return out;
  }

  private onStreamEvent(msg: StreamEventMsg): ChatEvent[] {
    const event = msg.event;
    const parent = msg.parent_tool_use_id ?? null;
    const out: ChatEvent[] = [];
    const turnId = this.turnFor(parent, out);
    if (event.type === "message_start") {
      const id = event.message?.id ?? msg.api_message_id;
      if (id) this.openMessage(id, turnId, parent, event.message?.model, out);
    } else if (event.type === "content_block_delta" && event.delta) {
      const id = msg.api_message_id;
      const kind = event.delta.type === "text_delta" ? "text" : event.delta.type === "thinking_delta" ? "thinking" : undefined;
      const text = kind === "text" ? event.delta.text : kind === "thinking" ? event.delta.thinking : undefined;
      if (id && kind && text) {
        const m = this.openMessage(id, turnId, parent, undefined, out);
        out.push({ type: "message_delta", turnId: m.turnId, messageId: id, index: event.index ?? 0, kind, text });
      }
    } else if (event.type === "message_stop") {
      const id = msg.api_message_id;
      const m = id ? this.messages.get(id) : undefined;
      if (id && m && !m.ended) {
        m.ended = true;
        if ((event as { abandoned_blocks?: unknown }).abandoned_blocks !== undefined) m.aborted = true;
        out.push(this.final(id, m, m.aborted));
        this.messages.delete(id);
      }
    }
    return out;
  }

  private onAssistant(msg: AssistantMsg): ChatEvent[] {
    const parent = msg.parent_tool_use_id ?? null;
    const out: ChatEvent[] = [];
    if (parent === null && msg.error === "authentication_failed") {
      // Not a reply: the turn ends with one not_logged_in notice when its result arrives.
      this.turnFor(parent, out);
      this.loginRefused = replyText(msg.message.content) ?? "Not logged in";
      return out;
    }
    const turnId = this.turnFor(parent, out);
    const id = msg.message.id;
    const m = this.openMessage(id, turnId, parent, msg.message.model, out);
    if (msg.aborted) m.aborted = true;
    if (msg.error) m.error = msg.error;
    let textual = false;
    for (const block of msg.message.content) {
      const b = block as { type: string; text?: unknown; thinking?: unknown; id?: unknown; name?: unknown; input?: unknown };
      if (b.type === "text" && typeof b.text === "string") {
        m.blocks.push({ index: m.blocks.length, kind: "text", text: b.text });
        textual = true;
      } else if (b.type === "thinking" && typeof b.thinking === "string") {
        m.blocks.push({ index: m.blocks.length, kind: "thinking", text: b.thinking });
        textual = true;
      } else if (b.type === "tool_use" && typeof b.id === "string" && typeof b.name === "string") {
        this.tools.set(b.id, { turnId: m.turnId, name: b.name, startedAt: this.now(), parent });
        const ours = this.agentTool?.(b.name, b.input);
        out.push({
          type: "tool_started",
          turnId: m.turnId,
          toolUseId: b.id,
          name: b.name,
          input: b.input ?? {},
          summary: ours?.summary ?? summarizeTool(b.name, b.input, this.cwd),
          parentToolUseId: parent,
          ...(ours?.title !== undefined ? { title: ours.title } : {}),
        });
      }
    }
    // Main-thread messages end with message_stop; subagent and synthetic ones never stream, so
    // each of their lines is final on its own (a later line for the same id replaces it).
    const streamed = parent === null && !msg.error && (msg.message.model ?? "") !== "<synthetic>";
    if (!streamed && textual) out.push(this.final(id, m, m.aborted));
    return out;
  }

  private onUser(msg: UserMsg): ChatEvent[] {
    const parent = msg.parent_tool_use_id ?? null;
    const content = msg.message.content;
    const out: ChatEvent[] = [];
    if (msg.isReplay && parent === null) {
      // A local command's output (set_model says "Set model to …") with no prompt of ours behind it
      // is not a turn: claude sends no result for it, so opening one would leave the chat busy.
      if (isLocalCommandOutput(content) && (this.modelSwitches > 0 || this.turns.pending.length === 0)) return out;
      if (this.turns.current === null) {
        const started = this.turns.startPrompted();
        this.orphanResults = 0;
        out.push({ type: "turn_started", turnId: started.turnId, prompted: started.prompted });
      }
      return out;
    }
    if (!Array.isArray(content)) return out;
    for (const block of content) {
      const b = block as { type: string; tool_use_id?: unknown; content?: unknown; is_error?: unknown };
      if (b.type !== "tool_result" || typeof b.tool_use_id !== "string") continue;
      const tool = this.tools.get(b.tool_use_id);
      this.tools.delete(b.tool_use_id);
      for (const [id, m] of this.messages) if (m.parent === b.tool_use_id) this.messages.delete(id);
      const meta = msg.tool_result_meta?.find((x) => x.id === b.tool_use_id);
      const images = toolResultImages(b.content);
      out.push({
        type: "tool_finished",
        turnId: tool?.turnId ?? this.turnFor(parent, out),
        toolUseId: b.tool_use_id,
        name: tool?.name ?? "unknown",
        isError: b.is_error === true,
        result: toolResultText(b.content),
        ...(images.length ? { images } : {}),
        durationMs: tool ? Math.round(this.now() - tool.startedAt) : 0,
        decision: meta?.permission_decision?.decision,
        decidedBy: deciderOf(meta?.permission_decision?.source),
        parentToolUseId: parent,
      });
    }
    return out;
  }

  private onSystem(msg: SystemMessage): ChatEvent[] {
    switch (msg.subtype) {
      case "init":
        this.cwd = msg.cwd ?? this.cwd;
        return [{ type: "init", sessionId: msg.session_id, cliVersion: msg.claude_code_version, model: msg.model, permissionMode: msg.permissionMode, cwd: msg.cwd, tools: msg.tools }];
      case "api_retry": {
        // claude retries a refused login too (401/403): that is not the API being busy.
        const refused = msg.error === "authentication_failed" || msg.error_status === 401 || msg.error_status === 403;
        const why = refused ? `The API refused the login (${msg.error_status ?? "authentication failed"})` : `The API is busy (${msg.error ?? msg.error_status ?? "error"})`;
        return [
          notice("warning", "api_retry", `${why}; retry ${msg.attempt}${msg.max_retries ? ` of ${msg.max_retries}` : ""} in ${Math.round((msg.retry_delay_ms ?? 0) / 100) / 10} s.`, {
            attempt: msg.attempt,
            delayMs: msg.retry_delay_ms,
            status: msg.error_status,
          }),
        ];
      }
      case "compact_boundary":
        return [
          notice("info", "compacted", `Conversation compacted (${msg.compact_metadata?.trigger ?? "auto"}).`, {
            preTokens: msg.compact_metadata?.pre_tokens,
            postTokens: msg.compact_metadata?.post_tokens,
          }),
        ];
      case "status":
        return msg.status === "compacting" ? [notice("info", "compacting", "Compacting the conversation…")] : [];
      case "task_started":
        return [
          { type: "subagent", taskId: msg.task_id, toolUseId: msg.tool_use_id, status: "running", description: msg.description, subagentType: msg.subagent_type, background: msg.is_backgrounded },
        ];
      case "task_progress":
        return [
          {
            type: "subagent",
            taskId: msg.task_id,
            toolUseId: msg.tool_use_id,
            status: "running",
            description: msg.description,
            tokens: msg.usage?.total_tokens,
            toolUses: msg.usage?.tool_uses,
            durationMs: msg.usage?.duration_ms,
            lastTool: msg.last_tool_name,
          },
        ];
      case "task_updated":
        return msg.patch?.status ? [{ type: "subagent", taskId: msg.task_id, status: msg.patch.status }] : [];
      case "task_notification":
        return [
          {
            type: "subagent",
            taskId: msg.task_id,
            toolUseId: msg.tool_use_id,
            status: msg.status ?? "completed",
            summary: msg.summary,
            tokens: msg.usage?.total_tokens,
            toolUses: msg.usage?.tool_uses,
            durationMs: msg.usage?.duration_ms,
          },
        ];
      default:
        return [];
    }
  }

  private onResult(msg: ResultMsg): ChatEvent[] {
    const ended = this.turns.end();
    if (ended === null && this.orphanResults > 0) {
      this.orphanResults--;
      return [];
    }
    const out: ChatEvent[] = [];
    const turnId = ended ?? this.turns.lastTurnId ?? "none";
    // Anything of this turn still open is closed now, so nothing leaks into the next turn.
    for (const [id, m] of this.messages)
      if (m.turnId === turnId && !m.ended && m.parent === null) {
        out.push(this.final(id, m, true));
        this.messages.delete(id);
      }
    if (this.loginRefused !== undefined) {
      const detail = this.loginRefused;
      this.loginRefused = undefined;
      out.push(notLoggedIn(turnId, detail));
      return out;
    }
    const models = Object.values(msg.modelUsage ?? {});
    const text = withoutDiagnostics(msg.result);
    out.push({
      type: "turn_result",
      turnId,
      ok: !msg.is_error,
      status: turnStatus(!msg.is_error, msg.terminal_reason),
      subtype: msg.subtype,
      ...(text !== undefined ? { text } : {}),
      errors: errorsWithoutDiagnostics(msg.errors ?? []),
      terminalReason: msg.terminal_reason,
      durationMs: msg.duration_ms,
      numTurns: msg.num_turns,
      costUsd: msg.total_cost_usd,
      usage: resultUsage(msg),
      contextWindow: models.reduce<number | undefined>((max, m) => (m.contextWindow !== undefined && (max === undefined || m.contextWindow > max) ? m.contextWindow : max), undefined),
      denials: (msg.permission_denials ?? []).map((d) => ({ toolName: d.tool_name, toolUseId: d.tool_use_id })),
    });
    return out;
  }

  /** The turn a message belongs to; main-thread output with no open turn starts an unprompted one. */
  private turnFor(parent: string | null, out: ChatEvent[]): string {
    if (parent !== null) {
      const owner = this.tools.get(parent);
      if (owner) return owner.turnId;
    }
    if (this.turns.current !== null) return this.turns.current;
    if (parent !== null && this.turns.lastTurnId !== undefined) return this.turns.lastTurnId;
    const started = this.turns.startUnprompted();
    out.push({ type: "turn_started", turnId: started, prompted: false });
    return started;
  }

  private openMessage(id: string, turnId: string, parent: string | null, model: string | undefined, out: ChatEvent[]): MessageState {
    let m = this.messages.get(id);
    if (!m) {
      m = { turnId, parent, blocks: [], aborted: false, ended: false };
      this.messages.set(id, m);
      out.push({ type: "message_start", turnId, messageId: id, parentToolUseId: parent, model });
    }
    return m;
  }

  private final(messageId: string, m: MessageState, aborted: boolean): ChatEvent {
    return { type: "message_final", turnId: m.turnId, messageId, parentToolUseId: m.parent, blocks: [...m.blocks], aborted, ...(m.error ? { error: m.error } : {}) };
  }
}

/** A replayed user line that is a local command's output, not the echo of a prompt we sent. */
function isLocalCommandOutput(content: unknown): boolean {
  const text = typeof content === "string" ? content : Array.isArray(content) && content.length === 1 ? (content[0] as { text?: unknown }).text : undefined;
  return typeof text === "string" && /^<local-command-(stdout|stderr)>/.test(text.trimStart());
}

function notice(level: "info" | "warning" | "error", code: string, message: string, data?: Record<string, unknown>): ChatEvent {
  return data ? { type: "notice", level, code, message, data } : { type: "notice", level, code, message };
}

/** claude's record of who decided a tool call (tool_result_meta) in the panel's words. */
function deciderOf(source: string | undefined): DecidedBy | undefined {
  if (source === "user_temporary" || source === "user_reject") return "user";
  if (source === "user_permanent" || source === "config") return "rule";
  return undefined;
}
