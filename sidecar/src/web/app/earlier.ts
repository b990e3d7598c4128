import type { PanelEvent } from "../../protocol/panel/events.js";
import { reduceAll, type ChatView, type Item } from "./store.js";

// A resumed chat's earlier conversation: the pages history.load returns for the handle chat.open
// answered (newest first, "Load older" prepends), shown above the chat's own live events. The two
// are reduced separately (their notices and turns are numbered independently) and merged for the
// transcript with the earlier items' keys prefixed, so neither can overwrite the other.

/** The earlier conversation of one resumed chat. */
export interface EarlierConversation {
  sessionId: string;
  /** Every loaded event, oldest first. */
  events: readonly PanelEvent[];
  view: ChatView;
  /** Cursor of the next page to load: the handle's at first, then older ones; null at the beginning. */
  cursor: string | null;
  loading: boolean;
  /** Increments when older events are prepended (the view keeps the scroll position then). */
  olderPages: number;
}

/** Before the first page arrives. */
export function startEarlier(sessionId: string, cursor: string): EarlierConversation {
  return { sessionId, events: [], view: reduceAll([]), cursor, loading: true, olderPages: 0 };
}

/** After a page (older than everything loaded so far) arrived. */
export function withPage(e: EarlierConversation, events: readonly PanelEvent[], cursor: string | null): EarlierConversation {
  const all = [...events, ...e.events];
  return { ...e, events: all, view: reduceAll(all), cursor, loading: false, olderPages: e.events.length > 0 ? e.olderPages + 1 : e.olderPages };
}

const prefixed = new WeakMap<ChatView, readonly Item[]>();

/** What the transcript shows: the earlier items (keys prefixed `earlier:`) then the live ones. */
export function mergedView(earlier: EarlierConversation | undefined, live: ChatView | undefined): ChatView | undefined {
  if (!earlier || earlier.view.items.length === 0) return live;
  let items = prefixed.get(earlier.view);
  if (!items) {
    items = earlier.view.items.map((it) => ({ ...it, key: `earlier:${it.key}` }));
    prefixed.set(earlier.view, items);
  }
  const base = live ?? reduceAll([]);
  return { ...base, items: [...items, ...base.items] };
}
