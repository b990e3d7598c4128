import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";

// The one way the sidecar replaces a file so that no reader ever sees half of it: a fresh temp
// file beside it, then a rename over it (the private descriptor files and restored turn files alike).

/** Replace `path` with `data` in one step (temp file in the same folder + rename); `mode` for a new file, e.g. 0o600. */
export function writeAtomic(path: string, data: string | Buffer, mode?: number): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, data, mode === undefined ? { flag: "wx" } : { flag: "wx", mode });
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
