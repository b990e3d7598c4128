import { closeSync, openSync } from "node:fs";

// Spawning a child needs a handful of descriptors at once (three pipes, two ends each, plus one
// for the exec error channel). When the process is out of them, execa fails half-way and leaves an
// `error` event on a child nobody listens to, which ends the whole sidecar. Checking first, by
// briefly opening that many descriptors, turns the situation into an ordinary typed error.

/** Descriptors a spawn needs, with a margin. */
export const SPAWN_DESCRIPTORS = 16;

/** True when `count` more descriptors can be opened right now (always true where there is no /dev/null). */
export function hasDescriptorHeadroom(count = SPAWN_DESCRIPTORS): boolean {
  if (process.platform === "win32") return true;
  const opened: number[] = [];
  try {
    for (let i = 0; i < count; i++) opened.push(openSync("/dev/null", "r"));
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code !== "EMFILE" && code !== "ENFILE";
  } finally {
    for (const fd of opened) closeSync(fd);
  }
}
