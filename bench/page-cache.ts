import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, fdatasyncSync, openSync } from "node:fs";

// Evicts files from the OS page cache so a benchmark can read them "from disk" as after a reboot,
// without root: each file is flushed (dirty pages cannot be dropped), then POSIX_FADV_DONTNEED is
// applied through python3's os.posix_fadvise or, failing that, GNU dd's `iflag=nocache`. Where
// neither works (macOS, Windows) the caller reports that the cache could not be dropped.

/** What dropping achieved: whether it worked, how, and how much stayed resident (when measurable). */
export interface DropResult {
  dropped: boolean;
  how: string;
  residentPct?: number;
}

/** Flush and evict `files` from the page cache; never throws. */
export function dropPageCache(files: string[]): DropResult {
  if (process.platform !== "linux" || files.length === 0) return { dropped: false, how: "page cache could not be dropped (not Linux)" };
  for (const f of files) {
    try {
      const fd = openSync(f, "r+");
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch {
      // unreadable: it stays as it is
    }
  }
  const how = fadviseWithPython(files) ? "posix_fadvise DONTNEED (python3)" : ddNocache(files) ? "dd iflag=nocache" : undefined;
  if (how === undefined) return { dropped: false, how: "page cache could not be dropped (neither python3 nor GNU dd worked)" };
  const residentPct = residentPercent(files);
  return { dropped: residentPct === undefined || residentPct < 5, how, ...(residentPct !== undefined ? { residentPct } : {}) };
}

function fadviseWithPython(files: string[]): boolean {
  const script = "import os,sys\nfor p in sys.stdin.read().split('\\0'):\n  if p:\n    fd=os.open(p,os.O_RDONLY)\n    os.posix_fadvise(fd,0,0,os.POSIX_FADV_DONTNEED)\n    os.close(fd)\n";
  const r = spawnSync("python3", ["-c", script], { input: files.join("\0"), stdio: ["pipe", "ignore", "ignore"], timeout: 60_000 });
  return r.status === 0;
}

function ddNocache(files: string[]): boolean {
  try {
    for (const f of files) execFileSync("dd", [`if=${f}`, "iflag=nocache", "count=0", "status=none"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Share of the files' pages still in memory, from util-linux `fincore`; undefined without it. */
function residentPercent(files: string[]): number | undefined {
  let resident = 0;
  let total = 0;
  for (let i = 0; i < files.length; i += 200) {
    const r = spawnSync("fincore", ["--bytes", "--noheadings", "--raw", "--output", "RES,SIZE", ...files.slice(i, i + 200)], { encoding: "utf8" });
    if (r.status !== 0) return undefined;
    for (const line of r.stdout.trim().split("\n")) {
      const [res, size] = line.split(/\s+/).map(Number);
      resident += res ?? 0;
      total += size ?? 0;
    }
  }
  return total > 0 ? Math.round((resident / total) * 1000) / 10 : undefined;
}
