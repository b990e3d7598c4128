// The change a Write / Edit / MultiEdit call makes, as unified-style diff lines, so the browser
// panel shows it like the Unity panel does (Core/View/Chat/EditDiff.cs) instead of raw JSON.

/** One diff line: context, added, removed, or a note ("@@ edit 2 of 3 @@", "… 12 unchanged lines"). */
export interface DiffLine {
  kind: "context" | "added" | "removed" | "note";
  text: string;
}

/** Lines kept around a change; longer unchanged runs collapse into a note. */
export const CONTEXT_LINES = 2;
/** Longest diff shown; the rest becomes "… N more lines". */
export const MAX_DIFF_LINES = 400;
/** Above this many line pairs the diff falls back to prefix/suffix matching (no LCS table). */
const MAX_CELLS = 250_000;

/** The diff of a tool call's input, or undefined when the tool is not a file edit. */
export function editDiff(toolName: string, input: unknown): DiffLine[] | undefined {
  if (input === null || typeof input !== "object") return undefined;
  const o = input as Record<string, unknown>;
  let lines: DiffLine[];
  switch (toolName) {
    case "Edit":
      lines = lineDiff(text(o.old_string), text(o.new_string));
      break;
    case "MultiEdit": {
      if (!Array.isArray(o.edits)) return undefined;
      const edits = o.edits;
      lines = [];
      edits.forEach((edit, i) => {
        if (edit === null || typeof edit !== "object") return;
        const e = edit as Record<string, unknown>;
        lines.push({ kind: "note", text: `@@ edit ${i + 1} of ${edits.length} @@` }, ...lineDiff(text(e.old_string), text(e.new_string)));
      });
      break;
    }
    case "Write":
      lines = split(text(o.content)).map((l) => ({ kind: "added", text: l }));
      break;
    default:
      return undefined;
  }
  if (lines.length <= MAX_DIFF_LINES) return lines;
  return [...lines.slice(0, MAX_DIFF_LINES), { kind: "note", text: `… ${lines.length - MAX_DIFF_LINES} more lines` }];
}

/** Line diff of two texts with CONTEXT_LINES of context around each change. */
export function lineDiff(before: string, after: string): DiffLine[] {
  return collapse(raw(split(before), split(after)));
}

/** The line as a unified diff shows it: "+ x", "- x", "  x", or the note itself. */
export function diffLineText(line: DiffLine): string {
  return line.kind === "added" ? `+ ${line.text}` : line.kind === "removed" ? `- ${line.text}` : line.kind === "context" ? `  ${line.text}` : line.text;
}

function raw(a: string[], b: string[]): DiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) (endA--, endB--);
  const out: DiffLine[] = a.slice(0, start).map((t) => ({ kind: "context", text: t }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length <= MAX_CELLS) out.push(...lcs(midA, midB));
  else out.push(...midA.map((t): DiffLine => ({ kind: "removed", text: t })), ...midB.map((t): DiffLine => ({ kind: "added", text: t })));
  for (let i = endA; i < a.length; i++) out.push({ kind: "context", text: a[i]! });
  return out;
}

function lcs(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const len = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) len[i]![j] = a[i] === b[j] ? len[i + 1]![j + 1]! + 1 : Math.max(len[i + 1]![j]!, len[i]![j + 1]!);
  const out: DiffLine[] = [];
  let x = 0;
  let y = 0;
  while (x < n || y < m) {
    if (x < n && y < m && a[x] === b[y]) (out.push({ kind: "context", text: a[x]! }), x++, y++);
    else if (y < m && (x === n || len[x]![y + 1]! > len[x + 1]![y]!)) out.push({ kind: "added", text: b[y++]! });
    else out.push({ kind: "removed", text: a[x++]! });
  }
  return out;
}

function collapse(lines: DiffLine[]): DiffLine[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((l, i) => {
    if (l.kind === "context") return;
    for (let k = Math.max(0, i - CONTEXT_LINES); k <= Math.min(lines.length - 1, i + CONTEXT_LINES); k++) keep[k] = true;
  });
  const out: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (!keep[i]) return void skipped++;
    if (skipped > 0) out.push(unchanged(skipped));
    skipped = 0;
    out.push(l);
  });
  if (skipped > 0 && out.length > 0) out.push(unchanged(skipped));
  return out;
}

function unchanged(n: number): DiffLine {
  return { kind: "note", text: `… ${n} unchanged line${n === 1 ? "" : "s"}` };
}

/** A string field, or "" (a malformed input must not break the card). */
function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function split(t: string): string[] {
  if (t.length === 0) return [];
  const lines = t.replace(/\r\n/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
