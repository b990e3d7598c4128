// Finds Unity project paths ("Assets/Scripts/Player.cs", "Packages/com.foo/bar.asset", optionally
// followed by ":<line>") in plain text so both renderers can turn them into "open asset" links.
// An asset ref is the string "<path>" or "<path>:<line>"; the panel resolves it (and must still
// check it is inside the project: this scanner only keeps obvious escapes like ".." out).

/** A piece of text: either plain, or a detected asset path with its ref. */
export type TextPiece = { kind: "text"; text: string } | { kind: "asset"; text: string; ref: string };

const ROOT = /(?:Assets|Packages)\//g;
// Characters that end a path: whitespace, quotes, angle brackets, wildcard/pipe, colon, backslash.
const STOP = new Set([..." \t\n\r\f\v\u00A0\"'`<>|*?:\\"]);
// Trailing punctuation that belongs to the sentence, not the path.
const TRAILING = new Set([...".,;!?)]}"]);
// A character before "Assets/" that means we are inside a longer word or path.
const GLUE = /[\p{L}\p{N}_\-./\\@~$]/u;
const MAX_LINE_DIGITS = 7;
// Characters a code-span path may not contain (quotes, brackets, wildcards, backslash, controls).
const SPAN_FORBIDDEN = /["'`<>|*?\\\u0000-\u001F]/;

/** Splits `text` into plain pieces and asset-path pieces, in order; linear in text length. */
export function splitAssetRefs(text: string): TextPiece[] {
  if (!text.includes("Assets/") && !text.includes("Packages/")) return [{ kind: "text", text }];
  const pieces: TextPiece[] = [];
  let plainStart = 0;
  ROOT.lastIndex = 0;
  for (let m = ROOT.exec(text); m !== null; m = ROOT.exec(text)) {
    const start = m.index;
    if (start < plainStart) continue;
    if (start > 0 && GLUE.test(text.charAt(start - 1))) continue;
    const found = scanPath(text, start, start + m[0].length);
    if (found.ref === null) {
      ROOT.lastIndex = Math.max(found.end, start + 1); // skip the rejected word: keeps this linear
      continue;
    }
    if (start > plainStart) pieces.push({ kind: "text", text: text.slice(plainStart, start) });
    pieces.push({ kind: "asset", text: text.slice(start, found.end), ref: found.ref });
    plainStart = found.end;
    ROOT.lastIndex = found.end;
  }
  if (plainStart < text.length) pieces.push({ kind: "text", text: text.slice(plainStart) });
  return pieces;
}

// Returns the end of the path (plus ":line") and its ref, or ref null with the end of the
// rejected word so the caller does not scan it again.
/**
 * The asset ref when a whole string (an inline code span, a link destination) is one project
 * path, which may contain spaces (`Assets/My Folder/Icon.png`); null otherwise. Paths in prose
 * end at a space; these need not.
 */
export function exactAssetRef(candidate: string): string | null {
  const text = candidate.trim();
  if (!/^(?:Assets|Packages)\//.test(text) || SPAN_FORBIDDEN.test(text)) return null;
  if (text.indexOf("Assets/", 1) !== -1 || text.indexOf("Packages/", 1) !== -1) return null;
  const line = /:(\d{1,7})$/.exec(text);
  const path = line ? text.slice(0, line.index) : text;
  if (path.includes(":") || path.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return line ? `${path}:${line[1]}` : path;
}

function scanPath(text: string, start: number, afterRoot: number): { end: number; ref: string | null } {
  let end = afterRoot;
  while (end < text.length && !STOP.has(text.charAt(end)) && text.charCodeAt(end) >= 0x20) end++;
  const scanned = end;
  while (end > afterRoot && TRAILING.has(text.charAt(end - 1))) end--;
  const path = text.slice(start, end);
  if (end === afterRoot || path.split("/").some((segment) => segment === ".." || segment === ".")) {
    return { end: scanned, ref: null };
  }
  if (end === scanned && text.charAt(end) === ":") {
    let digitsEnd = end + 1;
    while (digitsEnd < text.length && digitsEnd - end <= MAX_LINE_DIGITS && isDigit(text.charCodeAt(digitsEnd))) digitsEnd++;
    if (digitsEnd > end + 1) return { end: digitsEnd, ref: `${path}:${text.slice(end + 1, digitsEnd)}` };
  }
  return { end, ref: path };
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
