import { createTwoFilesPatch } from "diff";

// The unified diff of one file a turn changed, for the turn's files card: jsdiff's patch, bounded
// (64 KB shown, the rest counted), and only for text: a binary file or a huge one gets none.

/** Longest diff text sent with a file. */
export const MAX_DIFF_BYTES = 64 * 1024;
/** Sides larger than this are not diffed (the card shows sizes only). */
export const MAX_DIFF_INPUT_BYTES = 1024 * 1024;
/** Edits beyond this many lines give up the diff rather than spend the event loop on it. */
const MAX_EDIT_LENGTH = 20_000;

/** The bounded unified diff between two versions of a file (null = did not exist), or undefined for binary or huge content. */
export function fileDiff(name: string, before: Buffer | null, after: Buffer | null): string | undefined {
  const a = textOf(before);
  const b = textOf(after);
  if (a === undefined || b === undefined) return undefined;
  const patch = createTwoFilesPatch(before === null ? "/dev/null" : `a/${name}`, after === null ? "/dev/null" : `b/${name}`, a, b, undefined, undefined, {
    context: 3,
    maxEditLength: MAX_EDIT_LENGTH,
  });
  return patch === undefined ? undefined : bound(patch);
}

/** Cut a diff at a line boundary within MAX_DIFF_BYTES, saying how many lines were left out. */
export function bound(patch: string, maxBytes = MAX_DIFF_BYTES): string {
  if (Buffer.byteLength(patch) <= maxBytes) return patch;
  const lines = patch.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (used + size > maxBytes - 40) break;
    kept.push(line);
    used += size;
  }
  return `${kept.join("\n")}\n… (${lines.length - kept.length} more lines)\n`;
}

/** The text of a file's bytes ("" for a file that did not exist), or undefined for binary or huge content. */
function textOf(bytes: Buffer | null): string | undefined {
  if (bytes === null) return "";
  if (bytes.length > MAX_DIFF_INPUT_BYTES || bytes.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined; // not UTF-8: shown as binary
  }
}
