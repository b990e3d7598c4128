import { Transform, type TransformCallback } from "node:stream";

// Lines of the stdio bridge's input, bounded. The SDK's stdio transport buffers up to 10 MB and,
// past that, closes itself: the bridge then exited without a word (a 20 MB or 60 MB line). Here a
// line longer than the limit is never buffered: its bytes are dropped as they come, and once its
// end arrives the client gets a JSON-RPC error for it (with its id when the line began with one),
// and reading goes on with the next line.

/** Longest input line passed on: the sidecar's /mcp takes no body over 4 MB either. */
export const MAX_STDIO_LINE = 4 * 1024 * 1024;

/** How much of a dropped line is kept to find its id. */
const PREFIX_BYTES = 4096;

/** A Transform passing through whole lines up to `maxLine` bytes; `refuse(prefix)` is called for each longer one. */
export function guardLines(maxLine: number, refuse: (prefix: string, bytes: number) => void): Transform {
  let pending: Buffer[] = [];
  let size = 0;
  let dropping = false;
  let prefix = "";
  const take = (piece: Buffer): void => {
    if (dropping) return void (size += piece.length);
    if (size + piece.length <= maxLine) {
      pending.push(piece);
      size += piece.length;
      return;
    }
    const head = Buffer.concat([...pending, piece.subarray(0, PREFIX_BYTES)]);
    prefix = head.subarray(0, PREFIX_BYTES).toString("utf8");
    pending = [];
    size += piece.length;
    dropping = true;
  };
  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      let start = 0;
      for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
        take(chunk.subarray(start, nl));
        if (dropping) refuse(prefix, size);
        else this.push(Buffer.concat([...pending, Buffer.from("\n")]));
        pending = [];
        size = 0;
        dropping = false;
        prefix = "";
        start = nl + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
      done();
    },
  });
}

/** The JSON-RPC error line for a dropped line: its id when the line's top level named one before its params. */
export function tooLongAnswer(prefix: string, bytes: number, maxLine: number): string {
  const head = prefix.split('"params"')[0] ?? "";
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)/.exec(head);
  let id: string | number | null = null;
  try {
    id = match ? (JSON.parse(match[1]!) as string | number) : null;
  } catch {
    id = null;
  }
  const message = `Request too large: a line of ${bytes} bytes is over the ${maxLine}-byte limit and was not read; send large data as a file path instead.`;
  return `${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message } })}\n`;
}
