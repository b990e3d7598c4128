import { reportInternal } from "../shared/errors.js";

// Every claude process this sidecar starts and sees exit, announced process-wide, so `serve` can
// keep a ledger of them on disk: after a SIGKILL of the sidecar the next one finds and ends the
// processes it left behind (sidecar/src/bridge/orphans.ts). Chats stay unaware of the ledger.

/** Told about each claude process start and exit. */
export type ChildListener = (event: "spawn" | "exit", pid: number) => void;

const listeners = new Set<ChildListener>();

/** Follow claude process starts and exits; returns the unsubscribe function. */
export function watchClaudeChildren(listener: ChildListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by ClaudeProcess when it started or saw its process exit; a failing listener is logged only. */
export function reportClaudeChild(event: "spawn" | "exit", pid: number | undefined): void {
  if (pid === undefined) return;
  for (const l of listeners) {
    try {
      l(event, pid);
    } catch (err) {
      reportInternal(`claude ${event} ledger (pid ${pid})`, err);
    }
  }
}
