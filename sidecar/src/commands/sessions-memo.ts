import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ListingDigest } from "../history/digest.js";
import type { HistoryFs } from "../history/fsio.js";
import { VERSION } from "../version.js";

// The last output of `agent-panel sessions`, kept beside the index cache with the digest of the
// stamps it was made from (history/digest.ts). When the transcript folder still has that digest
// the command prints the kept bytes: no index cache to parse, no list to build or serialize. Any
// change to a transcript, a side folder or a side file, another build of the command, another
// project argument, flag or time zone makes it list as usual and keep the new output.

/** One kept output and what it was made from. */
export interface Memo { key: string; digest: string; sideFiles: string[]; body: Buffer }

/** Bump when the layout of the file changes. */
const FORMAT = 1;

/** Where a mode's output is kept, beside the index cache file of the same transcript folder. */
export function memoFile(indexCacheFile: string, mode: string): string {
  return `${indexCacheFile.replace(/\.json$/, "")}.out-${mode}`;
}

/**
 * What must be equal for a kept output to be reused besides the files: this build of the command,
 * the project as given (it is printed), the mode and, for tables, the time zone.
 */
export function memoKey(project: string, mode: string, zone: string): string {
  return JSON.stringify([build(), project, mode, zone]);
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
export async function writeMemo(fs: HistoryFs, file: string, key: string, digest: ListingDigest, body: string): Promise<void> {
  if (!digest.reusable) return fs.remove(file);
  const head = JSON.stringify({ format: FORMAT, key, digest: digest.value, sideFiles: digest.sideFiles });
  await fs.writeFile(file, `${head}\n${body}`);
}

let buildId: string | undefined;

/** This build: the version and the stamp of the module file (a bundle chunk's name and content change with any code it uses). */
function build(): string {
  if (buildId !== undefined) return buildId;
  let stamp = "";
  try {
    const st = statSync(fileURLToPath(import.meta.url));
    stamp = `${st.size}:${st.mtimeMs}`;
  } catch {
    // not a file (an unusual loader): the version alone
  }
  return (buildId = `${VERSION}:${stamp}`);
}
