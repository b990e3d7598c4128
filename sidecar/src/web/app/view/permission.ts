import type { PermissionAnswer } from "../../../protocol/panel/inputs.js";
import { h } from "../dom.js";
import { describeSuggestion, previewJson, shortSummary } from "../format.js";
import { pathShownIn, settled } from "../permission-words.js";
import type { PermissionItem } from "../store.js";
import { renderDiff } from "./diff-view.js";
import { resultImage } from "./items.js";
import { renderQuestions, type Question } from "./questions.js";

// Permission cards: Allow, Always allow ▾ (one entry per suggestion claude offered), Deny with a
// message for Claude, Deny and stop. AskUserQuestion requests become option buttons instead.
// Each card keeps a little local state (sending, error, menu, typed text) outside the store;
// a change bumps its stamp so the transcript re-renders just that card.

/** Message sent with Deny when the user typed none. */
export const DEFAULT_DENY_MESSAGE = "The user denied this request.";

/** Local, per-request UI state. */
interface CardState {
  version: number;
  sending: boolean;
  error?: string;
  menuOpen: boolean;
  denyText: string;
  picks: Record<string, string[]>;
  other: Record<string, string>;
}

/** Renders and drives permission cards. */
export class PermissionCards {
  private readonly cards = new Map<string, CardState>();

  constructor(
    private readonly answer: (requestId: string, answer: PermissionAnswer) => Promise<void>,
    private readonly changed: () => void,
  ) {}

  /** Changes whenever the card's local state changes. */
  stamp(requestId: string): string {
    return String(this.cards.get(requestId)?.version ?? 0);
  }

  /** Answer Allow (keyboard Y). */
  allow(requestId: string): void {
    void this.send(requestId, { kind: "allow" });
  }

  /** Move the focus to the deny message field (keyboard N). */
  focusDeny(root: ParentNode, requestId: string): void {
    root.querySelector<HTMLInputElement>(`[data-fid="deny:${CSS.escape(requestId)}"]`)?.focus();
  }

  /** Focus the card itself (so Y and N work at once) unless the user is typing somewhere. */
  focusCard(root: ParentNode, requestId: string, composer: HTMLTextAreaElement): void {
    const active = document.activeElement;
    const idle = active === null || active === document.body || (active === composer && composer.value === "");
    if (idle) root.querySelector<HTMLElement>(`[data-fid="card:${CSS.escape(requestId)}"]`)?.focus({ preventScroll: true });
  }

  /** Close any open "Always allow" menu; true if one was open. */
  closeMenus(): boolean {
    let closed = false;
    for (const [id, st] of this.cards) if (st.menuOpen) (this.update(id, { menuOpen: false }), (closed = true));
    return closed;
  }

  /** The card element. */
  render(item: PermissionItem): HTMLElement {
    const r = item.request;
    const st = this.state(r.requestId);
    const label = r.agentTool?.title ?? r.toolName;
    const title = r.isQuestion ? "Claude has a question" : `Allow ${label}?`;
    const card = h("section", {
      class: `item permission${item.outcome ? ` resolved ${item.outcome}` : ""}`,
      attrs: { "aria-label": `Permission request: ${r.toolName}`, "data-request-id": r.requestId, "data-fid": `card:${r.requestId}`, tabindex: "-1" },
    });
    card.append(h("header", null, h("span", { class: "badge" }, r.isQuestion ? "Question" : "Permission"), " ", h("strong", null, title)));
    const summary = shortSummary(label, r.summary);
    if (summary && !r.isQuestion) card.append(h("div", { class: "perm-summary" }, summary));
    if (r.agentTool?.destructive) card.append(h("div", { class: "perm-destructive" }, "Destructive: this tool changes or deletes project data."));
    if (r.dryRun) {
      const text = r.dryRun.content
        .map((c) => (c.type === "text" ? c.text : ""))
        .filter(Boolean)
        .join("\n");
      const pictures = r.dryRun.content.map((c) => (c.type === "image" ? resultImage({ mediaType: c.mimeType, data: c.data }) : null));
      card.append(h("div", { class: "perm-dry-run" }, h("div", { class: "label" }, "Dry run"), h("pre", null, text || (r.dryRun.error?.message ?? "")), ...pictures));
    }
    // claude's description often repeats the summary or names the same file: shown only when it adds something.
    if (r.description && r.description !== r.summary && r.description !== summary && !(!/\s/.test(r.description) && pathShownIn(summary, r.description)))
      card.append(h("div", { class: "perm-desc" }, r.description));
    // The path once: not again when the summary already names it.
    if (r.blockedPath && !pathShownIn(r.isQuestion ? "" : summary, r.blockedPath)) card.append(h("div", { class: "meta perm-path" }, `Path: ${r.blockedPath}`));
    // A file edit shows its change as a diff; any other tool its input.
    const diff = r.isQuestion ? null : renderDiff(r.toolName, r.input);
    if (diff) card.append(diff);
    else if (!r.isQuestion) card.append(h("details", { class: "perm-input" }, h("summary", null, "Input"), h("pre", null, previewJson(r.input))));
    if (item.outcome) {
      card.append(h("div", { class: "perm-outcome", attrs: { role: "status" } }, settled(item.outcome, item.detail, item.by)));
      return card;
    }
    if (r.isQuestion) card.append(this.renderQuestionActions(item, st));
    else card.append(this.renderActions(item, st));
    if (st.error) card.append(h("div", { class: "error", attrs: { role: "alert" } }, st.error));
    return card;
  }

