// What a transcript `user` line is: a prompt the person typed, or one of the many things the CLI
// records with the user role (tool results, command echoes, interruption markers, reminders,
// compaction summaries, task notifications). Titles, search and history rendering all need this.

/** The kinds of `user` lines, as far as history cares. */
export type UserLineKind = "prompt" | "command" | "command_output" | "bash" | "interrupt" | "tool_result" | "task_notification" | "compact_summary" | "meta";

/** A classified user line: its kind, the text to show, and how many attachments it carried. */
export interface UserLine {
  kind: UserLineKind;
  text: string;
  attachments: number;
}

/** Longest title or prompt preview kept in a session summary. */
export const MAX_PREVIEW = 200;

/** Classify a parsed transcript line of type `user`. */
export function classifyUser(line: Record<string, unknown>): UserLine {
  const message = line.message as { content?: unknown } | undefined;
  const content = message?.content;
  if (line.isCompactSummary === true) return { kind: "compact_summary", text: textOf(content).text, attachments: 0 };
  if (line.isMeta === true) return { kind: "meta", text: "", attachments: 0 };
  if (Array.isArray(content) && content.some((b) => (b as { type?: unknown })?.type === "tool_result")) {
    return { kind: "tool_result", text: "", attachments: 0 };
  }
  const { text, attachments } = textOf(content);
  return { ...classifyText(text), attachments };
}

/** Classify the text of a user line (no tool results, not meta). */
export function classifyText(raw: string): { kind: UserLineKind; text: string } {
  const text = raw.trim();
  if (text.startsWith("[Request interrupted by user")) return { kind: "interrupt", text };
  const name = tag(text, "command-name");
  if (name !== undefined) {
    const args = tag(text, "command-args")?.trim();
    return { kind: "command", text: args ? `${name} ${args}` : name };
  }
  for (const t of ["local-command-stdout", "local-command-stderr", "bash-stdout", "bash-stderr"]) {
    if (text.startsWith(`<${t}>`)) return { kind: "command_output", text: tag(text, t) ?? "" };
  }
  if (text.startsWith("<bash-input>")) return { kind: "bash", text: `! ${tag(text, "bash-input") ?? ""}` };
  if (text.startsWith("<task-notification>")) return { kind: "task_notification", text };
  if (text.startsWith("<local-command-caveat>") || text.startsWith("<system-reminder>")) return { kind: "meta", text: "" };
  if (text === "") return { kind: "meta", text: "" };
  return { kind: "prompt", text };
}

/**
 * The typed text of a prompt and its attachment count. Context the panel attached travels as
 * `<context label=…>` text blocks; those and images/documents count as attachments, not text.
 */
export function textOf(content: unknown): { text: string; attachments: number } {
  if (typeof content === "string") return { text: content, attachments: 0 };
  if (!Array.isArray(content)) return { text: "", attachments: 0 };
  const parts: string[] = [];
  let attachments = 0;
  for (const block of content) {
    const b = block as { type?: unknown; text?: unknown };
    if (b?.type === "text" && typeof b.text === "string") {
      if (b.text.startsWith("<context label=")) attachments++;
      else parts.push(b.text);
    } else if (b?.type === "image" || b?.type === "document") attachments++;
  }
  return { text: parts.join("\n"), attachments };
}

/** A one-line preview: whitespace collapsed, cut to MAX_PREVIEW characters. */
export function preview(text: string, max = MAX_PREVIEW): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The parts of a `<task-notification>` the panel shows. */
export function parseTaskNotification(text: string): { taskId?: string; toolUseId?: string; status?: string; summary?: string } {
  return { taskId: tag(text, "task-id"), toolUseId: tag(text, "tool-use-id"), status: tag(text, "status"), summary: tag(text, "summary") };
}

function tag(text: string, name: string): string | undefined {
  const open = text.indexOf(`<${name}>`);
  if (open < 0) return undefined;
  const from = open + name.length + 2;
  const close = text.indexOf(`</${name}>`, from);
  return (close < 0 ? text.slice(from) : text.slice(from, close)).trim();
}
