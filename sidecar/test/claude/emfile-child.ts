import { openSync } from "node:fs";
import { ClaudeProcess } from "../../src/claude/process.js";

// Run under a low descriptor limit by spawn-emfile.test.ts: uses up every descriptor, then starts
// a claude process. Prints the outcome as one JSON line; an uncaught error would end the process
// before it prints "survived".
// One spawn first, so every module execa loads lazily is loaded while descriptors remain.
await new ClaudeProcess({ claudePath: process.execPath, cwd: process.cwd() }).whenExited();
const held: number[] = [];
try {
  for (;;) held.push(openSync("/dev/null", "r"));
} catch {
  // EMFILE: the table is full.
}
let outcome: Record<string, unknown>;
try {
  const proc = new ClaudeProcess({ claudePath: process.execPath, cwd: process.cwd() });
  outcome = { started: true, pid: proc.pid };
} catch (err) {
  outcome = { started: false, code: (err as { code?: string }).code, message: (err as Error).message };
}
setTimeout(() => {
  process.stdout.write(`${JSON.stringify({ ...outcome, survived: true })}\n`);
  process.exit(0);
}, 300);
