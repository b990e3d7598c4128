import { h, replaceChildren } from "../dom.js";
import { modeLabel, PERMISSION_MODES } from "../format.js";
import { loadSettings, parseTools, saveSettings, validateSettings, type PanelSettings } from "../preferences.js";
import { MODEL_ALIASES, modelOptions, type ModelChoice } from "./model-options.js";

// The Settings view (the header's Settings button), like the Unity window's: defaults of new
// chats (model, permission mode, allowed and disallowed tools, read-only tools without asking),
// the explicit opt-in that offers bypassPermissions, and the send key. Save checks the values and
// keeps them in localStorage; they apply to the next chat opened.

/** The settings form. */
export class SettingsView {
  readonly el: HTMLElement;
  private readonly model: HTMLSelectElement;
  private readonly mode: HTMLSelectElement;
  private readonly bypass: HTMLInputElement;
  private readonly preAllow: HTMLInputElement;
  private readonly allowed: HTMLTextAreaElement;
  private readonly disallowed: HTMLTextAreaElement;
  private readonly sendKey: HTMLSelectElement;
  private readonly claudePath: HTMLInputElement;
  private readonly problems: HTMLElement;
  private readonly status: HTMLElement;

  constructor(
    private readonly saved: (settings: PanelSettings) => void,
    private readonly models: () => readonly ModelChoice[] = () => MODEL_ALIASES,
  ) {
    // The same choices as the composer's model picker (the models claude offers).
    this.model = h("select", { attrs: { id: "set-model" } });
    this.mode = h("select", { attrs: { id: "set-mode" } });
    this.bypass = h("input", { attrs: { type: "checkbox", id: "set-bypass" }, on: { change: () => this.fillModes(this.mode.value) } });
    this.preAllow = h("input", { attrs: { type: "checkbox", id: "set-pre-allow", "data-fid": "pre-allow-read-only" } });
    this.allowed = h("textarea", { attrs: { id: "set-allowed", rows: 3, spellcheck: "false", placeholder: "Read, Bash(git diff:*)" } });
    this.disallowed = h("textarea", { attrs: { id: "set-disallowed", rows: 3, spellcheck: "false", placeholder: "Bash(rm:*)" } });
    this.sendKey = h(
      "select",
      { attrs: { id: "set-send-key" } },
      h("option", { attrs: { value: "enter" } }, "Enter (Shift+Enter adds a line)"),
      h("option", { attrs: { value: "ctrlEnter" } }, "Ctrl+Enter (Enter adds a line)"),
    );
    this.claudePath = h("input", { attrs: { type: "text", id: "set-claude-path", placeholder: "The claude the sidecar found", spellcheck: "false", autocomplete: "off" } });
    this.problems = h("div", { class: "settings-problems error", attrs: { role: "alert" } });
    this.status = h("span", { class: "meta", attrs: { role: "status" } });
    const field = (label: string, id: string, control: HTMLElement, hint?: string): HTMLElement =>
      h("div", { class: "settings-field" }, h("label", { attrs: { for: id } }, label), control, hint ? h("div", { class: "meta" }, hint) : null);
    const check = (control: HTMLInputElement, label: string, hint: string): HTMLElement =>
      h("label", { class: "settings-check" }, control, h("span", null, label, h("span", { class: "meta" }, ` — ${hint}`)));
    this.el = h(
      "section",
      { class: "settings", attrs: { "aria-label": "Settings", hidden: true } },
      h(
        "form",
        { class: "settings-form", on: { submit: (ev) => (ev.preventDefault(), this.save()) } },
        h("h2", null, "New chats"),
        h("p", { class: "meta" }, "Used by the next chat you open or resume; open chats keep theirs."),
        field("Default model", "set-model", this.model),
        field("Permission mode", "set-mode", this.mode),
        check(this.bypass, "Allow bypass permissions", "offers the mode that runs every tool without asking"),
        check(
          this.preAllow,
          "Run read-only Unity tools without asking",
          "tools that only read (declared read-only; a Unity tool that is safe and not destructive) get no permission card; tools that write always ask",
        ),
        field("Allowed tools", "set-allowed", this.allowed, "One rule a line or comma-separated, e.g. Read or Bash(git diff:*)."),
        field("Disallowed tools", "set-disallowed", this.disallowed, "Never allowed, same form."),
        field(
          "Claude path",
          "set-claude-path",
          this.claudePath,
          "Empty: the claude the sidecar found. The sidecar runs only a claude set on this machine: the one it was started with (npm start -- --claude <path>) or one listed in claude-paths.json beside its descriptor.",
        ),
        h("h2", null, "Composer"),
        field("Send key", "set-send-key", this.sendKey),
        this.problems,
        h(
          "div",
          { class: "settings-actions" },
          h("button", { class: "primary", attrs: { type: "submit" } }, "Save"),
          h("button", { attrs: { type: "button" }, on: { click: () => this.revert() } }, "Revert"),
          this.status,
        ),
      ),
    );
    this.revert();
  }

  /** Show or hide the view; showing it reloads the saved values. */
  show(open: boolean): void {
    if (open && this.el.hidden) this.revert();
    this.el.hidden = !open;
  }

  private revert(): void {
    const s = loadSettings();
    replaceChildren(this.model, ...modelOptions(this.models(), s.model));
    this.model.value = s.model;
    this.bypass.checked = s.allowBypassPermissions;
    this.fillModes(s.permissionMode);
    this.preAllow.checked = s.preAllowReadOnlyTools;
    this.allowed.value = s.allowedTools.join("\n");
    this.disallowed.value = s.disallowedTools.join("\n");
    this.sendKey.value = s.sendKey;
    this.claudePath.value = s.claudePath;
    replaceChildren(this.problems);
    this.status.textContent = "";
  }

  /** The mode choices; bypassPermissions only while its opt-in is ticked. */
  private fillModes(current: string): void {
    const modes = PERMISSION_MODES.filter((m) => m !== "bypassPermissions" || this.bypass.checked);
    replaceChildren(this.mode, ...modes.map((m) => h("option", { attrs: { value: m } }, modeLabel(m))));
    this.mode.value = modes.includes(current) ? current : "default";
  }

  private save(): void {
    const settings: PanelSettings = {
      model: this.model.value.trim(),
      permissionMode: this.mode.value || "default",
      sendKey: this.sendKey.value === "ctrlEnter" ? "ctrlEnter" : "enter",
      allowedTools: parseTools(this.allowed.value),
      disallowedTools: parseTools(this.disallowed.value),
      allowBypassPermissions: this.bypass.checked,
      preAllowReadOnlyTools: this.preAllow.checked,
      claudePath: this.claudePath.value.trim(),
    };
    const problems = validateSettings(settings);
    replaceChildren(this.problems, ...problems.map((p) => h("div", null, p)));
    if (problems.length > 0) {
      this.status.textContent = "";
      return;
    }
    this.status.textContent = saveSettings(settings) ? "Saved. New chats use these settings." : "This browser does not keep settings (storage blocked); they apply to this page only.";
    this.saved(settings);
  }
}