  private renderActions(item: PermissionItem, st: CardState): HTMLElement {
    const id = item.request.requestId;
    const suggestions = item.request.suggestions;
    const disabled = st.sending;
    const allow = h("button", { class: "primary", attrs: { type: "button", "data-fid": `allow:${id}`, "aria-keyshortcuts": "Y", disabled }, on: { click: () => this.allow(id) } }, "Allow");
    const row = h("div", { class: "perm-actions" }, allow);
    if (suggestions.length > 0) row.append(this.renderAlways(id, suggestions, st));
    const deny = h("input", {
      attrs: { type: "text", "aria-label": "Deny message", placeholder: "Tell Claude what to do instead…", "data-fid": `deny:${id}`, "aria-keyshortcuts": "N", disabled },
      on: {
        input: (ev) => (this.state(id).denyText = (ev.target as HTMLInputElement).value),
        keydown: (ev) => {
          if (ev.key === "Enter" && !ev.isComposing) (ev.preventDefault(), this.deny(id));
        },
      },
    });
    deny.value = st.denyText;
    row.append(
      h("div", { class: "deny-group" }, deny, h("button", { attrs: { type: "button", "data-fid": `denybtn:${id}`, disabled }, on: { click: () => this.deny(id) } }, "Deny")),
      h("button", { class: "danger", attrs: { type: "button", "data-fid": `stop:${id}`, disabled }, on: { click: () => this.denyStop(id) } }, "Deny and stop"),
    );
    return row;
  }

  private renderAlways(id: string, suggestions: PermissionItem["request"]["suggestions"], st: CardState): HTMLElement {
    const menuId = `always-menu-${id}`;
    const toggle = h(
      "button",
      {
        attrs: { type: "button", "aria-haspopup": "menu", "aria-expanded": st.menuOpen ? "true" : "false", "aria-controls": menuId, "data-fid": `always:${id}`, disabled: st.sending },
        on: { click: () => this.update(id, { menuOpen: !st.menuOpen }) },
      },
      "Always allow ▾",
    );
    const wrap = h("div", { class: "menu-wrap" }, toggle);
    if (!st.menuOpen) return wrap;
    const choose = (indexes: number[] | undefined): void => {
      this.update(id, { menuOpen: false });
      void this.send(id, indexes === undefined ? { kind: "allow_always" } : { kind: "allow_always", suggestions: indexes });
    };
    const menu = h("div", { class: "menu", attrs: { role: "menu", id: menuId, "aria-label": "Always allow" } });
    suggestions.forEach((s, i) => menu.append(h("button", { attrs: { type: "button", role: "menuitem", "data-fid": `always:${id}:${i}` }, on: { click: () => choose([i]) } }, describeSuggestion(s))));
    if (suggestions.length > 1) menu.append(h("button", { attrs: { type: "button", role: "menuitem", "data-fid": `always:${id}:all` }, on: { click: () => choose(undefined) } }, "All of the above"));
    wrap.append(menu);
    queueMicrotask(() => menu.querySelector<HTMLButtonElement>("button")?.focus());
    return wrap;
  }

  private renderQuestionActions(item: PermissionItem, st: CardState): HTMLElement {
    const id = item.request.requestId;
    const questions = (Array.isArray(item.request.input.questions) ? item.request.input.questions : []) as Question[];
    return renderQuestions(id, questions, {
      disabled: st.sending,
      picks: st.picks,
      other: st.other,
      pick: (q, label, multi) => {
        const current = st.picks[q] ?? [];
        const next = multi ? (current.includes(label) ? current.filter((l) => l !== label) : [...current, label]) : [label];
        const picks = { ...st.picks, [q]: next };
        if (!multi && questions.length === 1) return void this.send(id, { kind: "answer_questions", answers: { [q]: label } });
        this.update(id, { picks });
      },
      setOther: (q, text) => (this.state(id).other = { ...this.state(id).other, [q]: text }),
      submit: (answers) => void this.send(id, { kind: "answer_questions", answers }),
      dismiss: () => void this.send(id, { kind: "deny", message: "The user dismissed the question without answering." }),
    });
  }

  private deny(id: string): void {
    const message = this.state(id).denyText.trim() || DEFAULT_DENY_MESSAGE;
    void this.send(id, { kind: "deny", message });
  }

  private denyStop(id: string): void {
    const message = this.state(id).denyText.trim();
    void this.send(id, message ? { kind: "deny_stop", message } : { kind: "deny_stop" });
  }

  private async send(id: string, answer: PermissionAnswer): Promise<void> {
    if (this.state(id).sending) return;
    this.update(id, { sending: true, error: undefined });
    try {
      await this.answer(id, answer);
    } catch (err) {
      this.update(id, { sending: false, error: (err as Error).message });
    }
  }

  private state(id: string): CardState {
    let st = this.cards.get(id);
    if (!st) this.cards.set(id, (st = { version: 0, sending: false, menuOpen: false, denyText: "", picks: {}, other: {} }));
    return st;
  }

  private update(id: string, patch: Partial<CardState>): void {
    const st = this.state(id);
    Object.assign(st, patch, { version: st.version + 1 });
    this.changed();
  }
}
