import { join } from "node:path";
import { statOrUndefined, type FileStat, type HistoryFs } from "./fsio.js";

// A short digest of every stamp (size, mtime) a listing of one transcript directory depended on:
// each transcript, each session's side folder and each side file it read. Two listings with the
// same digest were made from the same files, so a one-shot command can print its last output again
// after checking the stamps alone (the same readdir and stats a checked listing makes) instead of
// parsing the index cache and rebuilding the list. The digest does not depend on the order entries
// come in (a directory's order may change while its contents do not).

/** A side folder or side file changed less than this long ago may change again within its mtime tick. */
export const RACY_MS = 2000;

/** What a listing saw: the digest, the side files it read, and whether the result may be reused. */
export interface ListingDigest {
  value: string;
  /** Side files read, as `<id>/<file name>`: a check stats these again. */
  sideFiles: string[];
  /** False when something could not be read or changed too recently to trust its stamp. */
  reusable: boolean;
}

/** Folds stamps into an order-independent digest (two 32-bit hash sums and a count). */
export class StampDigest {
  private a = 0;
  private b = 0;
  private n = 0;
  private unsettled = false;
  private readonly sides: string[] = [];

  /** `off`: a listing nobody takes a digest of (the sidecar's) folds nothing. */
  constructor(private readonly now = Date.now(), private readonly off = false) {}

  /** A transcript's stamp. */
  transcript(name: string, st: FileStat): void {
    this.add(1, name, st);
  }

  /** A session's side folder (its stamp stands for the names in it). */
  folder(id: string, st: FileStat): void {
    this.add(2, id, st);
    this.settled(st);
  }

  /** A side file the listing read (archived flag, user title). */
  sideFile(key: string, st: FileStat): void {
    this.add(3, key, st);
    this.sides.push(key);
    this.settled(st);
  }

  /** Something could not be read (a retry may differ): the result must not be reused. */
  failed(): void {
    this.unsettled = true;
  }

  result(): ListingDigest {
    return { value: `${this.n}-${hex(this.a)}-${hex(this.b)}`, sideFiles: this.sides, reusable: !this.unsettled };
  }

  private settled(st: FileStat): void {
    if (this.now - st.mtimeMs <= RACY_MS) this.unsettled = true;
  }

  private add(kind: number, key: string, st: FileStat): void {
    if (this.off) return;
    // The key's characters, then the size and the mtime's two 32-bit halves (no string is built:
    // this runs for every transcript of every check).
    let h1 = Math.imul(0x811c9dc5 ^ kind, 0x01000193); // FNV-1a
    let h2 = Math.imul(0x9747b28c ^ kind, 0x5bd1e995); // a multiply-shift hash, independent of the first
    const mix = (c: number): void => {
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      h2 ^= h2 >>> 15;
    };
    for (let i = 0; i < key.length; i++) mix(key.charCodeAt(i));
    F64[0] = st.mtimeMs;
    mix(U32[0]!);
    mix(U32[1]!);
    mix(st.size % 0x100000000);
    mix(Math.floor(st.size / 0x100000000));
    this.a = (this.a + (h1 >>> 0)) >>> 0;
    this.b = (this.b + (h2 >>> 0)) >>> 0;
    this.n++;
  }
}

/** A double's bytes as two 32-bit words. */
const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);

/** A transcript directory's names and transcript stamps as a check found them, for list() to go on from. */
export interface Stamps {
  entries: string[];
  /** Each `.jsonl` name's stat (null: gone since the readdir). */
  stats: Map<string, FileStat | null>;
  digest: ListingDigest;
}

/**
 * The digest of a transcript directory as it is now, stamped the way SessionIndex.list() stamps
 * it: every `.jsonl` that is a file, the side folder of each such session, and `sideFiles` (the
 * ones the last listing read; one added or removed changes its folder's stamp). Undefined when the
 * directory cannot be read.
 */
export function stampNow(fs: HistoryFs, dir: string, sideFiles: readonly string[]): Stamps | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync(dir);
  } catch {
    return undefined;
  }
  const prefix = join(dir, "x").slice(0, -1);
  const dirs = new Set(entries.filter((name) => !name.endsWith(".jsonl")));
  const stats = new Map<string, FileStat | null>();
  const digest = new StampDigest();
  for (const name of entries) {
    if (!name.endsWith(".jsonl")) continue;
    const st = statOrUndefined(fs, prefix + name);
    stats.set(name, st ?? null);
    if (!st?.isFile) continue;
    digest.transcript(name, st);
    const id = name.slice(0, -".jsonl".length);
    if (!dirs.has(id)) continue;
    const folder = statOrUndefined(fs, prefix + id);
    if (folder?.isDirectory) digest.folder(id, folder);
  }
  for (const key of sideFiles) {
    const st = statOrUndefined(fs, prefix + key);
    if (st) digest.sideFile(key, st);
  }
  return { entries, stats, digest: digest.result() };
}

function hex(n: number): string {
  return n.toString(16).padStart(8, "0");
}
