import {
  chmod,
  chmodSync,
  close,
  closeSync,
  fstat,
  mkdir,
  mkdirSync,
  open,
  openSync,
  read,
  readdirSync,
  readFileSync,
  readSync,
  rename,
  renameSync,
  rm,
  rmSync,
  statSync,
  writeFile,
  writeFileSync,
  type Stats,
} from "node:fs";
import { dirname } from "node:path";

// The few file operations history needs, behind an interface so tests can count reads (to prove
// the cache works) or inject failures. Listing stats synchronously in short time slices (thousands
// of small stats cost a fraction of the thread-pool round trips) and reads the head and tail windows
// asynchronously, several transcripts at a time. Transcript pages and search stream large chunks.

/** What history needs from a stat: size, modification time, kind. */
export interface FileStat {
  size: number;
  mtimeMs: number;
  isFile: boolean;
  isDirectory: boolean;
}

/** An open file read at explicit positions. */
export interface FileReader {
  stat(): Promise<FileStat>;
  /** Read up to `length` bytes at `position`; shorter at end of file (never throws for that). */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

/** One range to read: `length` bytes at `position` into the start of `into`. */
export interface ReadRange {
  position: number;
  length: number;
  into: Buffer;
}

/** File operations used by the history index, search and transcript loader. */
export interface HistoryFs {
  /** Entry names only: a typed listing costs an object per entry, and stat says what each one is. */
  readdirSync(dir: string): string[];
  statSync(path: string): FileStat;
  /**
   * Open once, read the ranges concurrently, close; resolves with the bytes read per range (short
   * at end of file). Asynchronous so the index can keep several transcripts' reads in flight: with
   * a cold page cache the disk, not the CPU, is what a listing waits for.
   */
  readRanges(path: string, ranges: ReadRange[]): Promise<number[]>;
  /** The same, synchronously: cheaper when the page cache holds the file (no thread-pool round trips). */
  readRangesSync(path: string, ranges: ReadRange[]): number[];
  readFileSync(path: string): Buffer;
  open(path: string): Promise<FileReader>;
  /** Write a whole file atomically (temp file + rename), creating parent directories. */
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  /** Remove a file; a missing file is not an error. */
  remove(path: string): Promise<void>;
}

/** The real file system. */
export const nodeFs: HistoryFs = {
  readdirSync: (dir) => readdirSync(dir),
  statSync: (path) => toStat(statSync(path)),
  readRanges: async (path, ranges) => {
    // Open and close here, on the calling thread (the listing has just stat'ed the file, so they
    // cost microseconds): libuv has four I/O threads, and they are best spent on the reads alone.
    const fd = openSync(path, "r");
    try {
      return await allReads(ranges.map((r) => (r.length > 0 ? new Promise<number>((res, rej) => read(fd, r.into, 0, r.length, r.position, (e, n) => (e ? rej(e) : res(n)))) : 0)));
    } finally {
      closeSync(fd);
    }
  },
  readRangesSync: (path, ranges) => {
    const fd = openSync(path, "r");
    try {
      return ranges.map((r) => (r.length > 0 ? readSync(fd, r.into, 0, r.length, r.position) : 0));
    } finally {
      closeSync(fd);
    }
  },
  readFileSync: (path) => readFileSync(path),
  open: (path) => new Promise((resolve, reject) => open(path, "r", (err, fd) => (err ? reject(err) : resolve(fdReader(fd))))),
  // Our state (the index cache holds prompt text) is the user's alone, like the descriptor:
  // directories 0700, files 0600, whoever creates them first (serve or `agent-panel sessions`).
  // Callback APIs rather than fs.promises, which on recent Node loads readline with it.
  writeFile: (path, data) =>
    replaceFile(path, data, {
      mkdir: (dir) => done((cb) => mkdir(dir, { recursive: true, mode: 0o700 }, cb)),
      chmod: (dir) => done((cb) => chmod(dir, 0o700, cb)),
      write: (file, bytes) => done((cb) => writeFile(file, bytes, { encoding: "utf8", mode: 0o600 }, cb)),
      rename: (from, to) => done((cb) => rename(from, to, cb)),
      remove: (file) => done((cb) => rm(file, { force: true }, cb)),
    }),
  remove: (path) => done((cb) => rm(path, { force: true }, cb)),
};

/**
 * The real file system for a one-shot command (`agent-panel sessions`): the same, except that
 * files are written synchronously, as nothing else waits on the event loop by then (an async write
 * of a megabyte is a handful of thread-pool round trips, each a few milliseconds on a busy 2-core
 * machine).
 */
export const oneShotFs: HistoryFs = {
  ...nodeFs,
  writeFile: (path, data) =>
    replaceFile(path, data, {
      mkdir: (dir) => void mkdirSync(dir, { recursive: true, mode: 0o700 }),
      chmod: (dir) => chmodSync(dir, 0o700),
      write: (file, bytes) => writeFileSync(file, bytes, { encoding: "utf8", mode: 0o600 }),
      rename: (from, to) => renameSync(from, to),
      remove: (file) => rmSync(file, { force: true }),
    }),
};

/** The steps of replaceFile, asynchronous (the sidecar) or synchronous (a one-shot command). */
interface ReplaceSteps {
  mkdir(dir: string): Promise<void> | void;
  chmod(dir: string): Promise<void> | void;
  write(file: string, data: string | Uint8Array): Promise<void> | void;
  rename(from: string, to: string): Promise<void> | void;
  remove(file: string): Promise<void> | void;
}

/** Write `path` whole or not at all: into a temporary file beside it (0600, folder 0700), then renamed over it. */
async function replaceFile(path: string, data: string | Uint8Array, steps: ReplaceSteps): Promise<void> {
  await steps.mkdir(dirname(path));
  try {
    await steps.chmod(dirname(path));
  } catch {
    // not ours to change: the file itself is still 0600
  }
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  await steps.write(tmp, data);
  try {
    await steps.rename(tmp, path);
  } catch (err) {
    await steps.remove(tmp);
    throw err;
  }
}

/** Every read's byte count once all have settled, or the first failure (the fd stays open until none is in flight). */
async function allReads(reads: Array<Promise<number> | number>): Promise<number[]> {
  const settled = await Promise.allSettled(reads);
  const failed = settled.find((x): x is PromiseRejectedResult => x.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((x) => (x as PromiseFulfilledResult<number>).value);
}

/** A callback-style fs call as a promise. */
function done(call: (cb: (err: NodeJS.ErrnoException | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => call((err) => (err ? reject(err) : resolve())));
}

/** The stat of `path`, or undefined when it cannot be stat'ed (gone since a readdir, unreadable). */
export function statOrUndefined(fs: HistoryFs, path: string): FileStat | undefined {
  try {
    return fs.statSync(path);
  } catch {
    return undefined;
  }
}

/** True when `err` is a Node error with one of the given codes (ENOENT, ENOTDIR, …). */
export function isFsError(err: unknown, ...codes: string[]): boolean {
  return typeof err === "object" && err !== null && codes.includes(String((err as { code?: unknown }).code));
}

function toStat(st: Stats): FileStat {
  return { size: st.size, mtimeMs: st.mtimeMs, isFile: st.isFile(), isDirectory: st.isDirectory() };
}

function fdReader(fd: number): FileReader {
  return {
    stat: () => new Promise((resolve, reject) => fstat(fd, (err, st) => (err ? reject(err) : resolve(toStat(st))))),
    read: (position, length) =>
      new Promise((resolve, reject) => {
        if (length <= 0) return resolve(Buffer.alloc(0));
        const buf = Buffer.allocUnsafe(length);
        read(fd, buf, 0, length, position, (err, n) => (err ? reject(err) : resolve(n === length ? buf : buf.subarray(0, n))));
      }),
    close: () => new Promise((resolve) => close(fd, () => resolve())),
  };
}
