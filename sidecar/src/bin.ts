import { isMainThread } from "node:worker_threads";
import { main } from "./main.js";

// Process entry of the bundled `agent-panel` command. A worker thread that loads this file (the
// render worker imports whichever bundle file holds its code) must not run the command again.
if (isMainThread) main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
