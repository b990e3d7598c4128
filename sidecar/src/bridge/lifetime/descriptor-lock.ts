import { randomBytes } from "node:crypto";
import { readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AgentPanelError } from "../../shared/errors.js";
import { ensurePrivateDir } from "../../shared/descriptor-io.js";
import { processExists } from "./lifetime.js";

// A short-lived lock (<hash>.lock) held while `serve` checks for a running sidecar and starts its
// own, so two sidecars started at the same moment (e.g. two editor reloads) end up as one: the
// second waits, then finds the first one's descriptor and reuses it. A lock whose holder died or
// that is older than `staleMs` is broken.

/** Options of acquireInstanceLock. */
export interface LockOptions {
  timeoutMs?: number;
  staleMs?: number;
  pollMs?: number;
}

/** Take the lock, waiting for another holder; returns the release function. */
export async function acquireInstanceLock(file: string, opts: LockOptions = {}): Promise<() => void> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const staleMs = opts.staleMs ?? 30_000;
  const pollMs = opts.pollMs ?? 100;
  const nonce = randomBytes(8).toString("hex");
  const mine = JSON.stringify({ pid: process.pid, nonce });
  const deadline = Date.now() + timeoutMs;
  ensurePrivateDir(path.dirname(file));
  for (;;) {
    try {
      writeFileSync(file, mine, { flag: "wx", mode: 0o600 });
      return () => releaseLock(file, mine);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new AgentPanelError("instance_lock", `Cannot create ${file}; check that your user can write there.`, { cause: err });
      }
    }
    if (isStale(file, staleMs)) {
      removeQuietly(file);
      continue;
    }
    if (Date.now() >= deadline) {
      throw new AgentPanelError(
        "instance_lock_timeout",
        `Another agent-panel is starting for this project (lock ${file}); wait a moment and try again, or delete the lock file if no agent-panel is running.`,
      );
    }
    await sleep(pollMs);
  }
}

/** True when the lock's holder is gone or the lock is older than `staleMs`. */
function isStale(file: string, staleMs: number): boolean {
  let text: string;
  let ageMs: number;
  try {
    text = readFileSync(file, "utf8");
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch {
    return false; // gone already: the next attempt will take it
  }
  if (ageMs > staleMs) return true;
  try {
    const holder = JSON.parse(text) as { pid?: unknown };
    return typeof holder.pid === "number" && holder.pid !== process.pid && !processExists(holder.pid);
  } catch {
    return ageMs > 2000; // a half-written lock should not stay half-written for long
  }
}

function releaseLock(file: string, mine: string): void {
  try {
    if (readFileSync(file, "utf8") === mine) unlinkSync(file);
  } catch {
    // already gone
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // someone else removed it first
  }
}
