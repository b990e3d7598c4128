import { homedir } from "node:os";
import { dirname, isAbsolute, join, win32 } from "node:path";
import type { HistoryFs } from "./fsio.js";
import type { ScanResult } from "./types.js";

// The index cache: per transcript directory, one JSON file in the sidecar's state directory
// mapping each transcript to its (size, mtime) and scan result, plus the parsed side files.
// A file whose size and mtime are unchanged is answered from here without being opened, and a
// new process can show the whole list from this file alone before checking any transcript.
// On disk the scans are rows of plain values under one key list (no per-session objects), which
// parses about twice as fast as nested objects and is a third smaller.

/** Bump when ScanResult changes meaning, so old caches are ignored rather than misread. */
export const CACHE_VERSION = 3;

/** One cached transcript scan; `sub` = the session had a subagents folder when last listed. */
export interface CachedScan {
  size: number;
  mtimeMs: number;
  scan: ScanResult;
  sub?: boolean;
}

/**
 * One cached side file (archived.json, custom-title.json), keyed by its own size and mtime; under
 * the key `<id>/` the side folder itself, `value` being the names of interest in it joined by "/".
 */
export interface CachedSide {
  size: number;
  mtimeMs: number;
  value: string | boolean | null;
}

/** The cache of one transcript directory, as kept in memory and on disk. */
export interface DirCache {
  version: number;
  dir: string;
  scans: Record<string, CachedScan>;
  sides: Record<string, CachedSide>;
}

/** The sidecar's default cache directory: %LOCALAPPDATA%\AgentPanel\cache or ~/.local/share/AgentPanel/cache. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir(), platform: NodeJS.Platform = process.platform): string {
  // Only absolute base directories: a relative one would put the cache inside whatever folder the
  // command runs in (the XDG spec says to ignore a relative XDG_DATA_HOME).
  const base = (value: string | undefined, fallback: string): string => (value && (platform === "win32" ? win32.isAbsolute(value) : isAbsolute(value)) ? value : fallback);
  if (platform === "win32") return join(base(env.LOCALAPPDATA, join(home, "AppData", "Local")), "AgentPanel", "cache");
  return join(base(env.XDG_DATA_HOME, join(home, ".local", "share")), "AgentPanel", "cache");
}

/**
 * The cache file for one transcript directory inside a state directory, named by a 64-bit FNV-1a
 * of the path: node:crypto costs every short-lived `sessions` process more to load than the whole
 * listing's hashing needs, and the file records its directory, so a collision only means a rebuild.
 */
export function cacheFile(stateDir: string, transcriptDir: string): string {
  return join(stateDir, `sessions-${fnv1a64(transcriptDir)}.json`);
}

/** Earlier versions named cache files by 20 hex digits of a SHA-256; nothing reads those any more. */
const LEGACY_NAME = /^sessions-[0-9a-f]{20}\.json$/;

/** An empty cache for a directory. */
export function emptyCache(dir: string): DirCache {
  return { version: CACHE_VERSION, dir, scans: {}, sides: {} };
}

/**
 * Largest cache file parsed (some 25,000 sessions). Parsing is synchronous: a 60 MB file (damaged,
 * or planted) held the event loop for seconds, so a bigger one is ignored and rebuilt.
 */
export const MAX_CACHE_BYTES = 16 * 1024 * 1024;

/** Load a directory's cache; a missing, unreadable, oversized or foreign file gives an empty cache. */
export function loadCache(fs: HistoryFs, file: string, dir: string): DirCache {
  let raw: Buffer;
  try {
    raw = fs.readFileSync(file);
  } catch {
    return emptyCache(dir); // missing or unreadable: rebuilt by the next list
  }
  // Checked after the read (a stat first would cost every cold `sessions` run one more call).
  if (raw.length > MAX_CACHE_BYTES) return emptyCache(dir);
  try {
    const data = JSON.parse(raw.toString("utf8")) as Partial<DiskCache>;
    if (data.version !== CACHE_VERSION || data.dir !== dir || !Array.isArray(data.rows) || !isRecord(data.sides)) return emptyCache(dir);
    if (!Array.isArray(data.keys) || data.keys.join() !== SCAN_KEYS.join()) return emptyCache(dir);
    // Entries are checked when used (see validScan): a bad one is rescanned, never trusted.
    return { version: CACHE_VERSION, dir, scans: decodeRows(data.rows), sides: data.sides as Record<string, CachedSide> };
  } catch {
    return emptyCache(dir);
  }
}

