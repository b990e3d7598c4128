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
  return renderLines(lines, toolName === "Write" ? "(empty file)" : "(no change)");
}

/** A unified diff from the sidecar (a turn's files card) in the same look: file headers dropped, hunks as notes. */
export function renderPatch(patch: string): HTMLElement {
  const lines: DiffLine[] = [];
  for (const line of patch.split("\n")) {
    if (line === "" || line.startsWith("Index: ") || line.startsWith("====") || line.startsWith("--- ") || line.startsWith("+++ ") || line.startsWith("\\ ")) continue;
    if (line.startsWith("@@") || line.startsWith("… (")) lines.push({ kind: "note", text: line });
    else lines.push({ kind: line[0] === "+" ? "added" : line[0] === "-" ? "removed" : "context", text: line.slice(1) });
  }
  return renderLines(lines, "(no change)");
}

function renderLines(lines: DiffLine[], empty: string): HTMLElement {
  const el = h("div", { class: "diff", attrs: { role: "group", "aria-label": "Diff" } });
  if (lines.length === 0) el.append(h("div", { class: "diff-line note" }, empty));
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
