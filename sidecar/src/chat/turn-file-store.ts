import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, rm, stat } from "node:fs/promises";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeAtomic } from "../shared/atomic-write.js";

// Where the copies of a turn's files live: <project>/Library/AgentPanel/turn-files/<chat>/<turn>/,
// one numbered copy per file plus manifest.json (what existed, how big, what the turn left). Library
// is Unity's per-project cache folder, so the copies never show up as assets. Bounded: a file over
// 16 MB is not copied, a chat keeps its last 30 turns, the project at most 256 MB (oldest go first).

/** The store's bounds (tests shrink them). */
export interface TurnFileLimits {
  maxFileBytes: number;
  maxTurnsPerChat: number;
  maxProjectBytes: number;
}

/** The bounds the sidecar uses. */
export const TURN_FILE_LIMITS: TurnFileLimits = { maxFileBytes: 16 * 1024 * 1024, maxTurnsPerChat: 30, maxProjectBytes: 256 * 1024 * 1024 };

/** The folder of all chats' copies of a project. */
export function turnFilesRoot(projectRoot: string): string {
  return join(projectRoot, "Library", "AgentPanel", "turn-files");
}

/** What a file was like at one moment: whether it existed, its size, and its SHA-256 when it was read. */
export const FileState = z.object({ exists: z.boolean(), bytes: z.number().nullable(), sha256: z.string().nullable(), mtimeMs: z.number().nullable() });
export type FileState = z.infer<typeof FileState>;

/** One file in a turn's manifest: where it is, the copy kept before the first write, the state at the turn's end. */
export const ManifestFile = z.object({
  path: z.string(),
  relPath: z.string().optional(),
  assetPath: z.string().optional(),
  tool: z.string(),
  toolUseId: z.string(),
  before: FileState,
  copy: z.string().optional(),
  revertible: z.boolean(),
  reason: z.string().optional(),
  after: FileState.optional(),
});
export type ManifestFile = z.infer<typeof ManifestFile>;

/** manifest.json of one turn. */
export const TurnManifest = z.object({ version: z.literal(1), chat: z.string(), turnId: z.string(), startedAt: z.number(), finishedAt: z.number().optional(), files: z.array(ManifestFile) });
export type TurnManifest = z.infer<typeof TurnManifest>;

/** Turn ids are names of folders: only plain ones are looked up (a client sends them). */
const SAFE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

/** The copies of one chat's turns, on disk. */
export class TurnFileStore {
  readonly chatDir: string;

  constructor(
    readonly root: string,
    readonly chat: string,
    readonly limits: TurnFileLimits = TURN_FILE_LIMITS,
  ) {
    if (!SAFE_NAME.test(chat)) throw new Error(`unsafe chat key ${JSON.stringify(chat)}`);
    this.chatDir = join(root, chat);
  }

  /** Keep a byte-exact copy of `path` as it is now (or record that it does not exist) for file `index` of the turn; a failed copy is reported in `reason`. */
  async keep(turnId: string, index: number, path: string): Promise<Pick<ManifestFile, "before" | "copy" | "revertible" | "reason">> {
    const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return undefined;
      throw err;
    });
    if (!info) return { before: { exists: false, bytes: null, sha256: null, mtimeMs: null }, revertible: true };
    const before = { exists: true, bytes: info.size, sha256: null, mtimeMs: info.mtimeMs };
    if (!info.isFile()) return { before, revertible: false, reason: "not a regular file" };
    if (info.size > this.limits.maxFileBytes) return { before, revertible: false, reason: `larger than ${Math.round(this.limits.maxFileBytes / 1024 / 1024)} MB, so no copy was kept` };
    const dir = this.turnDir(turnId);
    const copy = `${index}.bin`;
    try {
      await mkdir(dir, { recursive: true });
      await copyFile(path, join(dir, copy));
    } catch (err) {
      return { before, revertible: false, reason: `the copy failed (${err instanceof Error ? err.message : String(err)})` };
    }
    return { before, copy, revertible: true };
  }

  /** The bytes of a kept copy. */
  readCopy(turnId: string, copy: string): Buffer {
    return readFileSync(join(this.turnDir(turnId), copy));
  }

  /** Write a turn's manifest (temp file + rename, so a reader never sees half of it). */
  writeManifest(manifest: TurnManifest): void {
    const dir = this.turnDir(manifest.turnId);
    mkdirSync(dir, { recursive: true });
    writeAtomic(join(dir, "manifest.json"), JSON.stringify(manifest));
  }

  /** A turn's manifest, or undefined when this chat has no (readable) copies of that turn. */
  readManifest(turnId: string): TurnManifest | undefined {
    if (!SAFE_NAME.test(turnId)) return undefined;
    let text: string;
    try {
      text = readFileSync(join(this.turnDir(turnId), "manifest.json"), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
    const parsed = TurnManifest.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  }

  /** Remove this chat's turns beyond the last maxTurnsPerChat, then the project's oldest turns beyond maxProjectBytes. */
  async prune(): Promise<void> {
    const mine = (await listTurns(this.root)).filter((t) => t.chat === this.chat);
    for (const turn of mine.slice(0, Math.max(0, mine.length - this.limits.maxTurnsPerChat))) await rm(turn.dir, { recursive: true, force: true });
    const all = await listTurns(this.root);
    let total = all.reduce((sum, t) => sum + t.bytes, 0);
    for (const turn of all) {
      if (total <= this.limits.maxProjectBytes) break;
      await rm(turn.dir, { recursive: true, force: true });
      total -= turn.bytes;
    }
  }

  /** The folder of one turn's copies. */
  turnDir(turnId: string): string {
    if (!SAFE_NAME.test(turnId)) throw new Error(`unsafe turn id ${JSON.stringify(turnId)}`);
    return join(this.chatDir, turnId);
  }
}

/** What a file is like now (its SHA-256 only when it is at most `hashLimit` bytes). */
export function fileStateNow(path: string, hashLimit: number): FileState {
  let info;
  try {
    info = statSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "ENOTDIR") return { exists: false, bytes: null, sha256: null, mtimeMs: null };
    throw err;
  }
  const sha256 = info.isFile() && info.size <= hashLimit ? sha(readFileSync(path)) : null;
  return { exists: true, bytes: info.size, sha256, mtimeMs: info.mtimeMs };
}

/** SHA-256 of bytes, hex. */
export function sha(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

interface StoredTurn {
  chat: string;
  dir: string;
  startedAt: number;
  bytes: number;
}

/** Every stored turn of the project, oldest first (by the manifest's start time, else the folder's). */
async function listTurns(root: string): Promise<StoredTurn[]> {
  const turns: StoredTurn[] = [];
  for (const chat of await names(root)) {
    for (const turnId of await names(join(root, chat))) {
      const dir = join(root, chat, turnId);
      let bytes = 0;
      for (const file of await names(dir)) bytes += (await stat(join(dir, file)).catch(() => undefined))?.size ?? 0;
      let startedAt = (await stat(dir).catch(() => undefined))?.mtimeMs ?? 0;
      try {
        startedAt = TurnManifest.parse(JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"))).startedAt;
      } catch {
        // A turn still being copied has no manifest yet: its folder's time orders it.
      }
      turns.push({ chat, dir, startedAt, bytes });
    }
  }
  return turns.sort((a, b) => a.startedAt - b.startedAt);
}

async function names(dir: string): Promise<string[]> {
  return readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT" || err.code === "ENOTDIR") return [];
    throw err;
  });
}
