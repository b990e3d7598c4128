import { describe, expect, it } from "vitest";
import { diffLineText, editDiff, lineDiff, MAX_DIFF_LINES } from "../../src/web/app/diff.js";

// The browser panel's file-edit diff, worded like the Unity panel's (EditDiff.cs).

const text = (lines: ReturnType<typeof lineDiff>) => lines.map(diffLineText);

describe("editDiff", () => {
  it("shows an Edit as removed and added lines with two lines of context, the rest collapsed", () => {
    const before = ["a", "b", "c", "d", "e", "f", "g"].join("\n");
    const after = ["a", "b", "c", "D", "e", "f", "g"].join("\n");
    expect(text(editDiff("Edit", { file_path: "x.cs", old_string: before, new_string: after })!)).toEqual(["… 1 unchanged line", "  b", "  c", "- d", "+ D", "  e", "  f", "… 1 unchanged line"]);
  });

  it("keeps unchanged lines between changes in order (LCS), not everything removed then added", () => {
    expect(text(lineDiff("x\nkeep\ny\n", "X\nkeep\nY\n"))).toEqual(["- x", "+ X", "  keep", "- y", "+ Y"]);
  });

  it("shows a Write as every line added, and a MultiEdit edit by edit", () => {
    expect(text(editDiff("Write", { file_path: "a.txt", content: "one\ntwo\n" })!)).toEqual(["+ one", "+ two"]);
    const multi = editDiff("MultiEdit", {
      file_path: "a.txt",
      edits: [
        { old_string: "a", new_string: "b" },
        { old_string: "c", new_string: "d" },
      ],
    })!;
    expect(text(multi)).toEqual(["@@ edit 1 of 2 @@", "- a", "+ b", "@@ edit 2 of 2 @@", "- c", "+ d"]);
  });

  it("returns undefined for other tools and tolerates malformed input", () => {
    expect(editDiff("Bash", { command: "ls" })).toBeUndefined();
    expect(editDiff("MultiEdit", { edits: "nope" })).toBeUndefined();
    expect(editDiff("Edit", null)).toBeUndefined();
    expect(text(editDiff("Edit", { old_string: 3, new_string: "x" })!)).toEqual(["+ x"]);
  });

  it("caps a huge diff with a note of how many lines were left out", () => {
    const content = Array.from({ length: MAX_DIFF_LINES + 25 }, (_, i) => `line ${i}`).join("\n");
    const lines = editDiff("Write", { content })!;
    expect(lines).toHaveLength(MAX_DIFF_LINES + 1);
    expect(lines.at(-1)).toEqual({ kind: "note", text: "… 25 more lines" });
  });

  it("falls back to prefix/suffix matching for very long edits instead of a huge table", () => {
    const a = Array.from({ length: 600 }, (_, i) => `a${i}`).join("\n");
    const b = Array.from({ length: 600 }, (_, i) => `b${i}`).join("\n");
    const lines = lineDiff(`head\n${a}\ntail`, `head\n${b}\ntail`);
    expect(lines[0]).toEqual({ kind: "context", text: "head" });
    expect(lines.filter((l) => l.kind === "removed")).toHaveLength(600);
    expect(lines.findIndex((l) => l.kind === "added")).toBe(601);
  });
});
