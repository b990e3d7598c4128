import { h, setText } from "../dom.js";

// Shown above the composer when the chat on screen no longer runs on the sidecar (it restarted,
// or the chat was closed elsewhere): says so and offers to resume its session, so typing there
// never silently starts a new session without the conversation's context.

/** The "this chat ended" bar with its Resume button. */
export class GoneBanner {
  readonly el: HTMLElement;
  private readonly text: HTMLElement;
  private readonly button: HTMLButtonElement;

  constructor(resume: () => void) {
    this.text = h("span", null);
    this.button = h("button", { class: "primary", attrs: { type: "button" }, on: { click: resume } }, "Resume this session");
    this.el = h("div", { class: "gone-banner", attrs: { role: "status", "aria-label": "Chat ended", hidden: true } }, this.text, this.button);
  }

  /** Show the bar for a gone chat (`sessionId` set when it can be resumed); hide it otherwise. */
  render(gone: boolean, sessionId: string | undefined): void {
    this.el.hidden = !gone;
    if (!gone) return;
    setText(
      this.text,
      sessionId
        ? "This chat is no longer running (the sidecar restarted or the chat was closed). Resume it to continue with its context; sending a message resumes it too."
        : "This chat is no longer running (the sidecar restarted or the chat was closed). Sending a message starts a new chat.",
    );
    this.button.hidden = sessionId === undefined;
  }
}
