import { createHash } from "node:crypto";
import { existsSync, mkdirSync, realpathSync, renameSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { argumentError, type Diagnostic } from "./diagnostics.js";
import type { NoteSequence } from "./ir.js";

// Where compose_mml writes its WAV: inside an open Unity project under Assets/Audio/Generated/
// (or a caller's path that must stay inside the project), else in the sidecar's state directory.
// The file is written whole (temp file + rename), so Unity never imports half a WAV.

/** Where the tool runs: the project (if any), the state directory, and Unity's import hook. */
export interface OutputEnv {
  /** Root of the open Unity project, or null when there is none. */
  projectRoot: string | null;
  /** The sidecar's state directory (used when there is no project). */
  stateDir: string;
  /**
   * Ask Unity to import an asset (project-relative path under Assets/). Answers "not_connected" (or
   * is absent) when no Editor is there; throws when the Editor refused; anything else means imported.
   */
  importAsset?: AssetImporter;
  /** Told about every WAV written (the sidecar's media route serves only these and the generated folders). */
  onWritten?: (file: string, noteSequence: NoteSequence) => void;
}

/** Asks the connected Unity Editor to import one asset (see OutputEnv.importAsset). */
export type AssetImporter = (assetPath: string) => Promise<ImportAnswer | void> | ImportAnswer | void;
/** What an importer reports when it did not throw. */
export type ImportAnswer = "imported" | "not_connected";

/** The default folder inside a project. */
export const GENERATED_DIR = "Assets/Audio/Generated";

/** A file name derived from what was composed: the same request always gets the same name. */
export function defaultWavName(mode: string, mml: string, sampleRate: number, normalize: boolean): string {
  return `mml-${createHash("sha256").update(`${mode}\n${sampleRate}\n${normalize}\n${mml}`).digest("hex").slice(0, 12)}.wav`;
}

/** Resolve the target: absolute path to write, the path to report, and the asset path to import. */
export function resolveOutput(env: OutputEnv, name: string, requested: string | undefined): { file: string; reported: string; asset: string | null } | Diagnostic {
  const root = env.projectRoot ?? join(env.stateDir, "mml");
  const rel = requested ?? (env.projectRoot ? `${GENERATED_DIR}/${name}` : name);
  if (!/\.wav$/i.test(rel) || rel.includes("\0")) {
    return argumentError("OUTPUT_PATH_INVALID", `output_path '${rel}' must name a .wav file.`, "Give a path ending in .wav, e.g. Assets/Audio/Generated/jingle.wav.");
  }
  const file = resolve(root, rel);
  if (!inside(root, file) || !inside(realRoot(root), realNearest(file))) {
    const where = env.projectRoot ? "the Unity project" : "the sidecar's output folder";
    return argumentError("OUTPUT_PATH_OUTSIDE_PROJECT", `output_path '${rel}' points outside ${where}.`, `Use a path inside ${where}, e.g. ${GENERATED_DIR}/jingle.wav, or leave output_path out.`);
  }
  const fromRoot = relative(root, file).split(sep).join("/");
  // Unity imports only what is under Assets/ (a WAV elsewhere in the project stays a plain file).
  return env.projectRoot ? { file, reported: fromRoot, asset: fromRoot.startsWith("Assets/") ? fromRoot : null } : { file, reported: file, asset: null };
}

/** Write the bytes atomically; a Diagnostic when the file system refuses. */
export function writeOutput(file: string, bytes: Buffer): Diagnostic | null {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
    return null;
  } catch (err) {
    return argumentError("OUTPUT_WRITE_FAILED", `Could not write ${file}: ${(err as Error).message}.`, "Check that the folder is writable and the disk has space, then compose again.");
  }
}

function inside(root: string, file: string): boolean {
  const r = relative(root, file);
  return r !== "" && !r.startsWith("..") && !isAbsolute(r);
}

function realRoot(root: string): string {
  return existsSync(root) ? realpathSync(root) : resolve(root);
}

/** The real path of a file that may not exist yet: its nearest existing ancestor, resolved, plus the rest. */
function realNearest(file: string): string {
  let dir = file;
  const rest: string[] = [];
  while (!existsSync(dir)) {
    const parent = dirname(dir);
    if (parent === dir) break;
    rest.unshift(relative(parent, dir));
    dir = parent;
  }
  return join(existsSync(dir) ? realpathSync(dir) : dir, ...rest);
}
