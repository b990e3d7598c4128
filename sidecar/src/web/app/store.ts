import type { PanelEvent, PanelEventOf } from "../../protocol/panel/events.js";
import type { BlockView, ChatView, FoldedPermission, Item, MessageItem, ToolItem } from "./store-types.js";
import { measuresContext } from "./format.js";

export type * from "./store-types.js";

// The panel's pure reducer: PanelEvent → next ChatView. It never mutates its input, so the view
// can compare item identities. It follows the rules of the sidecar's compaction (bridge/compact.ts)
// so that reducing a snapshot gives exactly the state of having seen every event live: only the
// last `state` counts, init and subagent events merge their defined fields, a message's final
// replaces its streamed deltas, and items keep the position where their key first appeared.
// A settled permission request folds into its tool's card, whichever of the two arrives last.

/** A chat with no events yet. */
export function emptyChatView(): ChatView {
  return { info: {}, items: [], positions: {}, permissionOfTool: {}, openTurns: [], totals: { input: 0, output: 0, cacheRead: 0, cacheCreation: 0, turns: 0 }, notices: 0 };
}

/** Apply events in order, starting from `view` (default: empty). */
export function reduceAll(events: readonly PanelEvent[], view: ChatView = emptyChatView()): ChatView {
  let v = view;
  for (const e of events) v = reduce(v, e);
  return v;
}

/** The state after one event. */
export function reduce(v: ChatView, e: PanelEvent): ChatView {
  switch (e.type) {
    case "state":
      return { ...v, state: e.state, stateReason: e.reason };
    case "init": {
      const { type: _type, ...fields } = e;
      return { ...v, info: mergeDefined(v.info, fields) };
    }
    case "user_message": {
      // A prompt is queued only until its turn begins (turn_started, or its result).
      const queued = e.queued && !v.openTurns.includes(e.turnId) && v.positions[`result:${e.turnId}`] === undefined;
      return upsert(
        v,
        `user:${e.turnId}`,
        () => ({ kind: "user", key: `user:${e.turnId}`, turnId: e.turnId, text: e.text, queued, attachments: e.attachments }),
        (it) => (it.kind === "user" ? { ...it, text: e.text, queued, attachments: e.attachments } : it),
      );
    }
    case "turn_started": {
      // The prompt's turn began: it is no longer waiting behind another turn.
      const started = upsert(
        v,
        `user:${e.turnId}`,
        () => undefined,
        (it) => (it.kind === "user" && it.queued ? { ...it, queued: false } : it),
      );
      return started.openTurns.includes(e.turnId) ? started : { ...started, openTurns: [...started.openTurns, e.turnId] };
    }
    case "message_start":
      return updateMessage(v, e, (m) => ({ ...m, parentToolUseId: e.parentToolUseId, ...(m.model === undefined && e.model !== undefined ? { model: e.model } : {}) }));
    case "message_delta":
      return updateMessage(v, e, (m) => (m.final ? m : { ...m, blocks: appendDelta(m.blocks, e) }));
    case "message_final":
      return updateMessage(v, e, (m) => ({
        ...m,
        turnId: e.turnId,
        parentToolUseId: e.parentToolUseId,
        blocks: e.blocks.map((b) => ({ index: b.index, kind: b.kind, text: b.text, ...(b.html !== undefined ? { html: b.html } : {}) })),
        final: true,
        aborted: e.aborted,
        error: e.error,
      }));
    case "tool_started": {
      const next = upsert(
        v,
        `tool:${e.toolUseId}`,
        () => newTool(e),
        (it) =>
          it.kind === "tool"
            ? { ...it, name: e.name, summary: e.summary, input: e.input, turnId: e.turnId, parentToolUseId: e.parentToolUseId, ...(e.title !== undefined ? { title: e.title } : {}) }
            : it,
      );
      return fold(next, next.permissionOfTool[e.toolUseId]);
    }
    case "tool_finished": {
      const next = upsert(
        v,
        `tool:${e.toolUseId}`,
        () => finishTool(newTool({ ...e, summary: "", input: undefined }), e),
        (it) => (it.kind === "tool" ? finishTool(it, e) : it),
      );
      return fold(next, next.permissionOfTool[e.toolUseId]);
    }
    case "permission_requested": {
      const key = `perm:${e.requestId}`;
      const asked = unfold(v, key);
      const next = upsert(
        asked,
        key,
        () => ({ kind: "permission", key, request: e }),
        (it) => (it.kind === "permission" ? { ...it, request: e, outcome: undefined, detail: undefined, by: undefined, folded: undefined } : it),
      );
      return e.toolUseId === undefined || next.permissionOfTool[e.toolUseId] === key ? next : { ...next, permissionOfTool: { ...next.permissionOfTool, [e.toolUseId]: key } };
    }
    case "permission_resolved": {
      const key = `perm:${e.requestId}`;
      const next = upsert(
        v,
        key,
        () => ({ kind: "permission", key, request: placeholderRequest(e), outcome: e.outcome, detail: e.detail, by: e.by }),
        (it) => (it.kind === "permission" ? { ...it, outcome: e.outcome, detail: e.detail, by: e.by } : it),
      );
      return fold(next, key);
    }
    case "subagent": {
      const { type: _type, ...fields } = e;
      const key = `task:${e.taskId}`;
      return upsert(
        v,
        key,
        () => ({ kind: "subagent", key, ...fields }),
        (it) => (it.kind === "subagent" ? mergeDefined(it, fields) : it),
      );
    }
    case "turn_file_write":
      return v; // the files card comes with turn_files
    case "turn_files":
      return upsert(
        v,
        `files:${e.turnId}`,
        () => ({ kind: "files", key: `files:${e.turnId}`, turnId: e.turnId, files: e.files }),
        (it) => (it.kind === "files" ? { ...it, files: e.files } : it),
      );
    case "files_reverted":
      return upsert(
        v,
        `files:${e.turnId}`,
        () => undefined,
        (it) => (it.kind === "files" ? { ...it, reverted: { restored: e.restored, skipped: e.skipped } } : it),
      );
    case "notice": {
      const key = `notice:${v.notices + 1}`;
      // A turn claude refused for want of a login ends with its not_logged_in notice (no turn_result).
      const ended = e.code === "not_logged_in" && typeof e.data?.turnId === "string" ? e.data.turnId : undefined;
      const base = ended !== undefined ? { ...v, openTurns: v.openTurns.filter((id) => id !== ended) } : v;
      return upsert(
        { ...base, notices: v.notices + 1 },
        key,
        () => ({ kind: "notice", key, level: e.level, code: e.code, message: e.message }),
        (it) => it,
      );
    }
    case "turn_result": {
      const t = v.totals;
      const totals = {
        input: t.input + e.usage.input,
        output: t.output + e.usage.output,
        cacheRead: t.cacheRead + e.usage.cacheRead,
        cacheCreation: t.cacheCreation + e.usage.cacheCreation,
        turns: t.turns + 1,
      };
      const next = { ...v, totals, lastResult: e, ...(measuresContext(e) ? { contextResult: e } : {}), openTurns: v.openTurns.filter((id) => id !== e.turnId) };
      return upsert(
        next,
        `result:${e.turnId}`,
        () => ({ kind: "result", key: `result:${e.turnId}`, result: e }),
        (it) => (it.kind === "result" ? { ...it, result: e } : it),
      );
    }
    case "unknown":
      return v;
  }
}

