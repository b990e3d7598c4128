import type { ChatSummary } from "../../../protocol/panel/events.js";
import type { ConnectionStatus } from "../connection.js";
import type { Toast } from "../controller.js";
import { h, replaceChildren, setText } from "../dom.js";
import { chatName, contextUse, formatCost, formatTokens, stateLabel } from "../format.js";
import type { ChatView } from "../store.js";

// The chrome around the transcript: the header (chat title, connection badge with a Reconnect
// button while waiting), the alert area for errors, and the status bar (state, model, context
// meter, tokens, cost).

/** Header with title and connection badge. */
export class HeaderView {
  readonly el: HTMLElement;
  private readonly title: HTMLElement;
  private readonly session: HTMLElement;
  private readonly badge: HTMLElement;
  private readonly retry: HTMLButtonElement;

  private readonly historyButton: HTMLButtonElement;
  private readonly settingsButton: HTMLButtonElement;

  constructor(reconnect: () => void, history: () => void = () => undefined, settings: () => void = () => undefined) {
    this.title = h("h1", { class: "chat-heading" }, "Agent Panel");
    this.session = h("span", { class: "session-id meta" });
    this.badge = h("span", { class: "conn-badge", attrs: { role: "status", "aria-label": "Connection" } });
    this.retry = h("button", { class: "link", attrs: { type: "button", hidden: true }, on: { click: reconnect } }, "Reconnect now");
    this.historyButton = h("button", { class: "history-button", attrs: { type: "button", "aria-pressed": "false", title: "Past sessions of this project" }, on: { click: history } }, "History");
    this.settingsButton = h(
      "button",
      { class: "settings-button", attrs: { type: "button", "aria-pressed": "false", title: "Defaults of new chats and the send key" }, on: { click: settings } },
      "Settings",
    );
    this.el = h("header", { class: "topbar" }, h("div", { class: "heading" }, this.title, this.session), h("div", { class: "conn" }, this.historyButton, this.settingsButton, this.badge, this.retry));
  }

  /** Update title, badge and the History and Settings toggles. */
  render(summary: ChatSummary | undefined, view: ChatView | undefined, status: ConnectionStatus, historyOpen = false, settingsOpen = false): void {
    this.historyButton.setAttribute("aria-pressed", String(historyOpen));
    setText(this.historyButton, historyOpen ? "Back to chat" : "History");
    this.settingsButton.setAttribute("aria-pressed", String(settingsOpen));
    setText(this.settingsButton, settingsOpen ? "Back to chat" : "Settings");
    setText(this.title, historyOpen ? "History" : settingsOpen ? "Settings" : summary ? chatName(summary) : view ? "Untitled chat" : "Agent Panel");
    const sessionId = historyOpen || settingsOpen ? undefined : (view?.info.sessionId ?? summary?.sessionId);
    setText(this.session, sessionId ? `session ${sessionId}` : "");
    this.session.title = sessionId ? "Session id (use it to resume this conversation later)" : "";
    const [text, phase] = badgeText(status);
    setText(this.badge, text);
    this.badge.dataset.phase = phase;
    this.badge.title = status.phase === "waiting" || status.phase === "failed" ? status.reason : "";
    this.retry.hidden = status.phase !== "waiting";
  }
}

function badgeText(s: ConnectionStatus): [string, string] {
  switch (s.phase) {
    case "open":
      return ["Connected", "open"];
    case "connecting":
      return [s.attempt === 0 ? "Connecting…" : "Reconnecting…", "connecting"];
    case "waiting":
      return [`Disconnected — retrying in ${Math.max(1, Math.round(s.retryInMs / 1000))} s`, "waiting"];
    case "failed":
      return [`Cannot connect: ${s.reason}`, "failed"];
  }
}

/** Error toasts (role=alert) with a close button each. */
export function renderToasts(el: HTMLElement, toasts: readonly Toast[], dismiss: (id: number) => void): void {
  const key = toasts.map((t) => t.id).join(",");
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  replaceChildren(
    el,
    ...toasts.map((t) =>
      h(
        "div",
        { class: "toast", attrs: { role: "alert" } },
        h("span", null, t.message),
        h("button", { class: "link", attrs: { type: "button", "aria-label": "Dismiss" }, on: { click: () => dismiss(t.id) } }, "×"),
      ),
    ),
  );
}

/** The bottom status bar. */
export class StatusBarView {
  readonly el: HTMLElement;
  private readonly state: HTMLElement;
  private readonly model: HTMLElement;
  private readonly meter: HTMLMeterElement;
  private readonly meterText: HTMLElement;
  private readonly tokens: HTMLElement;
  private readonly cost: HTMLElement;

  constructor() {
    this.state = h("span", { class: "st-state", attrs: { "aria-label": "Chat state" } });
    this.model = h("span", { class: "st-model", attrs: { "aria-label": "Current model" } });
    this.meter = h("meter", { attrs: { "aria-label": "Context used", min: 0, max: 100, low: 60, high: 85, optimum: 0, value: 0 } });
    this.meterText = h("span", { class: "st-context" });
    this.tokens = h("span", { class: "st-tokens", attrs: { "aria-label": "Tokens" } });
    this.cost = h("span", { class: "st-cost", attrs: { "aria-label": "Cost" } });
    this.el = h("footer", { class: "statusbar", attrs: { "aria-label": "Status" } }, this.state, this.model, h("span", { class: "st-meter" }, this.meter, this.meterText), this.tokens, this.cost);
  }

  /** Update from the active chat. */
  render(summary: ChatSummary | undefined, view: ChatView | undefined, gone: boolean): void {
    const state = gone ? "closed" : (view?.state ?? summary?.state);
    setText(this.state, view || summary ? stateLabel(state) : "No chat");
    this.state.dataset.state = state ?? "";
    setText(this.model, view?.info.model ?? summary?.model ?? "");
    const ctx = contextUse(view?.contextResult);
    this.meter.value = ctx?.percent ?? 0;
    this.meter.hidden = ctx === undefined;
    setText(this.meterText, ctx ? `${ctx.percent}% of ${formatTokens(ctx.window)} context` : "");
    this.meterText.title = ctx ? `${ctx.used.toLocaleString()} of ${ctx.window.toLocaleString()} tokens in the last turn` : "";
    const t = view?.totals;
    setText(this.tokens, t && t.turns > 0 ? `${formatTokens(t.input + t.cacheRead + t.cacheCreation)} in · ${formatTokens(t.output)} out` : "");
    const cost = view?.lastResult?.costUsd;
    setText(this.cost, cost !== undefined && cost > 0 ? formatCost(cost) : "");
  }
}
