import { editDiff, type DiffLine } from "../diff.js";
import { h } from "../dom.js";

// The diff block of a file-edit card (permission card and tool card): one line per element,
// marked added / removed / context / note, as text (never HTML).

const SIGN: Record<DiffLine["kind"], string> = { added: "+", removed: "-", context: " ", note: "" };
const WORD: Record<DiffLine["kind"], string> = { added: "Added", removed: "Removed", context: "Unchanged", note: "" };

/** The diff of a Write / Edit / MultiEdit input, or null for any other tool. */
export function renderDiff(toolName: string, input: unknown): HTMLElement | null {
  const lines = editDiff(toolName, input);
  if (lines === undefined) return null;
  const el = h("div", { class: "diff", attrs: { role: "group", "aria-label": "Diff" } });
  if (lines.length === 0) el.append(h("div", { class: "diff-line note" }, toolName === "Write" ? "(empty file)" : "(no change)"));
  for (const line of lines) {
    el.append(
      h(
        "div",
        { class: `diff-line ${line.kind}`, attrs: WORD[line.kind] ? { title: WORD[line.kind] } : {} },
        line.kind === "note" ? null : h("span", { class: "diff-sign", attrs: { "aria-hidden": "true" } }, SIGN[line.kind]),
        line.text === "" && line.kind !== "note" ? "\u00a0" : line.text,
      ),
    );
  }
  return el;
}