/** True while a turn runs (the composer shows Stop, Esc interrupts). */
export function isBusy(v: ChatView): boolean {
  return v.state === "streaming" || v.state === "tool_running" || v.state === "waiting_permission";
}

/** Permission requests nobody answered yet, oldest first. */
export function pendingPermissions(v: ChatView): PanelEventOf<"permission_requested">[] {
  const out: PanelEventOf<"permission_requested">[] = [];
  for (const it of v.items) if (it.kind === "permission" && it.outcome === undefined) out.push(it.request);
  return out;
}

/** The item with `key`, if any. */
export function itemByKey(v: ChatView, key: string): Item | undefined {
  const at = v.positions[key];
  return at === undefined ? undefined : v.items[at];
}

/** Show the settled request `key` inside its tool's card, once both exist. */
function fold(v: ChatView, key: string | undefined): ChatView {
  const perm = key === undefined ? undefined : itemByKey(v, key);
  if (perm?.kind !== "permission" || perm.outcome === undefined || perm.request.toolUseId === undefined) return v;
  const toolKey = `tool:${perm.request.toolUseId}`;
  if (itemByKey(v, toolKey)?.kind !== "tool") return v;
  const folded: FoldedPermission = {
    requestId: perm.request.requestId,
    outcome: perm.outcome,
    ...(perm.detail !== undefined ? { detail: perm.detail } : {}),
    ...(perm.by !== undefined ? { by: perm.by } : {}),
  };
  const next = upsert(
    v,
    perm.key,
    () => perm,
    (it) => (it.kind === "permission" && !it.folded ? { ...it, folded: true } : it),
  );
  return upsert(
    next,
    toolKey,
    () => perm,
    (it) => (it.kind === "tool" && !samePermission(it.permission, folded) ? { ...it, permission: folded } : it),
  );
}

