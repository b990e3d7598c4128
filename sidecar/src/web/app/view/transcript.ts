import { h, replaceChildren } from "../dom.js";
import { pendingPermissions, type ChatView, type Item } from "../store.js";
import { renderItem, renderStamp, type ItemContext } from "./items.js";
import type { PermissionCards } from "./permission.js";

// The transcript: a keyed list that re-renders only the items whose object (or stamp) changed,
// keeps the focus and caret inside a re-rendered card, and sticks to the bottom while the user
// has not scrolled up. Sending follows the bottom again; while the user reads above, new content
// shows a "↓ New" pill instead of moving the page.

interface Rendered {
  item: Item;
  stamp: string;
  el: HTMLElement;
}

/** The message list of the active chat. */
export class TranscriptView {
  readonly el: HTMLElement;
  private readonly list: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly hint: HTMLElement;
  private rendered = new Map<string, Rendered>();
  private chatId: string | undefined;
  private readonly openDetails = new Set<string>();
  /** Set by a send: the next render scrolls to the bottom even if the user had scrolled up. */
  private follow = false;
  /** "↓ New" pill, shown when something arrived below while the user reads above. */
  private readonly pill: HTMLButtonElement;
  /** The last item shown: when it changes (new or growing output below), the pill may show. */
  private lastItem: Item | undefined;

  constructor(
    private readonly cards: PermissionCards,
    private readonly extras: Pick<ItemContext, "subagent" | "media" | "revertFiles"> = {},
  ) {
    this.list = h("div", { class: "items" });
    this.hint = h("p", null, "Type below and press Enter. Shift+Enter adds a new line.");
    this.empty = h("div", { class: "empty" }, h("p", { class: "empty-title" }, "Ask Claude anything about your project."), this.hint);
    this.pill = h("button", { class: "new-pill", attrs: { type: "button", hidden: true, "aria-label": "Scroll to the newest message" }, on: { click: () => this.toBottom() } }, "↓ New");
    this.el = h("div", { class: "transcript", attrs: { role: "log", "aria-label": "Conversation", tabindex: "0" } }, this.empty, this.list, this.pill);
    this.el.addEventListener("scroll", () => {
      if (this.atBottom()) this.pill.hidden = true;
    });
  }

  /** The user sent something: show it and what follows (the answer, a permission card). */
  followBottom(): void {
    this.follow = true;
    this.toBottom();
  }

  private toBottom(): void {
    this.el.scrollTop = this.el.scrollHeight;
    this.pill.hidden = true;
  }

  /** The empty chat's hint for the send key chosen in Settings. */
  setSendKeyHint(ctrlEnter: boolean): void {
    this.hint.textContent = ctrlEnter ? "Type below and press Ctrl+Enter. Enter adds a new line." : "Type below and press Enter. Shift+Enter adds a new line.";
  }

  /** Show `view` of `chatId` (undefined = no chat yet). */
  render(chatId: string | undefined, view: ChatView | undefined): void {
    const switched = chatId !== this.chatId;
    if (switched) {
      this.chatId = chatId;
      this.rendered = new Map();
      replaceChildren(this.list);
    }
    const items = view?.items ?? [];
    this.empty.hidden = items.length > 0;
    const stick = switched || this.follow || this.atBottom();
    this.follow = false;
    const ctx = this.context(view);
    const seen = new Set<string>();
    let prev: Element | null = null;
    for (const item of items) {
      // A settled permission request is shown inside its tool's card.
      if (item.kind === "permission" && item.folded) continue;
      seen.add(item.key);
      const stamp = renderStamp(item, ctx, (id) => this.cards.stamp(id));
      const old = this.rendered.get(item.key);
      let el: HTMLElement;
      if (old && old.item === item && old.stamp === stamp) el = old.el;
      else {
        el = renderItem(item, ctx);
        if (old) swapKeepingFocus(old.el, el);
        this.rendered.set(item.key, { item, stamp, el });
      }
      const expected: Element | null = prev ? prev.nextElementSibling : this.list.firstElementChild;
      if (expected !== el) this.list.insertBefore(el, expected);
      prev = el;
    }
    for (const [key, r] of this.rendered) {
      if (seen.has(key)) continue;
      r.el.remove();
      this.rendered.delete(key);
    }
    // Older pages prepended above (Load older) do not change the last item: no pill for them.
    const last = items.at(-1);
    const news = last !== undefined && last !== this.lastItem && !switched;
    this.lastItem = last;
    if (stick) this.toBottom();
    else if (news) this.pill.hidden = false;
  }

  private context(view: ChatView | undefined): ItemContext {
    const awaiting = new Set<string>();
    if (view) for (const p of pendingPermissions(view)) if (p.toolUseId) awaiting.add(p.toolUseId);
    return { openDetails: this.openDetails, awaitingApproval: awaiting, permission: (item) => this.cards.render(item), ...this.extras };
  }

  private atBottom(): boolean {
    return this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 48;
  }
}

/** Replace `old` with `next`; if the focus was inside, focus the same control (data-fid) again. */
function swapKeepingFocus(old: HTMLElement, next: HTMLElement): void {
  const active = document.activeElement;
  const fid = active instanceof HTMLElement && old.contains(active) ? active.dataset.fid : undefined;
  const caret: [number | null, number | null] | undefined = active instanceof HTMLInputElement ? [active.selectionStart, active.selectionEnd] : undefined;
  old.replaceWith(next);
  if (!fid) return;
  const selector = `[data-fid="${CSS.escape(fid)}"]`;
  const target = next.matches(selector) ? next : next.querySelector<HTMLElement>(selector);
  if (!target || (target as HTMLButtonElement).disabled) return;
  target.focus();
  if (caret && target instanceof HTMLInputElement && caret[0] !== null) target.setSelectionRange(caret[0], caret[1]);
}
