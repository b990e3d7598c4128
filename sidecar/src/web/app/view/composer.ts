import { h, replaceChildren, setText } from "../dom.js";
import { modeLabel, PERMISSION_MODES } from "../format.js";
import type { SendKey } from "../preferences.js";
import type { ChatView } from "../store.js";

// The composer: the prompt field (Enter sends and Shift+Enter is a new line, or with the
// Ctrl+Enter send key Ctrl/Cmd+Enter sends and Enter is a new line; Enter that ends an IME
// composition never sends), the Send button that becomes Stop while a turn runs, and the model
// and permission-mode pickers fed by the chat's init event (bypassPermissions only with the
// Settings opt-in).

/** What the composer asks the app to do. */
export interface ComposerActions {
  send(text: string): Promise<boolean>;
  interrupt(): void;
  setModel(model: string | null): Promise<void>;
  setMode(mode: string): Promise<void>;
}

/** The composer form. */
export class ComposerView {
  readonly el: HTMLFormElement;
  readonly input: HTMLTextAreaElement;
  private readonly button: HTMLButtonElement;
  private readonly model: HTMLSelectElement;
  private readonly mode: HTMLSelectElement;
  private busy = false;
  private composing = false;
  private sendKey: SendKey = "enter";
  private bypassAllowed = false;
  private modelKey = "";
  private modeKey = "";

  constructor(private readonly actions: ComposerActions) {
    this.input = h("textarea", {
      attrs: { "aria-label": "Message", placeholder: "Message Claude…", rows: 3, "aria-keyshortcuts": "Enter" },
      on: {
        keydown: (ev) => this.onKey(ev),
        compositionstart: () => (this.composing = true),
        // Some browsers send the Enter that ends a composition after compositionend.
        compositionend: () => void setTimeout(() => (this.composing = false), 0),
        input: () => this.autosize(),
      },
    });
    this.button = h("button", { class: "primary send", attrs: { type: "submit" } }, "Send");
    this.model = h("select", {
      attrs: { "aria-label": "Model" },
      on: { change: () => void this.actions.setModel(this.model.value === "default" ? null : this.model.value).finally(() => (this.modelKey = "")) },
    });
    this.mode = h("select", { attrs: { "aria-label": "Permission mode" }, on: { change: () => void this.actions.setMode(this.mode.value).finally(() => (this.modeKey = "\u0000")) } });
    this.el = h(
      "form",
      { class: "composer", attrs: { "aria-label": "Compose" }, on: { submit: (ev) => (ev.preventDefault(), this.onButton()) } },
      this.input,
      h("div", { class: "composer-bar" }, h("div", { class: "pickers" }, this.model, this.mode), this.button),
    );
  }

  /** Apply the Settings view's send key and bypass opt-in. */
  configure(sendKey: SendKey, bypassAllowed: boolean): void {
    this.sendKey = sendKey;
    this.bypassAllowed = bypassAllowed;
    this.modeKey = "\u0000";
    const hint = sendKey === "ctrlEnter" ? "Ctrl+Enter" : "Enter";
    this.input.setAttribute("aria-keyshortcuts", sendKey === "ctrlEnter" ? "Control+Enter Meta+Enter" : "Enter");
    this.input.placeholder = `Message Claude… (${hint} sends)`;
  }

  /** Update busy state and pickers for the active chat. */
  render(view: ChatView | undefined, busy: boolean, connected: boolean): void {
    this.busy = busy;
    setText(this.button, busy ? "Stop" : "Send");
    this.button.classList.toggle("stop", busy);
    this.button.setAttribute("aria-label", busy ? "Stop (Esc)" : `Send (${this.sendKey === "ctrlEnter" ? "Ctrl+Enter" : "Enter"})`);
    this.button.disabled = !connected;
    this.renderModels(view);
    this.renderModes(view);
  }

  private onKey(ev: KeyboardEvent): void {
    if (ev.key !== "Enter" || ev.shiftKey || ev.altKey) return;
    if (ev.isComposing || this.composing || ev.keyCode === 229) return;
    // With the Ctrl+Enter send key a plain Enter is a new line.
    if (this.sendKey === "ctrlEnter" && !ev.ctrlKey && !ev.metaKey) return;
    ev.preventDefault();
    void this.submit();
  }

  private onButton(): void {
    if (this.busy) this.actions.interrupt();
    else void this.submit();
  }

  private async submit(): Promise<void> {
    const text = this.input.value;
    if (text.trim() === "") return;
    this.input.value = "";
    this.autosize();
    const sent = await this.actions.send(text);
    // Give the text back when it could not be sent (and the user has not typed something new).
    if (!sent && this.input.value === "") this.input.value = text;
  }

  private autosize(): void {
    this.input.style.height = "auto";
    this.input.style.height = `${Math.min(this.input.scrollHeight, 280)}px`;
  }

  private renderModels(view: ChatView | undefined): void {
    const models = view?.info.models ?? [];
    const current = view?.info.model;
    const key = JSON.stringify([models, current]);
    if (key === this.modelKey) return;
    this.modelKey = key;
    const options = models.map((m) => h("option", { attrs: { value: m.value, title: m.description } }, m.displayName ?? m.value));
    if (current !== undefined && !models.some((m) => m.value === current)) options.unshift(h("option", { attrs: { value: current } }, current));
    if (options.length === 0) options.push(h("option", { attrs: { value: "" } }, "Model"));
    replaceChildren(this.model, ...options);
    this.model.value = current ?? models[0]?.value ?? "";
    this.model.disabled = view === undefined || models.length === 0;
  }

  private renderModes(view: ChatView | undefined): void {
    const current = view?.info.permissionMode;
    if (current === this.modeKey && this.mode.options.length > 0) return;
    this.modeKey = current ?? "";
    // bypassPermissions is offered only with the Settings opt-in (chats then open allowing it).
    const offered = PERMISSION_MODES.filter((m) => m !== "bypassPermissions" || this.bypassAllowed);
    const modes = current !== undefined && !offered.includes(current) ? [current, ...offered] : offered;
    replaceChildren(this.mode, ...modes.map((m) => h("option", { attrs: { value: m } }, modeLabel(m))));
    this.mode.value = current ?? "default";
    this.mode.disabled = view === undefined || current === undefined;
  }
}
