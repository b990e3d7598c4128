import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../shared/descriptor-io.js";
import type { DescriptorPaths } from "../shared/descriptor.js";
import { ToolEntry } from "./types.js";

// The tool catalog on disk, per provider id, beside the project's descriptor (0600 file in the
// 0700 descriptor directory, written atomically). It lets a restarted sidecar list Unity's tools
// before Unity has connected; a damaged file is ignored, never fatal.

/** Entries last published by each provider, keyed by provider id. */
export type CachedCatalog = Record<string, ToolEntry[]>;

const CacheFile = z.object({ version: z.literal(1), providers: z.record(z.string(), z.array(z.unknown())) });

/** The cache file of a project: `<hash>.tools.json` beside `<hash>.json`. */
export function catalogCacheFile(paths: Pick<DescriptorPaths, "dir" | "hash">): string {
  return path.join(paths.dir, `${paths.hash}.tools.json`);
}

/** Read the cache; entries that no longer parse are dropped one by one. */
export function readCatalogCache(file: string, log?: (line: string) => void): CachedCatalog {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") log?.(`ignoring the tool catalog cache ${file}: ${(err as Error).message}`);
    return {};
  }
  const parsed = CacheFile.safeParse(raw);
  if (!parsed.success) {
    log?.(`ignoring the tool catalog cache ${file}: not a catalog file`);
    return {};
  }
  const out: CachedCatalog = {};
  for (const [id, entries] of Object.entries(parsed.data.providers)) {
    out[id] = entries.flatMap((e) => {
      const r = ToolEntry.safeParse(e);
      return r.success ? [r.data] : [];
    });
  }
  return out;
}

/** Replace the cache file with `catalog` (owner-only, atomic). */
export function writeCatalogCache(file: string, catalog: CachedCatalog): void {
  writeFileAtomic(file, `${JSON.stringify({ version: 1, providers: catalog })}\n`);
}
