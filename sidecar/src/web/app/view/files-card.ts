import { h } from "../dom.js";
import type { FilesItem } from "../store.js";
import { renderPatch } from "./diff-view.js";
import { details, type ItemContext } from "./items.js";

// The files a turn wrote: one line per file with what changed and a collapsible diff, and a
// "Revert files" button (chat.revertFiles; the controller asks before overwriting later changes).

const WORD: Record<FilesItem["files"][number]["change"], string> = { created: "created", modified: "modified", deleted: "deleted", unchanged: "unchanged" };

/** The files card of one turn. */
export function renderFiles(item: FilesItem, ctx: ItemContext): HTMLElement {
  const revertible = item.files.some((f) => f.revertible && f.change !== "unchanged");
  const button = h("button", { class: "revert-files", attrs: { type: "button", "data-fid": `revert:${item.turnId}` } }, "Revert files");
  button.disabled = !revertible || ctx.revertFiles === undefined;
  button.addEventListener("click", () => ctx.revertFiles?.(item.turnId));
  const count = `${item.files.length} file${item.files.length === 1 ? "" : "s"} changed`;
  return h(
    "div",
    { class: "item files", attrs: { role: "group", "aria-label": "Files this turn changed" } },
    h("div", { class: "files-head" }, h("span", { class: "label" }, count), button),
    ...item.files.map((f) => {
      const name = f.relPath ?? f.path;
      const summary = [
        h("span", { class: `file-change ${f.change}` }, WORD[f.change]),
        " ",
        h("span", { class: "file-name" }, name),
        f.revertible ? null : h("span", { class: "meta" }, " (no copy kept)"),
      ];
      return f.diff === undefined ? h("div", { class: "file" }, ...summary) : details(ctx, `files:${item.turnId}:${f.path}`, "file", summary, [renderPatch(f.diff)]);
    }),
    item.reverted
      ? h(
          "div",
          { class: "meta files-reverted", attrs: { role: "status" } },
          `Reverted ${item.reverted.restored.length} file${item.reverted.restored.length === 1 ? "" : "s"}`,
          item.reverted.skipped.length > 0 ? `; skipped ${item.reverted.skipped.map((s) => `${s.path} (${s.reason})`).join(", ")}` : "",
        )
      : null,
  );
}
