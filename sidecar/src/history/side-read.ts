import { join } from "node:path";
import { validStamp, type DirCache } from "./cache.js";
import type { HistoryFs } from "./fsio.js";
import { nowMs } from "./scan-queue.js";
import { ARCHIVED_FILE, CUSTOM_TITLE_FILE, SUBAGENTS_DIR, parseArchived, parseCustomTitle } from "./sidefiles.js";
import type { Side } from "./summary.js";

// What a session's side folder `<dir>/<id>/` says (subagents, archived flag, user title), read for
// a listing. A listing reads its side folders while its transcripts are being read: with a cold
// disk the main thread mostly waits for those reads, and a few hundred directory reads done
// meanwhile no longer come after the last transcript (some 30 ms for 300 folders here).

/** A session with no side folder, or none that says anything. */
export const NO_SIDE: Readonly<Side> = { hasSubagents: false, archived: false, customTitle: null };

/** What reading side folders updates: the cache's dirty flag. */
export interface SideCounts {
  dirty: boolean;
}

/** A side folder changed less than this long ago may change again within its mtime tick. */
const RACY_MS = 2000;

/** Longest stretch of side-folder reads before giving the event loop back to the transcript reads. */
const SIDE_SLICE_MS = 1;

/**
 * Read the side folder of every id in `ids` into `into`, in short slices between which the event
 * loop runs (the transcript reads' completions come first). Resolves when every one is read.
 */
export async function readSides(fs: HistoryFs, dir: string, ids: readonly string[], cache: DirCache, counts: SideCounts, seen: Set<string>, into: Map<string, Side>): Promise<void> {
  let slice = nowMs();
  for (const id of ids) {
    into.set(id, readSide(fs, dir, id, cache, counts, seen));
    if (nowMs() - slice > SIDE_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = nowMs();
    }
  }
}

/**
 * Subagents folder, archived flag and user title from `<dir>/<id>/`, cached by each file's stamp.
 * The folder's own stamp stands for its listing (adding, removing or renaming an entry changes a
 * folder's mtime), so an unchanged folder costs one stat instead of a directory read.
 */
export function readSide(fs: HistoryFs, dir: string, id: string, cache: DirCache, counts: SideCounts, seen: Set<string>): Side {
  const folder = join(dir, id);
  let names: string[];
  try {
    const st = fs.statSync(folder);
    if (!st.isDirectory) return NO_SIDE;
    const key = `${id}/`;
    seen.add(key);
    const hit = Object.hasOwn(cache.sides, key) ? cache.sides[key] : undefined;
    if (validStamp(hit) && hit.size === st.size && hit.mtimeMs === st.mtimeMs && typeof hit.value === "string") names = hit.value === "" ? [] : hit.value.split("/");
    else {
      names = fs.readdirSync(folder).filter((n) => n === ARCHIVED_FILE || n === CUSTOM_TITLE_FILE || n === SUBAGENTS_DIR);
      // A folder changed in the last moments may change again within the same mtime tick (file
      // systems stamp coarsely): such a listing is kept but not trusted (read again next time).
      const settled = Date.now() - st.mtimeMs > RACY_MS;
      cache.sides[key] = { size: st.size, mtimeMs: settled ? st.mtimeMs : -1, value: names.join("/") };
      counts.dirty = true;
    }
  } catch {
    return NO_SIDE; // an unreadable side folder says nothing; the listing goes on
  }
  const read = (fileName: string): string | boolean | null | undefined => {
    if (!names.includes(fileName)) return undefined;
    const key = `${id}/${fileName}`;
    const path = join(dir, id, fileName);
    try {
      const st = fs.statSync(path);
      seen.add(key);
      const hit = Object.hasOwn(cache.sides, key) ? cache.sides[key] : undefined;
      if (validStamp(hit) && hit.size === st.size && hit.mtimeMs === st.mtimeMs) return hit.value;
      const raw = fs.readFileSync(path);
      const value = fileName === ARCHIVED_FILE ? parseArchived(raw) : parseCustomTitle(raw);
      cache.sides[key] = { size: st.size, mtimeMs: st.mtimeMs, value };
      counts.dirty = true;
      return value;
    } catch {
      return undefined; // unreadable side file: treated as absent
    }
  };
  const archived = read(ARCHIVED_FILE);
  const title = read(CUSTOM_TITLE_FILE);
  return { hasSubagents: names.includes(SUBAGENTS_DIR), archived: archived === true, customTitle: typeof title === "string" ? title : null };
}