/** Persist a directory's cache (atomically; a failure only costs a rescan next time). Old-style files beside it are removed. */
export async function saveCache(fs: HistoryFs, file: string, cache: DirCache): Promise<void> {
  const disk: DiskCache = { version: CACHE_VERSION, dir: cache.dir, keys: SCAN_KEYS, rows: encodeRows(cache.scans), sides: cache.sides };
  await fs.writeFile(file, JSON.stringify(disk));
  await removeLegacyFiles(fs, dirname(file));
}

/** State directories already cleared of old-style files by this process (a running sidecar saves every few seconds). */
const cleared = new Set<string>();

async function removeLegacyFiles(fs: HistoryFs, stateDir: string): Promise<void> {
  if (cleared.has(stateDir)) return;
  cleared.add(stateDir);
  let names: string[] = [];
  try {
    names = fs.readdirSync(stateDir);
  } catch {
    return;
  }
  for (const name of names) if (LEGACY_NAME.test(name)) await fs.remove(join(stateDir, name)).catch(() => undefined);
}

/** The cache file's shape: one row per transcript, `[name, size, mtimeMs, sub, ...SCAN_KEYS values]`. */
interface DiskCache {
  version: number;
  dir: string;
  keys: readonly string[];
  rows: unknown[][];
  sides: Record<string, CachedSide>;
}

/** ScanResult's fields in row order (absent ones are null). Part of the format: changing it drops old caches. */
const SCAN_KEYS = [
  "messageCount",
  "messageCountExact",
  "customTitle",
  "aiTitle",
  "summary",
  "firstPrompt",
  "firstCommand",
  "lastPrompt",
  "createdAt",
  "lastTimestamp",
  "model",
  "gitBranch",
  "cwd",
  "warning",
] as const satisfies readonly (keyof ScanResult)[];
const HEAD = 4;

function encodeRows(scans: Record<string, CachedScan>): unknown[][] {
  const rows: unknown[][] = [];
  for (const [name, c] of Object.entries(scans)) {
    const row: unknown[] = [name, c.size, c.mtimeMs, c.sub === true ? 1 : 0];
    for (const key of SCAN_KEYS) row.push(c.scan[key] ?? null);
    rows.push(row);
  }
  return rows;
}

function decodeRows(rows: unknown[]): Record<string, CachedScan> {
  const scans: Record<string, CachedScan> = {};
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== HEAD + SCAN_KEYS.length || typeof row[0] !== "string") continue;
    const scan: Record<string, unknown> = {};
    for (let i = 0; i < SCAN_KEYS.length; i++) if (row[HEAD + i] !== null) scan[SCAN_KEYS[i]!] = row[HEAD + i];
    scans[row[0]] = { size: row[1] as number, mtimeMs: row[2] as number, scan: scan as unknown as ScanResult, sub: row[3] === 1 };
  }
  return scans;
}

/** Whether a cached scan entry has the right shape (the file may have been edited or damaged). */
export function validScan(entry: unknown): entry is CachedScan {
  return validStamp(entry) && isRecord((entry as CachedScan).scan) && typeof (entry as CachedScan).scan.messageCount === "number";
}

/** Whether a cached side-file entry has the right shape. */
export function validStamp(entry: unknown): entry is { size: number; mtimeMs: number } {
  return isRecord(entry) && typeof entry.size === "number" && typeof entry.mtimeMs === "number";
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, "utf8")) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, "0");
}
