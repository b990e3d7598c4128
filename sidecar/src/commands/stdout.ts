import { writeSync } from "node:fs";

// Output of the short-lived commands that print one large document (`sessions --json` prints a
// megabyte for 2,000 sessions). Reaching for process.stdout makes Node load its whole stream stack
// (twenty internal modules; more for a pipe) just to write once; a synchronous write to fd 1 does
// the same job. The text goes out in slices of 64 Ki characters: Node encodes a string slice while
// writing it several times faster than it builds one Buffer of a megabyte-long (two-byte) string.
// Where fd 1 is non-blocking and full, the rest goes through process.stdout after all.

/** Characters per write; a slice never ends between the two halves of a surrogate pair. */
const SLICE = 65536;

let streamed = false; // once a write went through process.stdout, later ones follow it (order)
let guarded = false;

/** Write `text` and a newline to standard output; a reader that went away (EPIPE) ends the output quietly. */
export function writeStdout(text: string, fd = 1): void {
  if (streamed) return void stream().write(text + "\n");
  for (let at = 0; at <= text.length;) {
    let end = Math.min(text.length, at + SLICE);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    const part = at === text.length ? "\n" : end === text.length ? text.slice(at) + "\n" : text.slice(at, end);
    const rest = writePart(fd, part);
    if (rest === "closed") return;
    if (rest !== undefined) {
      // fd 1 is non-blocking and full: what is left of this slice, then the rest, through the stream.
      streamed = true;
      stream().write(rest);
      if (end < text.length) stream().write(text.slice(end) + "\n");
      return;
    }
    if (end === text.length) return;
    at = end;
  }
}

/**
 * One slice, whole (a short write is finished from its bytes). Returns undefined when it all went
 * out, "closed" when the reader went away (EPIPE), or the bytes not written when fd 1 would block.
 */
function writePart(fd: number, part: string): Buffer | "closed" | undefined {
  let at: number;
  try {
    at = writeSync(fd, part);
  } catch (err) {
    return unwritten(err, Buffer.from(part, "utf8"));
  }
  return at >= Buffer.byteLength(part) ? undefined : writeBytes(fd, Buffer.from(part, "utf8"), at);
}

/** Write `bytes` from offset `at` to the end; the same answers as writePart. */
function writeBytes(fd: number, bytes: Uint8Array, at: number): Buffer | "closed" | undefined {
  try {
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    return undefined;
  } catch (err) {
    return unwritten(err, Buffer.from(bytes.buffer, bytes.byteOffset + at, bytes.length - at));
  }
}

/** A failed write: "closed" for EPIPE, what is left for EAGAIN (fd 1 non-blocking and full); anything else is thrown. */
function unwritten(err: unknown, rest: Buffer): Buffer | "closed" {
  const code = (err as { code?: unknown }).code;
  if (code === "EPIPE") return "closed";
  if (code !== "EAGAIN") throw err;
  return rest;
}

/** process.stdout, where a reader that went away ends the output quietly here too. */
function stream(): NodeJS.WriteStream {
  if (!guarded) {
    guarded = true;
    process.stdout.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code !== "EPIPE") throw err;
    });
  }
  return process.stdout;
}
