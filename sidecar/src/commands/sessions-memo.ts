import { statSync } from "node:fs";
import { stampNow, type ListingDigest, type Stamps } from "../history/digest.js";
import type { HistoryFs } from "../history/fsio.js";
import { VERSION } from "../version.js";

// The last output of `agent-panel sessions`, kept beside the index cache with the digest of the
// stamps it was made from (history/digest.ts). When the transcript folder still has that digest
// the command prints the kept bytes: no index cache to parse, no list to build or serialize. Any
// change to a transcript, a side folder or a side file, another build of the command, another
// project argument, flag or time zone makes it list as usual and keep the new output. The bundle
// also carries this check as a small CommonJS file (sessions-fast.ts) that answers a hit without
// loading the listing's code at all.

/** One kept output and what it was made from. */
export interface Memo { key: string; digest: string; sideFiles: string[]; body: Buffer }

/** Bump when the layout of the file changes. */
const FORMAT = 1;

/** Where a mode's output is kept, beside the index cache file of the same transcript folder. */
export function memoFile(indexCacheFile: string, mode: string): string {
  return `${indexCacheFile.replace(/\.json$/, "")}.out-${mode}`;
}

/**
 * What must be equal for a kept output to be reused besides the files: this build of the command
 * (the version and the stamp of `entry`, the command's entry file: a bundle's entry names every
 * chunk by its content hash, so any code change rewrites it), the project as given (it is
 * printed), the mode and, for tables, the time zone.
 */
export function memoKey(project: string, mode: string, zone: string, entry?: string | URL): string {
  return JSON.stringify([build(entry), project, mode, zone]);
}

/** The kind of output a run prints (each is kept on its own). */
export function memoMode(json: boolean, all: boolean): string {
  return `${json ? "json" : "table"}${all ? "-all" : ""}`;
}

/** Tables show local times (JSON has none): the time zone is part of a kept table's key. */
export function memoZone(json: boolean): string {
  return json ? "" : `${process.env.TZ ?? ""}${new Date().getTimezoneOffset()}`;
}

/** What a lookup found: the kept bytes to print, or the stamps a listing can go on from. */
export interface MemoLookup { hit?: Buffer; stamps?: Stamps }

/** Read the kept output `file` for the transcript folder `dir` and check its stamps: `hit` when they all still hold. */
export function lookupMemo(fs: HistoryFs, dir: string, file: string, key: string): MemoLookup {
  const kept = readMemo(fs, file);
  if (kept?.key !== key) return {};
  const stamps = stampNow(fs, dir, kept.sideFiles);
  return stamps?.digest.value === kept.digest ? { hit: kept.body, stamps } : { stamps };
}

/** The kept output, when there is one in the expected format (anything else is ignored). */
export function readMemo(fs: HistoryFs, file: string): Memo | undefined {
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const nl = raw.indexOf(0x0a);
  if (nl < 0) return undefined;
  try {
    const head = JSON.parse(raw.toString("utf8", 0, nl)) as Record<string, unknown>;
    if (head.format !== FORMAT || typeof head.key !== "string" || typeof head.digest !== "string") return undefined;
    if (!Array.isArray(head.sideFiles) || !head.sideFiles.every((s) => typeof s === "string")) return undefined;
    return { key: head.key, digest: head.digest, sideFiles: head.sideFiles as string[], body: raw.subarray(nl + 1) };
  } catch {
    return undefined;
  }
}

/** Keep an output made from a listing with `digest` (not kept when the listing may not be reused). */
export async function writeMemo(fs: HistoryFs, file: string, key: string, digest: ListingDigest, body: string | Buffer): Promise<void> {
  if (!digest.reusable) return fs.remove(file);
  const head = JSON.stringify({ format: FORMAT, key, digest: digest.value, sideFiles: digest.sideFiles });
  await fs.writeFile(file, typeof body === "string" ? `${head}\n${body}` : Buffer.concat([Buffer.from(`${head}\n`), body]));
}

const builds = new Map<string, string>();

/** This build: the version and the stamp of the entry file (the version alone when there is none). */
function build(entry: string | URL | undefined): string {
  const name = entry === undefined ? "" : String(entry);
  let id = builds.get(name);
  if (id !== undefined) return id;
  let stamp = "";
  try {
    if (entry !== undefined) {
      const st = statSync(typeof entry === "string" && entry.startsWith("file:") ? new URL(entry) : entry);
      stamp = `${st.size}:${Math.floor(st.mtimeMs)}`;
    }
  } catch {
    // gone or not a file: the version alone
  }
  builds.set(name, (id = `${VERSION}:${stamp}`));
  return id;
}
