import type { PanelEvent, PanelEventOf } from "../../protocol/panel/events.js";

// Compaction of a chat's event log for snapshots. The rule it must keep (proved by the tests
// with the reference reducer in chat-store.ts): reducing compact(events) from an empty store
// gives the same store as reducing every event. What it removes:
// - streamed deltas of messages that have a final (the final replaces them), and earlier finals
//   of the same message (the last one wins); deltas of unfinished messages merge per block;
// - every state event but the last; all init events merge into one; subagent updates of one
//   task merge into one.
// Each message's and task's events are placed where the message/task first appeared, so the
// order of items in a client's store does not change. Events of one message share turnId and
// parentToolUseId (the engine guarantees it).

type Delta = PanelEventOf<"message_delta">;
interface MessageGroup {
  first: number;
  starts: PanelEvent[];
  final?: PanelEvent;
  deltas: Map<number, Delta>;
}

/** The compacted equivalent of `events` (a new array; the input is not modified). */
export function compact(events: readonly PanelEvent[]): PanelEvent[] {
  const messages = new Map<string, MessageGroup>();
  const tasks = new Map<string, { first: number; merged: PanelEventOf<"subagent"> }>();
  let init: { first: number; merged: PanelEventOf<"init"> } | undefined;
  let lastState = -1;

  events.forEach((e, i) => {
    switch (e.type) {
      case "message_start":
      case "message_delta":
      case "message_final": {
        let g = messages.get(e.messageId);
        if (!g) messages.set(e.messageId, (g = { first: i, starts: [], deltas: new Map() }));
        if (e.type === "message_start") g.starts.push(e);
        else if (e.type === "message_final") g.final = e;
        else addDelta(g.deltas, e);
        return;
      }
      case "init":
        init = init ? { first: init.first, merged: mergeDefined(init.merged, e) } : { first: i, merged: { ...e } };
        return;
      case "state":
        lastState = i;
        return;
      case "subagent": {
        const t = tasks.get(e.taskId);
        tasks.set(e.taskId, t ? { first: t.first, merged: mergeDefined(t.merged, e) } : { first: i, merged: { ...e } });
        return;
      }
      default:
        return;
    }
  });

  const out: PanelEvent[] = [];
  events.forEach((e, i) => {
    switch (e.type) {
      case "message_start":
      case "message_delta":
      case "message_final": {
        const g = messages.get(e.messageId)!;
        if (g.first !== i) return;
        out.push(...g.starts);
        if (g.final) out.push(g.final);
        else out.push(...g.deltas.values());
        return;
      }
      case "init":
        if (init?.first === i) out.push(init.merged);
        return;
      case "state":
        if (i === lastState) out.push(e);
        return;
      case "subagent":
        if (tasks.get(e.taskId)?.first === i) out.push(tasks.get(e.taskId)!.merged);
        return;
      default:
        out.push(e);
    }
  });
  return out;
}

function addDelta(deltas: Map<number, Delta>, e: Delta): void {
  const prev = deltas.get(e.index);
  deltas.set(e.index, prev ? { ...prev, text: prev.text + e.text } : { ...e });
}

/** `base` with every field of `next` that is not undefined copied over. */
export function mergeDefined<T extends object>(base: T, next: T): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(next)) if (v !== undefined) out[k] = v;
  return out as T;
}
