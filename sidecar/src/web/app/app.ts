import type { PanelController } from "./controller.js";
import { h, isTypingTarget } from "./dom.js";
import type { MediaSource } from "./media.js";
import { pendingPermissions } from "./store.js";
import { ComposerView } from "./view/composer.js";
import { HistoryView } from "./view/history.js";
import { PermissionCards } from "./view/permission.js";
import { SidebarView } from "./view/sidebar.js";
import { HeaderView, renderToasts, StatusBarView } from "./view/statusbar.js";
import { TranscriptView } from "./view/transcript.js";

// Builds the page from the view parts, re-renders them (at most once per frame) when the
// controller's state changes, and handles the page-wide keys: Esc interrupts (or closes a
// menu), Y allows and N focuses the deny message of the oldest pending permission card.

/** Mount the panel into `root`; returns a function that unmounts it. */
export function mountApp(root: HTMLElement, app: PanelController, media?: MediaSource): () => void {
  const cards = new PermissionCards((requestId, answer) => app.answer(requestId, answer), () => schedule());
  const transcript = new TranscriptView(cards, { media });
  const header = new HeaderView(() => app.reconnectNow(), () => (app.history.state.open ? app.history.hide() : app.history.show()));
  const history = new HistoryView(app.history, media);
  const status = new StatusBarView();
  const toasts = h("div", { class: "toasts", attrs: { "aria-live": "assertive" } });
  const composer = new ComposerView({
    send: (text) => app.send(text),
    interrupt: () => void app.interrupt(),
    setModel: (model) => app.setModel(model),
    setMode: (mode) => app.setPermissionMode(mode),
  });
  const sidebar = new SidebarView({
    newChat: () => (app.history.hide(), void app.open().then(() => composer.input.focus())),
    resume: (sessionId) => (app.history.hide(), void app.open(sessionId)),
    select: (chatId) => (app.history.hide(), app.select(chatId), composer.input.focus()),
    close: (chatId) => void app.close(chatId),
  });
  // A resumed chat's earlier conversation pages in above its own events, as in the History view.
  const older = h("button", { class: "load-older", attrs: { type: "button" }, on: { click: () => void app.loadOlder() } }, "Load older");
  transcript.el.prepend(older);
  let olderPages = 0;
  root.textContent = "";
  root.append(h("div", { class: "shell" }, sidebar.el, h("main", { class: "main" }, header.el, toasts, history.el, transcript.el, composer.el, status.el)));

  let frame = 0;
  function schedule(): void {
    if (frame === 0) frame = requestAnimationFrame(render);
  }
  function render(): void {
    frame = 0;
    const s = app.state;
    const view = app.view(s.activeChatId);
    const summary = app.activeSummary();
    const inHistory = app.history.state.open;
    sidebar.render(s.chats, s.activeChatId, s.project);
    header.render(summary, view, s.connection, inHistory);
    renderToasts(toasts, s.toasts, (id) => app.dismiss(id));
    history.render(app.history.state);
    for (const el of [transcript.el, composer.el, status.el]) el.hidden = inHistory;
    const earlier = app.earlier(s.activeChatId);
    older.hidden = earlier === undefined || earlier.cursor === null || earlier.events.length === 0;
    older.disabled = earlier?.loading === true;
    older.textContent = earlier?.loading === true ? "Loading…" : "Load older";
    const fromBottom = transcript.el.scrollHeight - transcript.el.scrollTop;
    transcript.render(s.activeChatId, app.displayView(s.activeChatId));
    // Older events were prepended: keep what the user was looking at in place.
    if (earlier !== undefined && earlier.olderPages !== olderPages) transcript.el.scrollTop = transcript.el.scrollHeight - fromBottom;
    olderPages = earlier?.olderPages ?? 0;
    composer.render(view, app.activeBusy(), s.connection.phase === "open");
    status.render(summary, view, app.isGone(s.activeChatId));
    focusNewRequests(view);
    document.title = summary?.title ? `${summary.title} — Agent Panel` : "Agent Panel";
  }

  // A new permission card takes the focus when the user is not typing, so Y / N answer it.
  const seenRequests = new Set<string>();
  function focusNewRequests(view: ReturnType<typeof app.view>): void {
    if (!view) return;
    for (const p of pendingPermissions(view)) {
      if (seenRequests.has(p.requestId)) continue;
      seenRequests.add(p.requestId);
      if (!p.isQuestion) cards.focusCard(transcript.el, p.requestId, composer.input);
    }
  }

  const onKey = (ev: KeyboardEvent): void => {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === "Escape") {
      if (cards.closeMenus()) return ev.preventDefault();
      if (app.activeBusy()) {
        ev.preventDefault();
        void app.interrupt();
      }
      return;
    }
    if (isTypingTarget(ev.target) || ev.isComposing || app.history.state.open) return;
    const view = app.view(app.state.activeChatId);
    const first = view ? pendingPermissions(view).find((p) => !p.isQuestion) : undefined;
    if (!first) return;
    if (ev.key === "y" || ev.key === "Y") {
      ev.preventDefault();
      cards.allow(first.requestId);
    } else if (ev.key === "n" || ev.key === "N") {
      ev.preventDefault();
      cards.focusDeny(transcript.el, first.requestId);
    }
  };
  document.addEventListener("keydown", onKey);
  const off = app.onChange(schedule);
  render();
  composer.input.focus();
  return () => {
    off();
    document.removeEventListener("keydown", onKey);
    if (frame !== 0) cancelAnimationFrame(frame);
  };
}
