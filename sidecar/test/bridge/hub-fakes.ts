import { EventEmitter } from "node:events";
import type { ChatEvent, ChatStateName } from "../../src/protocol/chat-events.js";
import type { PermissionAnswer } from "../../src/chat/permissions.js";
import { AgentPanelError } from "../../src/shared/errors.js";
import type { HubClock } from "../../src/bridge/hubs/hub-coalesce.js";
import type { Renderer } from "../../src/bridge/hubs/hub-render.js";
import type { ServerFrame } from "../../src/protocol/panel/frames.js";

// Test doubles for the bridge: a scriptable chat (no process), a manual clock, a stub renderer,
// and a link that records frames.

/** A chat stand-in: tests emit its events by hand; commands are recorded. */
export class FakeChat extends EventEmitter<{ event: [ChatEvent] }> {
  state: ChatStateName = "starting";
  sessionId: string | undefined = "sess-1";
  readonly calls: { method: string; args: unknown[] }[] = [];
  answerDelayMs = 0;
  private readonly pending = new Set<string>();
  private turns = 0;

  /** Emit an event as the engine would (state events also move `state`). */
  push(...events: ChatEvent[]): void {
    for (const e of events) {
      if (e.type === "state") this.state = e.state;
      if (e.type === "permission_requested") this.pending.add(e.requestId);
      this.emit("event", e);
    }
  }

  /** Move to a state with a proper state event. */
  go(state: ChatStateName, reason?: string): void {
    if (state !== this.state) this.push({ type: "state", state, previous: this.state, ...(reason ? { reason } : {}) });
  }

  async start(): Promise<void> {
    this.calls.push({ method: "start", args: [] });
    this.go("ready", "started");
  }
  async send(text: string): Promise<string> {
    this.calls.push({ method: "send", args: [text] });
    const turnId = `t${++this.turns}`;
    this.push({ type: "user_message", turnId, text, queued: false, attachments: 0 });
    return turnId;
  }
  async interrupt(): Promise<void> {
    this.calls.push({ method: "interrupt", args: [] });
  }
  async setModel(model: string | null): Promise<void> {
    this.calls.push({ method: "setModel", args: [model] });
    this.push({ type: "init", model: model ?? undefined });
  }
  async setPermissionMode(mode: string): Promise<void> {
    this.calls.push({ method: "setPermissionMode", args: [mode] });
    this.push({ type: "init", permissionMode: mode });
  }
  async answerPermission(requestId: string, answer: PermissionAnswer): Promise<void> {
    this.calls.push({ method: "answerPermission", args: [requestId, answer] });
    if (!this.pending.has(requestId)) throw new AgentPanelError("permission_not_pending", "This permission request was already answered or withdrawn.");
    if (answer.kind === "deny" && answer.message.trim() === "") throw new AgentPanelError("deny_message_required", "Say why you deny the tool call.");
    if (this.answerDelayMs > 0) await new Promise((r) => setTimeout(r, this.answerDelayMs));
    this.pending.delete(requestId);
    this.push({ type: "permission_resolved", turnId: "t1", requestId, outcome: answer.kind.startsWith("allow") || answer.kind === "answer_questions" ? "allowed" : "denied", detail: answer.kind });
  }
  async close(): Promise<void> {
    this.calls.push({ method: "close", args: [] });
    for (const requestId of [...this.pending]) this.push({ type: "permission_resolved", turnId: "t1", requestId, outcome: "cancelled", detail: "chat closed" });
    this.pending.clear();
    this.go("closed", "closed");
  }
}

/** A clock that only moves when the test says so. */
export class ManualClock implements HubClock {
  private t = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private ids = 0;

  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.ids;
    this.timers.push({ at: this.t + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  /** Number of armed timers. */
  get armed(): number {
    return this.timers.length;
  }
  /** Move time forward, firing due timers in order. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }
}

/** A renderer that marks its output, without loading the real one. */
export const stubRender: Renderer = (markdown) => ({ unity: [{ type: "paragraph", text: markdown }] as never, html: `<p>${markdown}</p>` });

/** A client link that records every frame. */
export function recordingLink(): {
  frames: ServerFrame[];
  closed: boolean;
  send(f: ServerFrame): void;
  close(): void;
  of<K extends ServerFrame["kind"]>(kind: K): Extract<ServerFrame, { kind: K }>[];
} {
  const link = {
    frames: [] as ServerFrame[],
    closed: false,
    send(f: ServerFrame) {
      link.frames.push(structuredClone(f));
    },
    close() {
      link.closed = true;
    },
    of<K extends ServerFrame["kind"]>(kind: K) {
      return link.frames.filter((f) => f.kind === kind) as Extract<ServerFrame, { kind: K }>[];
    },
  };
  return link;
}

/** Sends commands to a router handler and waits for each answer by its id (`<prefix>1`, `<prefix>2`, …). */
export function commander(handler: { onText(raw: string): void }, link: { frames: ServerFrame[] }, prefix = "q", tries = 100): (body: Record<string, unknown>) => Promise<ServerFrame> {
  let n = 0;
  return async (body) => {
    const id = `${prefix}${++n}`;
    handler.onText(JSON.stringify({ id, ...body }));
    for (let i = 0; i < tries; i++) {
      const answer = link.frames.find((f) => "id" in f && f.id === id);
      if (answer) return answer;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error(`no answer to ${JSON.stringify(body)}`);
  };
}
