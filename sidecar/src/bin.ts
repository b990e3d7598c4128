import { main } from "./main.js";

// Process entry of the bundled `agent-panel` command. A worker thread that loads this file (the
// render worker imports whichever bundle file holds its code) must not run the command again: the
// worker's bootstrap marks its global (render-pool.ts), which costs nothing here, unlike loading
// node:worker_threads just to ask isMainThread on every start.
if ((globalThis as Record<symbol, unknown>)[Symbol.for("agent-panel.worker")] !== true) main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
