// The browser panel's own settings, kept in localStorage (per browser, like the Unity panel's
// EditorPrefs): defaults of new chats (model, permission mode, allowed and disallowed tools, the
// bypass opt-in, read-only tools without asking) and the send key. A storage that is unavailable
// (private mode, blocked) means the defaults.

/** The send key of the composer: Enter, or Ctrl/Cmd+Enter (then Enter adds a line). */
export type SendKey = "enter" | "ctrlEnter";

/** Everything the Settings view edits. */
export interface PanelSettings {
  /** Model of new chats ("" = Claude Code's default). */
  model: string;
  /** Permission mode of new chats. */
  permissionMode: string;
  sendKey: SendKey;
  /** Tool rules allowed without asking (claude --allowedTools). */
  allowedTools: string[];
  /** Tool rules never allowed (claude --disallowedTools). */
  disallowedTools: string[];
  /** Offer bypassPermissions (runs every tool without asking); off unless explicitly turned on. */
  allowBypassPermissions: boolean;
  /** Run the sidecar's read-only tools without a card in new chats (default on). */
  preAllowReadOnlyTools: boolean;
  /** The claude binary of new chats ("" = the one the sidecar found); what "claude not found" points to. */
  claudePath: string;
}

/** What a panel with no saved settings uses. */
export const DEFAULT_SETTINGS: Readonly<PanelSettings> = {
  model: "",
  permissionMode: "default",
  sendKey: "enter",
  allowedTools: [],
  disallowedTools: [],
  allowBypassPermissions: false,
  preAllowReadOnlyTools: true,
  claudePath: "",
};

const SETTINGS_KEY = "agent-panel.settings";
/** Older pages kept only this flag; still read so the choice survives. */
const PRE_ALLOW_KEY = "agent-panel.preAllowReadOnlyTools";
// A tool rule as the CLI takes it: "Read", "Bash(git diff:*)", "mcp__server__tool".
const TOOL_RULE = /^[A-Za-z_][A-Za-z0-9_-]*(\(.*\))?$/;

/** What Save chose, for a browser that keeps nothing in storage (the settings then last for this page). */
let pageCopy: PanelSettings | undefined;

/** The saved settings (defaults for anything missing or unreadable). */
export function loadSettings(): PanelSettings {
  let saved: Partial<PanelSettings> = {};
  let legacyPreAllow: boolean | undefined;
  try {
    const raw = localStorage.getItem(SETTINGS_KEY);
    if (raw) saved = JSON.parse(raw) as Partial<PanelSettings>;
    if (localStorage.getItem(PRE_ALLOW_KEY) === "false") legacyPreAllow = false;
  } catch {
    if (pageCopy) return { ...pageCopy };
    saved = {};
  }
  const s = saved && typeof saved === "object" ? saved : {};
  const allowBypass = s.allowBypassPermissions === true;
  const mode = typeof s.permissionMode === "string" && s.permissionMode !== "" ? s.permissionMode : "default";
  return {
    model: typeof s.model === "string" ? s.model.trim() : "",
    // bypassPermissions only while the opt-in is on.
    permissionMode: mode === "bypassPermissions" && !allowBypass ? "default" : mode,
    sendKey: s.sendKey === "ctrlEnter" ? "ctrlEnter" : "enter",
    allowedTools: stringList(s.allowedTools),
    disallowedTools: stringList(s.disallowedTools),
    allowBypassPermissions: allowBypass,
    preAllowReadOnlyTools: typeof s.preAllowReadOnlyTools === "boolean" ? s.preAllowReadOnlyTools : (legacyPreAllow ?? true),
    claudePath: typeof s.claudePath === "string" ? s.claudePath.trim() : "",
  };
}

/** Save settings; false when the browser would not keep them. */
export function saveSettings(settings: PanelSettings): boolean {
  pageCopy = { ...settings };
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    localStorage.removeItem(PRE_ALLOW_KEY);
    return true;
  } catch {
    return false;
  }
}

/** Problems the user must fix before saving, each saying what to do (empty when fine). */
export function validateSettings(s: PanelSettings): string[] {
  const problems: string[] = [];
  for (const [which, rules] of [
    ["Allowed", s.allowedTools],
    ["Disallowed", s.disallowedTools],
  ] as const) {
    for (const rule of rules) if (!TOOL_RULE.test(rule)) problems.push(`${which} tool "${rule}" is not a tool rule. Use a tool name like Read or a rule like Bash(git diff:*).`);
  }
  const both = s.allowedTools.filter((r) => s.disallowedTools.includes(r));
  if (both.length > 0) problems.push(`Tools both allowed and disallowed: ${both.join(", ")}. Remove them from one of the lists.`);
  if (s.claudePath !== "" && !/^(\/|[A-Za-z]:[\\/]|\\\\)/.test(s.claudePath))
    problems.push(`Claude path "${s.claudePath}" is not a full path. Give the whole path of the claude binary (\`which claude\` or \`where claude\` prints it), or leave it empty.`);
  if (s.permissionMode === "bypassPermissions" && !s.allowBypassPermissions) problems.push('Bypass permissions needs "Allow bypass permissions" turned on first.');
  return problems;
}

/** The chat.open fields these settings ask for (nothing for a default). */
export function chatOpenOptions(s: PanelSettings): Record<string, unknown> {
  return {
    ...(s.model ? { model: s.model } : {}),
    ...(s.permissionMode !== "default" ? { permissionMode: s.permissionMode } : {}),
    ...(s.allowBypassPermissions ? { allowBypassPermissions: true } : {}),
    ...(s.allowedTools.length > 0 ? { allowedTools: s.allowedTools } : {}),
    ...(s.disallowedTools.length > 0 ? { disallowedTools: s.disallowedTools } : {}),
    ...(s.preAllowReadOnlyTools ? {} : { preAllowReadOnlyTools: false }),
    ...(s.claudePath ? { claudePath: s.claudePath } : {}),
  };
}

/** "Read, Bash(git diff:*)" or one rule a line → the rules (commas inside parentheses stay). */
export function parseTools(text: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text[i] : ",";
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    if ((c !== "," && c !== "\n" && c !== "\r") || (depth > 0 && i < text.length)) continue;
    const rule = text.slice(start, i).trim();
    if (rule && !rules.includes(rule)) rules.push(rule);
    start = i + 1;
  }
  return rules;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : [];
}
