import * as fs from "node:fs";

// How many reads a listing can keep in flight. Node's asynchronous file reads run on libuv's
// thread pool, four threads unless UV_THREADPOOL_SIZE says otherwise, and libuv reads that
// variable once: when the first task is queued, which starts the pool. Four threads are four
// reads at a time, while a disk read after a reboot takes about half a millisecond and the disk
// serves many at once (reading the windows of 2,000 transcripts cold took some 0.3 s with four
// threads and 0.2 s with sixteen here). So a process that is about to read from the disk asks for
// more threads while it still can. Where the pool has already started (Node 20 starts it while
// loading an ESM entry; Node 22 and later do not), or the user set the variable, nothing changes.

/** Pool threads asked for when the pool has not started yet. */
export const READ_LANES = 16;

let asked = false;

/**
 * Start libuv's thread pool with READ_LANES threads if it has not started yet and the user has not
 * chosen a size; the variable is removed again at once, so child processes (the claude CLI, MCP
 * servers) do not inherit it. Returns whether the request was made (it takes effect only if this
 * was the pool's first task). Idempotent and cheap.
 */
export function widenThreadPool(): boolean {
  if (asked) return false;
  asked = true;
  if (process.env.UV_THREADPOOL_SIZE !== undefined) return false;
  process.env.UV_THREADPOOL_SIZE = String(READ_LANES);
  try {
    fs.access(".", () => undefined); // the first pool task: libuv starts the pool within this call
  } finally {
    delete process.env.UV_THREADPOOL_SIZE;
  }
  return true;
}
