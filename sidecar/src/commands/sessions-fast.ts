import { defaultCacheDir, cacheFile } from "../history/cache.js";
import { nodeFs } from "../history/fsio.js";
import { transcriptDirFor } from "../history/paths.js";
import { lookupMemo, memoFile, memoKey, memoMode, memoZone } from "./sessions-memo.js";
import { writeStdoutBytes } from "./stdout.js";

// `agent-panel sessions` when nothing changed since its last run: the kept output is printed after
// the stamp check (sessions-memo.ts) without loading the listing's code. The bundle builds this
// file on its own as dist/sessions-fast.cjs, which the entry requires synchronously: a CommonJS
// file loads in a fraction of the time of the ESM chunks the full command imports (a run with
// nothing changed takes about 10 ms less on Node 20). Anything it does not answer, the full command does: an
// argument it does not know, a missing or stale kept output, any error.

/**
 * Print the kept output for `args` if it is still what a listing would print; false when the full
 * command must run. `entry` is the command's entry file (part of the key, see sessions-memo.ts).
 */
export function sessionsFromMemo(args: string[], entry?: string | URL, write: (bytes: Buffer) => void = writeStdoutBytes, env: NodeJS.ProcessEnv = process.env): boolean {
  let json = false;
  let all = false;
  let project: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--json") json = true;
    else if (a === "--all") all = true;
    else if (project === undefined && a.startsWith("--project=")) project = a.slice("--project=".length);
    else if (project === undefined && a === "--project" && i + 1 < args.length && !args[i + 1]!.startsWith("-")) project = args[++i];
    else return false; // usage errors and the rest: the full command's parser says what is wrong
  }
  try {
    const root = project ?? process.cwd();
    const dir = transcriptDirFor(root, env);
    const mode = memoMode(json, all);
    const { hit } = lookupMemo(nodeFs, dir, memoFile(cacheFile(defaultCacheDir(env), dir), mode), memoKey(root, mode, memoZone(json), entry));
    if (!hit) return false;
    write(hit);
    return true;
  } catch {
    return false;
  }
}
