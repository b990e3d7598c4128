// One-line descriptions of tool calls and flattened tool results, for cards and permission prompts.

const MAX_SUMMARY = 160;
/** Tool results longer than this are cut in events (the transcript keeps the whole text). */
export const MAX_RESULT_CHARS = 64 * 1024;

/** A short human line for a tool call: the command, the file, the pattern, the URL… */
export function summarizeTool(name: string, input: unknown, cwd?: string): string {
  const args = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const pick = (...keys: string[]): string | undefined => {
    for (const key of keys) {
      const value = args[key];
      if (typeof value === "string" && value.trim() !== "") return value;
    }
    return undefined;
  };
  const path = pick("file_path", "notebook_path", "path");
  const shown =
    name === "Bash"
      ? pick("command")
      : name === "Read" || name === "Write" || name === "Edit" || name === "MultiEdit" || name === "NotebookEdit"
        ? path && relativeTo(path, cwd)
        : name === "Glob" || name === "Grep"
          ? pick("pattern")
          : name === "Agent" || name === "Task"
            ? pick("description", "prompt")
            : name === "WebFetch"
              ? pick("url")
              : name === "WebSearch"
                ? pick("query")
                : name === "AskUserQuestion"
                  ? firstQuestion(args)
                  : pick("description", "command", "file_path", "path", "pattern", "url", "query", "prompt");
  return oneLine(shown ? `${name}: ${shown}` : name);
}

/** Flatten a tool_result's content (string or blocks) to text, cut to MAX_RESULT_CHARS. */
export function toolResultText(content: unknown): string {
  let text: string;
  if (typeof content === "string") text = content;
  else if (Array.isArray(content)) {
    text = content
      .map((block) =>
        typeof block === "object" && block !== null && typeof (block as { text?: unknown }).text === "string"
          ? (block as { text: string }).text
          : `[${String((block as { type?: unknown })?.type ?? "block")}]`,
      )
      .join("\n");
  } else text = "";
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS)}\n… (${text.length - MAX_RESULT_CHARS} more characters)` : text;
}

/** Base64 images in a tool_result's content blocks (an MCP tool's pictures), at most 8. */
export function toolResultImages(content: unknown): { mediaType: string; data: string }[] {
  if (!Array.isArray(content)) return [];
  const out: { mediaType: string; data: string }[] = [];
  for (const block of content) {
    const b = block as { type?: unknown; source?: { type?: unknown; media_type?: unknown; data?: unknown } };
    if (b?.type !== "image" || b.source?.type !== "base64" || typeof b.source.media_type !== "string" || typeof b.source.data !== "string") continue;
    out.push({ mediaType: b.source.media_type, data: b.source.data });
    if (out.length === 8) break;
  }
  return out;
}

function firstQuestion(args: Record<string, unknown>): string | undefined {
  const questions = args.questions;
  if (Array.isArray(questions) && questions.length > 0) {
    const q = questions[0] as { question?: unknown };
    if (typeof q?.question === "string") return q.question;
  }
  return undefined;
}

function relativeTo(path: string, cwd?: string): string {
  if (!cwd) return path;
  const base = cwd.endsWith("/") || cwd.endsWith("\\") ? cwd : cwd + (cwd.includes("\\") ? "\\" : "/");
  return path.startsWith(base) ? path.slice(base.length) : path;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SUMMARY ? `${flat.slice(0, MAX_SUMMARY - 1)}…` : flat;
}
