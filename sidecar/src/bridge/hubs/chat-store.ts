import type { PanelEvent, PanelEventOf } from "../../protocol/panel/events.js";
import { mergeDefined } from "./compact.js";

// The reference client store: what a panel must do with a chat's events to show it. The sidecar
// uses it to prove that snapshots (compacted logs) rebuild exactly the state a live client has,
// and docs/protocol.md describes the same rules for the C# and browser clients.

/** A chat as a client sees it: lifecycle state, merged init info, and items in first-seen order. */
export interface ChatStore {
  state?: PanelEventOf<"state">;
  info: Partial<Omit<PanelEventOf<"init">, "type">>;
  items: Map<string, StoreItem>;
  counter: number;
}

/** One entry of the transcript (message, tool call, permission card, notice…). */
export type StoreItem = Record<string, unknown> & { kind: string };

/** A fresh, empty store. */
export function emptyStore(): ChatStore {
  return { info: {}, items: new Map(), counter: 0 };
}

/** Apply events in order to `store` (mutated and returned). */
export function reduceEvents(events: readonly PanelEvent[], store: ChatStore = emptyStore()): ChatStore {
  for (const e of events) apply(store, e);
  return store;
}

function apply(s: ChatStore, e: PanelEvent): void {
  switch (e.type) {
    case "state":
      s.state = e;
      return;
    case "init": {
      const { type: _type, ...fields } = e;
      s.info = mergeDefined(s.info, fields);
      return;
    }
    case "message_start": {
      const m = message(s, e);
      m.parentToolUseId = e.parentToolUseId;
      if (m.model === undefined && e.model !== undefined) m.model = e.model;
      return;
    }
    case "message_delta": {
      const m = message(s, e);
      if (m.final) return;
      const streaming = m.streaming as Record<number, { kind: string; text: string }>;
      const block = streaming[e.index];
      streaming[e.index] = block ? { kind: block.kind, text: block.text + e.text } : { kind: e.kind, text: e.text };
      return;
    }
    case "message_final": {
      const m = message(s, e);
      m.turnId = e.turnId;
      m.parentToolUseId = e.parentToolUseId;
      m.final = { blocks: e.blocks, aborted: e.aborted, error: e.error };
      m.streaming = {};
      return;
    }
    case "tool_started":
      item(s, `tool:${e.toolUseId}`, "tool").started = e;
      return;
    case "tool_finished":
      item(s, `tool:${e.toolUseId}`, "tool").finished = e;
      return;
    case "permission_requested":
      item(s, `perm:${e.requestId}`, "permission").requested = e;
      return;
    case "permission_resolved":
      item(s, `perm:${e.requestId}`, "permission").resolved = e;
      return;
    case "subagent": {
      const { type: _type, ...fields } = e;
      const key = `task:${e.taskId}`;
      s.items.set(key, mergeDefined(item(s, key, "subagent"), { kind: "subagent", ...fields }));
      return;
    }
    case "user_message":
      item(s, `user:${e.turnId}`, "user").event = e;
      return;
    case "turn_started":
      item(s, `turn:${e.turnId}`, "turn").event = e;
      return;
    case "turn_result":
      item(s, `result:${e.turnId}`, "result").event = e;
      return;
    case "notice":
    case "unknown":
      s.items.set(`${e.type}:${++s.counter}`, { kind: e.type, event: e });
      return;
  }
}

function message(s: ChatStore, e: { messageId: string; turnId: string; parentToolUseId?: string | null }): StoreItem {
  const key = `msg:${e.messageId}`;
  let m = s.items.get(key);
  if (!m) s.items.set(key, (m = { kind: "message", messageId: e.messageId, turnId: e.turnId, parentToolUseId: e.parentToolUseId ?? null, streaming: {} }));
  return m;
}

function item(s: ChatStore, key: string, kind: string): StoreItem {
  let it = s.items.get(key);
  if (!it) s.items.set(key, (it = { kind }));
  return it;
}

/** Pending permission requests of a store (requested, not resolved), oldest first. */
export function pendingRequests(s: ChatStore): PanelEventOf<"permission_requested">[] {
  const out: PanelEventOf<"permission_requested">[] = [];
  for (const it of s.items.values()) if (it.kind === "permission" && it.requested && !it.resolved) out.push(it.requested as PanelEventOf<"permission_requested">);
  return out;
}
