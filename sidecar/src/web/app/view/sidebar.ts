import type { ChatSummary } from "../../../protocol/panel/events.js";
import { h, replaceChildren, setText } from "../dom.js";
import { chatName, stateLabel } from "../format.js";

// The chat list: New chat, Resume by session id, and one entry per open chat (title, state,
// pending permission count) with a close button.

/** What the sidebar asks the app to do. */
export interface SidebarActions {
  newChat(): void;
  resume(sessionId: string): void;
  select(chatId: string): void;
  close(chatId: string): void;
}

/** The chat list column. */
export class SidebarView {
  readonly el: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly project: HTMLElement;
  private key = "";

  constructor(private readonly actions: SidebarActions) {
    const resumeInput = h("input", { attrs: { type: "text", "aria-label": "Session id to resume", placeholder: "Session id", spellcheck: "false", autocomplete: "off" } });
    const resume = h(
      "form",
      {
        class: "resume",
        on: {
          submit: (ev) => {
            ev.preventDefault();
            const id = resumeInput.value.trim();
            if (id === "") return resumeInput.focus();
            resumeInput.value = "";
            this.actions.resume(id);
          },
        },
      },
      resumeInput,
      h("button", { attrs: { type: "submit" } }, "Resume"),
    );
    this.project = h("div", { class: "project", attrs: { title: "" } });
    this.list = h("ul", { class: "chat-list", attrs: { "aria-label": "Open chats" } });
    this.el = h(
      "nav",
      { class: "sidebar", attrs: { "aria-label": "Chats" } },
      h("div", { class: "brand" }, h("span", { class: "logo", attrs: { "aria-hidden": "true" } }, "✳"), " Agent Panel"),
      this.project,
      h("button", { class: "primary new-chat", attrs: { type: "button" }, on: { click: () => this.actions.newChat() } }, "New chat"),
      resume,
      this.list,
    );
  }

  /** Show the chats; `active` is highlighted. */
  render(chats: readonly ChatSummary[], active: string | undefined, project: string | undefined): void {
    setText(this.project, project ? baseName(project) : "");
    this.project.title = project ?? "";
    const key = JSON.stringify([chats, active]);
    if (key === this.key) return;
    this.key = key;
    replaceChildren(this.list, ...chats.map((c, i) => this.entry(c, i, c.chatId === active)));
    if (chats.length === 0) this.list.append(h("li", { class: "meta" }, "No open chats."));
  }

  private entry(c: ChatSummary, i: number, active: boolean): HTMLLIElement {
    const title = chatName(c);
    return h(
      "li",
      { class: active ? "active" : "" },
      h(
        "button",
        {
          class: "chat-entry",
          attrs: { type: "button", "aria-current": active ? "page" : undefined, title: c.sessionId ? `Session ${c.sessionId}` : undefined },
          on: { click: () => this.actions.select(c.chatId) },
        },
        h("span", { class: "chat-title" }, title),
        h("span", { class: "chat-state", attrs: { "data-state": c.state } }, stateLabel(c.state)),
        c.pendingPermissions > 0 ? h("span", { class: "pending", attrs: { "aria-label": `${c.pendingPermissions} waiting for approval` } }, String(c.pendingPermissions)) : null,
      ),
      h("button", { class: "close-chat", attrs: { type: "button", "aria-label": `Close chat ${title}`, title: "Close chat" }, on: { click: () => this.actions.close(c.chatId) } }, "×"),
    );
  }
}

function baseName(p: string): string {
  const parts = p.split(/[\\/]/).filter(Boolean);
  return parts[parts.length - 1] ?? p;
}
