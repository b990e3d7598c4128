import { writeSync } from "node:fs";

// Output of the short-lived commands that print one large document (`sessions --json` prints a
// megabyte for 2,000 sessions). Reaching for process.stdout makes Node load its whole stream stack
// (twenty internal modules; more for a pipe) just to write once; a synchronous write to fd 1 does
// the same job. Where fd 1 is non-blocking and full, the rest goes through process.stdout after all.

let streamed = false; // once a write went through process.stdout, later ones follow it (order)
let guarded = false;

/** Write `text` and a newline to standard output; a reader that went away (EPIPE) ends the output quietly. */
export function writeStdout(text: string, fd = 1): void {
  const bytes = Buffer.from(text + "\n", "utf8");
  if (streamed) return void stream().write(bytes);
  let at = 0;
  try {
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === "EPIPE") return;
    if (code !== "EAGAIN") throw err;
    streamed = true;
    stream().write(bytes.subarray(at));
  }
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
