import { createHash } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { argumentError, type Diagnostic } from "./diagnostics.js";
import type { NoteSequence } from "./ir.js";
import type { AssetImporter, ImportAnswer } from "../tools/types.js";
import { writeInside } from "./safe-write.js";

// Where compose_mml writes its WAV: inside an open Unity project under Assets/Audio/Generated/
// (or a caller's path that must stay inside the project), else in the sidecar's state directory.
// The file is written whole (temp file + rename), so Unity never imports half a WAV, and through
// safe-write.ts, so a symbolic link swapped in while composing cannot take the write outside.

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
  /** True when compose_mml wrote this real path (in this sidecar's lifetime): it may be replaced without `confirm`. */
  wasGenerated?: (realPath: string) => boolean;
}

/** Asks the connected Unity Editor to import one asset (see OutputEnv.importAsset). */
export type { AssetImporter };
/** What an importer reports when it did not throw. */
export type { ImportAnswer };

/** The default folder inside a project. */
export const GENERATED_DIR = "Assets/Audio/Generated";

/** A file name derived from what was composed: the same request always gets the same name. */
export function defaultWavName(mode: string, mml: string, sampleRate: number, normalize: boolean): string {
  return `mml-${createHash("sha256").update(`${mode}\n${sampleRate}\n${normalize}\n${mml}`).digest("hex").slice(0, 12)}.wav`;
}

/** Where a WAV goes: the root it must stay in, the path below it, and what to report and import. */
export interface OutputTarget {
  root: string;
  parts: string[];
  file: string;
  reported: string;
  asset: string | null;
}

/** Resolve the target: absolute path to write, the path to report, and the asset path to import. */
export function resolveOutput(env: OutputEnv, name: string, requested: string | undefined): OutputTarget | Diagnostic {
  const root = env.projectRoot ?? join(env.stateDir, "mml");
  const rel = requested ?? (env.projectRoot ? `${GENERATED_DIR}/${name}` : name);
  if (!/\.wav$/i.test(rel) || rel.includes("\0")) {
    return argumentError("OUTPUT_PATH_INVALID", `output_path '${rel}' must name a .wav file.`, "Give a path ending in .wav, e.g. Assets/Audio/Generated/jingle.wav.");
  }
  const file = resolve(root, rel);
  let real: string;
  try {
    real = realNearest(file);
  } catch (err) {
    // a folder on the way changed between two system calls (another process swapping it)
    return argumentError(
      "OUTPUT_PATH_SYMLINK",
      `output_path '${rel}' could not be resolved: a folder on the way changed while composing (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`,
      "Use a path whose folders are real folders inside the project (no symbolic links), then compose again.",
    );
  }
  if (!inside(root, file) || !inside(realRoot(root), real)) {
    const where = env.projectRoot ? "the Unity project" : "the sidecar's output folder";
    return argumentError("OUTPUT_PATH_OUTSIDE_PROJECT", `output_path '${rel}' points outside ${where}.`, `Use a path inside ${where}, e.g. ${GENERATED_DIR}/jingle.wav, or leave output_path out.`);
  }
  const fromRoot = relative(root, file).split(sep).join("/");
  // Unity imports only what is under Assets/ (a WAV elsewhere in the project stays a plain file).
  const parts = fromRoot.split("/");
  return env.projectRoot ? { root, parts, file, reported: fromRoot, asset: fromRoot.startsWith("Assets/") ? fromRoot : null } : { root, parts, file, reported: file, asset: null };
}

/**
 * Write the bytes whole (temp file + rename) through safe-write: no symbolic link is followed, the
 * inside-check and the write are one step, and an existing file is replaced only if `mayReplace`.
 * Answers the real path written, or a Diagnostic that says what to do.
 */
export function writeOutput(target: OutputTarget, bytes: Buffer, mayReplace: (real: string) => boolean): { real: string } | Diagnostic {
  const r = writeInside(target.root, target.parts, bytes, mayReplace);
  if (r.ok) return { real: r.real };
  const shown = target.reported;
  if (r.code === "OUTPUT_EXISTS")
    return argumentError(
      "OUTPUT_EXISTS",
      `output_path '${shown}' names an existing file that compose_mml did not write; nothing was replaced.`,
      'Choose another output_path, or call again with "confirm": true if the user wants that file replaced.',
    );
  if (r.code === "OUTPUT_PATH_SYMLINK")
    return argumentError(
      "OUTPUT_PATH_SYMLINK",
      `Could not write '${shown}': ${r.message}`,
      "Use a path whose folders are real folders inside the project (no symbolic links), e.g. Assets/Audio/Generated/jingle.wav.",
    );
  if (r.code === "OUTPUT_PATH_OUTSIDE_PROJECT")
    return argumentError("OUTPUT_PATH_OUTSIDE_PROJECT", r.message, `Use a path inside the project, e.g. ${GENERATED_DIR}/jingle.wav, or leave output_path out.`);
  return argumentError("OUTPUT_WRITE_FAILED", r.message, "Check that the folder is writable and the disk has space, then compose again.");
}

function inside(root: string, file: string): boolean {
  const r = relative(root, file);
  return r !== "" && !r.startsWith("..") && !isAbsolute(r);
}

function realRoot(root: string): string {
  return existsSync(root) ? realpathSync(root) : resolve(root);
}

/**
 * The real path of a file that may not exist yet: its nearest existing ancestor, resolved, plus the
 * rest. A folder that disappears while this runs (swapped by another process) counts as missing;
 * one that turns from a link into a folder between lstat and readlink (EINVAL) throws.
 */
function realNearest(file: string): string {
  let dir = file;
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync(dir), ...rest);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw err;
    }
    const parent = dirname(dir);
    if (parent === dir) return join(dir, ...rest);
    rest.unshift(relative(parent, dir));
    dir = parent;
  }
}
