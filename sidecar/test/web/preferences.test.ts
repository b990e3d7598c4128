import { afterEach, describe, expect, it } from "vitest";
import { chatOpenOptions, DEFAULT_SETTINGS, loadSettings, parseTools, saveSettings, validateSettings } from "../../src/web/app/preferences.js";

// The browser panel's settings: defaults, the bypass opt-in guard, the tool rule lists and what
// chat.open gets. localStorage is a small in-memory stand-in here (the Chromium tests use the real one).

function fakeStorage(): Map<string, string> {
  const data = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  return data;
}
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe("browser panel settings", () => {
  it("defaults ask nothing special of chat.open", () => {
    fakeStorage();
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(chatOpenOptions(loadSettings())).toEqual({});
  });

  it("keeps a claude path, sends it with chat.open, and asks for a full path", () => {
    fakeStorage();
    expect(validateSettings({ ...DEFAULT_SETTINGS, claudePath: "claude" })).toEqual([expect.stringContaining("is not a full path")]);
    expect(validateSettings({ ...DEFAULT_SETTINGS, claudePath: "C:\\Tools\\claude.exe" })).toEqual([]);
    saveSettings({ ...DEFAULT_SETTINGS, claudePath: "/opt/claude/bin/claude" });
    expect(loadSettings().claudePath).toBe("/opt/claude/bin/claude");
    expect(chatOpenOptions(loadSettings())).toEqual({ claudePath: "/opt/claude/bin/claude" });
  });

  it("never starts in bypassPermissions without the opt-in, even when the saved mode says so", () => {
    const data = fakeStorage();
    data.set("agent-panel.settings", JSON.stringify({ permissionMode: "bypassPermissions" }));
    expect(loadSettings().permissionMode).toBe("default");
    expect(validateSettings({ ...DEFAULT_SETTINGS, permissionMode: "bypassPermissions" })).toEqual([expect.stringContaining("Allow bypass permissions")]);
    saveSettings({ ...DEFAULT_SETTINGS, permissionMode: "bypassPermissions", allowBypassPermissions: true });
    expect(chatOpenOptions(loadSettings())).toEqual({ permissionMode: "bypassPermissions", allowBypassPermissions: true });
  });

  it("reads tool rules one a line or comma-separated, keeping commas inside parentheses, and refuses bad ones", () => {
    expect(parseTools("Read, Bash(git diff:*)\nBash(echo a, b)\nRead")).toEqual(["Read", "Bash(git diff:*)", "Bash(echo a, b)"]);
    expect(validateSettings({ ...DEFAULT_SETTINGS, allowedTools: ["Read", "no good"], disallowedTools: ["Read"] })).toEqual([
      expect.stringContaining('"no good" is not a tool rule'),
      expect.stringContaining("both allowed and disallowed: Read"),
    ]);
  });

  it("keeps the older read-only flag, and the page's choice when storage refuses to save", () => {
    const data = fakeStorage();
    data.set("agent-panel.preAllowReadOnlyTools", "false");
    expect(loadSettings().preAllowReadOnlyTools).toBe(false);
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(saveSettings({ ...DEFAULT_SETTINGS, model: "sonnet" })).toBe(false);
    expect(loadSettings().model).toBe("sonnet");
  });
});
