// The browser panel's own settings, kept in localStorage (per browser, like the Unity panel's
// EditorPrefs). A storage that is unavailable (private mode, blocked) means the defaults.

const PRE_ALLOW_KEY = "agent-panel.preAllowReadOnlyTools";

/** Run the sidecar's read-only tools without a card in new chats (default on). */
export function preAllowReadOnlyTools(): boolean {
  try {
    return localStorage.getItem(PRE_ALLOW_KEY) !== "false";
  } catch {
    return true;
  }
}

/** Remember the read-only tools setting. */
export function setPreAllowReadOnlyTools(on: boolean): void {
  try {
    if (on) localStorage.removeItem(PRE_ALLOW_KEY);
    else localStorage.setItem(PRE_ALLOW_KEY, "false");
  } catch {
    // Not persisted; the checkbox still shows the choice for this page.
  }
}