/** A request asked again (repeated after a reconnect) shows as its own card until it is settled. */
function unfold(v: ChatView, key: string): ChatView {
  const perm = itemByKey(v, key);
  if (perm?.kind !== "permission" || !perm.folded || perm.request.toolUseId === undefined) return v;
  return upsert(
    v,
    `tool:${perm.request.toolUseId}`,
    () => perm,
    (it) => (it.kind === "tool" ? { ...it, permission: undefined } : it),
  );
}

function samePermission(a: FoldedPermission | undefined, b: FoldedPermission): boolean {
  return a !== undefined && a.requestId === b.requestId && a.outcome === b.outcome && a.detail === b.detail && a.by === b.by;
}

/** Insert a new item at the end (unless `create` gives none), or replace the existing one with `update(old)`. */
function upsert(v: ChatView, key: string, create: () => Item | undefined, update: (old: Item) => Item): ChatView {
  const at = v.positions[key];
  if (at === undefined) {
    const item = create();
    return item === undefined ? v : { ...v, items: [...v.items, item], positions: { ...v.positions, [key]: v.items.length } };
  }
  const old = v.items[at]!;
  const next = update(old);
  if (next === old) return v;
  const items = v.items.slice();
  items[at] = next;
  return { ...v, items };
}

type MessageEvent = PanelEventOf<"message_start"> | PanelEventOf<"message_delta"> | PanelEventOf<"message_final">;

function updateMessage(v: ChatView, e: MessageEvent, update: (m: MessageItem) => MessageItem): ChatView {
  const key = `msg:${e.messageId}`;
  const fresh = (): MessageItem => ({
    kind: "message",
    key,
    messageId: e.messageId,
    turnId: e.turnId,
    parentToolUseId: "parentToolUseId" in e ? e.parentToolUseId : null,
    blocks: [],
    final: false,
    aborted: false,
  });
  return upsert(
    v,
    key,
    () => update(fresh()),
    (it) => (it.kind === "message" ? update(it) : it),
  );
}

function appendDelta(blocks: readonly BlockView[], e: PanelEventOf<"message_delta">): BlockView[] {
  const at = blocks.findIndex((b) => b.index === e.index);
  if (at >= 0) {
    const out = blocks.slice();
    out[at] = { ...blocks[at]!, text: blocks[at]!.text + e.text };
    return out;
  }
  return [...blocks, { index: e.index, kind: e.kind, text: e.text }].sort((a, b) => a.index - b.index);
}

function newTool(e: { toolUseId: string; turnId: string; name: string; summary: string; input: unknown; parentToolUseId: string | null; title?: string }): ToolItem {
  return {
    kind: "tool",
    key: `tool:${e.toolUseId}`,
    toolUseId: e.toolUseId,
    turnId: e.turnId,
    name: e.name,
    summary: e.summary,
    input: e.input,
    parentToolUseId: e.parentToolUseId,
    status: "running",
    ...(e.title !== undefined ? { title: e.title } : {}),
  };
}

function finishTool(t: ToolItem, e: PanelEventOf<"tool_finished">): ToolItem {
  return {
    ...t,
    status: e.isError ? "error" : "ok",
    result: e.result,
    durationMs: e.durationMs,
    decision: e.decision,
    ...(e.decidedBy !== undefined ? { decidedBy: e.decidedBy } : {}),
    ...(e.images?.length ? { images: e.images } : {}),
  };
}

/** A resolution without its request (cannot happen with a well-behaved server) still shows a card. */
function placeholderRequest(e: PanelEventOf<"permission_resolved">): PanelEventOf<"permission_requested"> {
  return { type: "permission_requested", turnId: e.turnId, requestId: e.requestId, toolName: "tool", input: {}, summary: "", suggestions: [], isQuestion: false };
}

/** `base` with every field of `next` that is not undefined copied over (same rule as compaction). */
function mergeDefined<T extends object>(base: T, next: Partial<T>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [k, val] of Object.entries(next)) if (val !== undefined) out[k] = val;
  return out as T;
}
