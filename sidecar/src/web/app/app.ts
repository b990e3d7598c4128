import type { PanelController } from "./controller.js";
import { h, isTypingTarget } from "./dom.js";
import type { MediaSource } from "./media.js";
import { pendingPermissions } from "./store.js";
import { ComposerView } from "./view/composer.js";
import { GoneBanner } from "./view/gone-banner.js";
import { HistoryView } from "./view/history.js";
import { loadSettings, type PanelSettings } from "./preferences.js";
import { PermissionCards } from "./view/permission.js";
import { SettingsView } from "./view/settings.js";
import { SidebarView } from "./view/sidebar.js";
import { HeaderView, renderToasts, StatusBarView } from "./view/statusbar.js";
import { TranscriptView } from "./view/transcript.js";
import { copyText, refPath, wireAssetLinks } from "./view/code-links.js";
import { knownModels } from "./view/model-options.js";
import { chatName } from "./format.js";
import { CommandError } from "./connection-types.js";

// Builds the page from the view parts, re-renders them (at most once per frame) when the
// controller's state changes, and handles the page-wide keys: Esc interrupts (or closes a
// menu), Y allows and N focuses the deny message of the oldest pending permission card.

/** Mount the panel into `root`; returns a function that unmounts it. */
export function mountApp(root: HTMLElement, app: PanelController, media?: MediaSource): () => void {
  const cards = new PermissionCards(
    (requestId, answer) => app.answer(requestId, answer),
    () => schedule(),
  );
  const transcript = new TranscriptView(cards, { media, revertFiles: (turnId) => void app.revertFiles(turnId) });
  // Settings replaces the chat like History does; opening one closes the other.
  let settingsOpen = false;
  const toggleSettings = (): void => {
    settingsOpen = !settingsOpen;
    if (settingsOpen) app.history.hide();
    schedule();
  };
  const header = new HeaderView(
    () => app.reconnectNow(),
    () => {
      settingsOpen = false;
      if (app.history.state.open) app.history.hide();
      else app.history.show();
      schedule();
    },
    toggleSettings,
  );
  const history = new HistoryView(app.history, media);
  const status = new StatusBarView();
  const toasts = h("div", { class: "toasts", attrs: { "aria-live": "assertive" } });
  const composer = new ComposerView({
    send: (text) => (transcript.followBottom(), app.send(text)),
    interrupt: () => void app.interrupt(),
    setModel: (model) => app.setModel(model),
    setMode: (mode) => app.setPermissionMode(mode),
  });
  const gone = new GoneBanner(() => void app.resumeGone().then(() => composer.input.focus()));
  const initial = loadSettings();
  const configure = (sendKey: PanelSettings["sendKey"], bypass: boolean): void => {
    composer.configure(sendKey, bypass);
    transcript.setSendKeyHint(sendKey === "ctrlEnter");
  };
  configure(initial.sendKey, initial.allowBypassPermissions);
  const settings = new SettingsView(
    (saved) => (configure(saved.sendKey, saved.allowBypassPermissions), schedule()),
    () => knownModels(app.state.views.values()),
  );
  const toChat = (): void => {
    settingsOpen = false;
    app.history.hide();
    drawer(false);
  };
  const sidebar = new SidebarView({
    newChat: () => (toChat(), void app.open().then(() => composer.input.focus())),
    resume: (sessionId) => (toChat(), void app.open(sessionId)),
    select: (chatId) => (toChat(), schedule(), app.select(chatId), composer.input.focus()),
    close: (chatId) => void app.close(chatId),
  });
  // A resumed chat's earlier conversation pages in above its own events, as in the History view.
  const older = h("button", { class: "load-older", attrs: { type: "button" }, on: { click: () => void app.loadOlder() } }, "Load older");
  transcript.el.prepend(older);
  let olderPages = 0;
  // On a narrow page (under 760 px) the chat list is a drawer the header's Chats button opens.
  sidebar.el.id = "chat-drawer";
  const drawerButton = h(
    "button",
    { class: "drawer-toggle", attrs: { type: "button", "aria-controls": "chat-drawer", "aria-expanded": "false" }, on: { click: () => drawer(!shell.classList.contains("drawer-open")) } },
    "☰ Chats",
  );
  const backdrop = h("div", { class: "drawer-backdrop", attrs: { "aria-hidden": "true" }, on: { click: () => drawer(false) } });
  header.el.prepend(drawerButton);
  const shell = h("div", { class: "shell" }, sidebar.el, backdrop, h("main", { class: "main" }, header.el, toasts, history.el, settings.el, transcript.el, gone.el, composer.el, status.el));
  function drawer(open: boolean): void {
    shell.classList.toggle("drawer-open", open);
    drawerButton.setAttribute("aria-expanded", String(open));
  }
  root.textContent = "";
  root.append(shell);

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
    if (inHistory) settingsOpen = false;
    sidebar.render(s.chats, s.activeChatId, s.project);
    // A chat gone after a sidecar restart keeps its title (not "New chat").
    header.render(summary ?? app.goneSummary(s.activeChatId), view, s.connection, inHistory, settingsOpen);
    renderToasts(toasts, s.toasts, (id) => app.dismiss(id));
    history.render(app.history.state);
    settings.show(settingsOpen);
    for (const el of [transcript.el, composer.el, status.el]) el.hidden = inHistory || settingsOpen;
    const earlier = app.earlier(s.activeChatId);
    older.hidden = earlier === undefined || earlier.cursor === null || earlier.events.length === 0;
    older.disabled = earlier?.loading === true;
    older.textContent = earlier?.loading === true ? "Loading…" : "Load older";
    const fromBottom = transcript.el.scrollHeight - transcript.el.scrollTop;
    transcript.render(s.activeChatId, app.displayView(s.activeChatId));
    // Older events were prepended: keep what the user was looking at in place.
    if (earlier !== undefined && earlier.olderPages !== olderPages) transcript.el.scrollTop = transcript.el.scrollHeight - fromBottom;
    olderPages = earlier?.olderPages ?? 0;
    gone.render(!inHistory && !settingsOpen && app.isGone(s.activeChatId), app.goneSession());
    composer.render(view, app.activeBusy(), s.connection.phase === "open");
    status.render(summary, view, app.isGone(s.activeChatId));
    focusNewRequests(view);
    document.title = summary ? `${chatName(summary)} — Agent Panel` : "Agent Panel";
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
      if (shell.classList.contains("drawer-open")) return (ev.preventDefault(), drawer(false));
      if (app.activeBusy()) {
        ev.preventDefault();
        void app.interrupt();
      }
      return;
    }
    if (isTypingTarget(ev.target) || ev.isComposing || app.history.state.open || settingsOpen) return;
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
  // Asset links (chat and History): open in the Editor, or copy the path when it is not connected.
  const unwireLinks = wireAssetLinks(shell, (ref) => {
    app.openAsset(ref).catch(async (err: unknown) => {
      const path = refPath(ref);
      const copied = await copyText(path);
      const why = err instanceof CommandError && err.code === "unity_not_connected" ? "the Unity Editor is not connected" : (err as Error).message;
      app.toast(copied ? `Copied ${path} (${why}).` : `Could not open or copy ${path}: ${why}`);
    });
  });
  const off = app.onChange(schedule);
  render();
  composer.input.focus();
  return () => {
    off();
    unwireLinks();
    document.removeEventListener("keydown", onKey);
    if (frame !== 0) cancelAnimationFrame(frame);
  };
}
