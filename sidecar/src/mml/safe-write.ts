import { randomBytes } from "node:crypto";
import { closeSync, constants, existsSync, fstatSync, lstatSync, mkdirSync, openSync, readlinkSync, realpathSync, renameSync, unlinkSync, writeSync, type Stats } from "node:fs";
import { isAbsolute, join, relative } from "node:path";

// Writes one file inside a root so that the check "is it inside?" and the write are one step
// (issue #29, item 7). Node has no openat, so each folder is opened with O_NOFOLLOW|O_DIRECTORY
// and, on Linux, the next name is looked up through /proc/self/fd/<fd>/ — the very folder opened,
// whatever is renamed or swapped for a symbolic link meanwhile. A symbolic link at any level is
// refused. The bytes go to a temp name in that folder and are renamed over the target only after
// the existing file (if any) was accepted by `mayReplace`. Elsewhere (macOS, Windows) the same
// checks run on paths, before and after the write: the window is narrowed, not closed.

/** Why a write was refused; `code` maps to compose_mml's diagnostic codes. */
export interface SafeWriteError {
  code: "OUTPUT_PATH_SYMLINK" | "OUTPUT_EXISTS" | "OUTPUT_PATH_OUTSIDE_PROJECT" | "OUTPUT_WRITE_FAILED";
  message: string;
}

/** Where the file went (its real path), or why nothing was written. */
export type SafeWriteResult = { ok: true; real: string } | ({ ok: false } & SafeWriteError);

const FOLLOW_FD = process.platform === "linux" && existsSync("/proc/self/fd");

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const DIR_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NOFOLLOW;

class Refused extends Error {
  constructor(
    readonly code: SafeWriteError["code"],
    message: string,
  ) {
    super(message);
  }
}

/**
 * Write `bytes` to `root`/`parts` (folders created as needed). `mayReplace(real)` decides whether
 * an existing file at the target may be replaced; a folder or link in the way is never followed.
 */
export function writeInside(root: string, parts: string[], bytes: Buffer, mayReplace: (real: string) => boolean, mode: FolderMode = FOLDER_MODE): SafeWriteResult {
  const name = parts[parts.length - 1];
  if (!name || parts.some((p) => p === "" || p === "." || p === "..")) return { ok: false, code: "OUTPUT_PATH_OUTSIDE_PROJECT", message: `${parts.join("/")} is not a plain path inside ${root}.` };
  let realRoot: string;
  try {
    mkdirSync(root, { recursive: true });
    realRoot = realpathSync(root);
  } catch (err) {
    return { ok: false, code: "OUTPUT_WRITE_FAILED", message: `Could not open ${root}: ${(err as Error).message}.` };
  }
  let dir: OpenDir | undefined;
  let tmp: string | undefined;
  try {
    dir = openFolders(realRoot, parts.slice(0, -1), mode);
    tmp = `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    const fd = openSync(dir.entry(tmp), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o644);
    try {
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
    } finally {
      closeSync(fd);
    }
    const target = join(dir.real, name);
    const existing = lstatOrNull(dir.entry(name));
    if (existing?.isDirectory()) throw new Refused("OUTPUT_WRITE_FAILED", `${target} is a folder.`);
    if (existing && !mayReplace(target)) throw new Refused("OUTPUT_EXISTS", `${target} already exists and was not written by compose_mml.`);
    dir.verify(realRoot);
    renameSync(dir.entry(tmp), dir.entry(name));
    tmp = undefined;
    try {
      dir.verify(realRoot);
    } catch (err) {
      // the folder left the root between the check and the rename: take the file back out
      removeQuietly(dir.entry(name));
      throw err;
    }
    return { ok: true, real: target };
  } catch (err) {
    if (tmp !== undefined && dir) removeQuietly(dir.entry(tmp));
    if (err instanceof Refused) return { ok: false, code: err.code, message: err.message };
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR")
      return { ok: false, code: "OUTPUT_PATH_SYMLINK", message: `A folder on the way to ${parts.join("/")} is a symbolic link or changed while writing (${code}).` };
    return { ok: false, code: "OUTPUT_WRITE_FAILED", message: `Could not write ${join(realRoot, ...parts)}: ${(err as Error).message}.` };
  } finally {
    dir?.close();
  }
}

/** A folder held open: `entry(name)` names a child through the descriptor where the OS allows it. */
interface OpenDir {
  real: string;
  entry(name: string): string;
  /** Throws when the folder is no longer `real` inside `root` (moved, or a link swapped in). */
  verify(root: string): void;
  close(): void;
}

/**
 * How folders are held: "proc" (Linux: descriptors, children named through /proc/self/fd), "held"
 * (descriptors, children named by path: macOS), "path" (no descriptors: Windows cannot open a folder).
 */
export type FolderMode = "proc" | "held" | "path";

/** The mode this platform supports. */
export const FOLDER_MODE: FolderMode = process.platform === "win32" ? "path" : FOLLOW_FD ? "proc" : "held";

function openFolders(realRoot: string, folders: string[], mode: FolderMode): OpenDir {
  const hold = mode !== "path";
  let fd = hold ? openSync(realRoot, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0)) : -1;
  let real = realRoot;
  const via = () => (mode === "proc" ? `/proc/self/fd/${fd}` : real);
  try {
    for (const folder of folders) {
      const path = join(via(), folder);
      let st = lstatOrNull(path);
      if (!st) {
        try {
          mkdirSync(path);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        }
        st = lstatSync(path);
      }
      if (st.isSymbolicLink()) throw new Refused("OUTPUT_PATH_SYMLINK", `${join(real, folder)} is a symbolic link; compose_mml writes only into real folders of the project.`);
      if (!st.isDirectory()) throw new Refused("OUTPUT_WRITE_FAILED", `${join(real, folder)} is not a folder.`);
      real = join(real, folder);
      if (!hold) continue;
      const next = openSync(path, DIR_FLAGS);
      const opened = fstatSync(next);
      closeSync(fd);
      fd = next;
      if (opened.ino !== st.ino || opened.dev !== st.dev) throw new Refused("OUTPUT_PATH_SYMLINK", `${real} changed while it was opened; compose again.`);
    }
    // Without /proc the name is checked by path: it must resolve to itself (case as on disk).
    if (mode !== "proc") {
      const canonical = realpathSync(real);
      if (canonical.toLowerCase() !== real.toLowerCase() || (process.platform === "linux" && canonical !== real))
        throw new Refused("OUTPUT_PATH_SYMLINK", `${real} resolves to ${canonical}; compose_mml writes only into real folders of the project.`);
      real = canonical;
    }
  } catch (err) {
    if (hold) closeSync(fd);
    throw err;
  }
  const held = fd;
  return {
    real,
    entry: (name) => join(via(), name),
    verify(root) {
      const now = mode === "proc" ? readlinkSync(`/proc/self/fd/${held}`) : realpathSync(real);
      let same = true;
      if (mode === "held") {
        const st = lstatSync(real);
        const opened = fstatSync(held);
        same = st.ino === opened.ino && st.dev === opened.dev;
      }
      if (now !== real || !same || !inside(root, now)) throw new Refused("OUTPUT_PATH_SYMLINK", `${real} moved or was replaced while writing; nothing was written. Compose again.`);
    },
    close: () => {
      if (hold) closeSync(held);
    },
  };
}

function inside(root: string, path: string): boolean {
  const r = relative(root, path);
  return r === "" || (!r.startsWith("..") && !isAbsolute(r));
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
