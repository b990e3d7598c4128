import { AgentPanelError } from "../../shared/errors.js";
import type { ClientCommandOf } from "../../protocol/panel/commands.js";
import type { ServerFrame } from "../../protocol/panel/frames.js";
import type { PanelHistory } from "../hubs/history-service.js";
import { forClient, type RenderWanted } from "./router-frames.js";

// The history.* commands of one client connection: list, search, load and subagent (pages trimmed
// to the rendered forms the client asked for) and the history.changed subscription.

type Result = Record<string, unknown> | undefined;

/** Handlers of the history commands, plus the cleanup for when the client goes away. */
export interface HistoryHandlers {
  "history.list": (c: ClientCommandOf<"history.list">) => Promise<Result>;
  "history.search": (c: ClientCommandOf<"history.search">) => Promise<Result>;
  "history.load": (c: ClientCommandOf<"history.load">) => Promise<Result>;
  "history.subagent": (c: ClientCommandOf<"history.subagent">) => Promise<Result>;
  "history.subscribe": (c: ClientCommandOf<"history.subscribe">) => Promise<Result>;
  "history.unsubscribe": (c: ClientCommandOf<"history.unsubscribe">) => Result;
  close(): void;
}

/** History handlers for one client; without a history service every command fails with history_unavailable. */
export function historyHandlers(history: PanelHistory | undefined, send: (frame: ServerFrame) => void, render: () => RenderWanted): HistoryHandlers {
  let unsubscribe: (() => void) | undefined;
  let subscribing: Promise<void> | undefined;
  let wanted = false;
  let closed = false;
  const need = (): PanelHistory => {
    if (!history)
      throw new AgentPanelError("history_unavailable", "This sidecar has no session history (it was started without a project); restart it from Unity or with `agent-panel serve --project <path>`.");
    return history;
  };
  return {
    "history.list": async (c) => need().list({ query: c.query, includeArchived: c.includeArchived }),
    "history.search": async (c) => need().search(c.text, c.limit),
    "history.load": async (c) => {
      const wanted = render();
      const page = await need().load(c.sessionId, c.cursor, wanted.html);
      return { ...page, events: page.events.map((e) => forClient(e, wanted)) };
    },
    "history.subagent": async (c) => {
      const wanted = render();
      const page = await need().subagent(c.sessionId, { agentId: c.agentId, toolUseId: c.toolUseId }, c.cursor, wanted.html);
      return { ...page, events: page.events.map((e) => forClient(e, wanted)) };
    },
    "history.subscribe": async () => {
      const h = need();
      wanted = true;
      subscribing ??= h
        .subscribe((change) => send({ kind: "history.changed", sessions: change.sessions, removed: change.removed }))
        .then((off) => {
          if (closed || !wanted) {
            off();
            subscribing = undefined;
          } else unsubscribe = off;
        });
      try {
        await subscribing;
      } catch (err) {
        subscribing = undefined;
        throw err;
      }
      return undefined;
    },
    "history.unsubscribe": () => {
      wanted = false;
      if (unsubscribe) subscribing = undefined; // else a subscribe in flight drops itself
      unsubscribe?.();
      unsubscribe = undefined;
      return undefined;
    },
    close() {
      closed = true;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
}
