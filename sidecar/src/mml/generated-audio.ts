import { realpathSync } from "node:fs";
import type { NoteSequence } from "./ir.js";

// The WAV files compose_mml wrote while this sidecar runs, by real path, with the note sequence of
// the most recent ones. The media route serves only these (and the generated folders), and the
// browser card reads a long song's note sequence here when the tool's text left it out.

/** Most note sequences kept (the newest win); paths are kept longer, they are small. */
const MAX_SEQUENCES = 64;
const MAX_PATHS = 10_000;

/** Registry of generated audio files of one sidecar. */
export class GeneratedAudio {
  private readonly paths = new Set<string>();
  private readonly sequences = new Map<string, NoteSequence>();

  /** Record a WAV just written (OutputEnv.onWritten). */
  readonly record = (file: string, noteSequence: NoteSequence): void => {
    const real = realOrSelf(file);
    remember(this.paths, real, MAX_PATHS);
    this.sequences.delete(real);
    this.sequences.set(real, noteSequence);
    if (this.sequences.size > MAX_SEQUENCES) this.sequences.delete(this.sequences.keys().next().value as string);
  };

  /** True when compose_mml wrote `realPath` in this sidecar's lifetime. */
  has(realPath: string): boolean {
    return this.paths.has(realPath);
  }

  /** The note sequence of a recent WAV, by real path. */
  noteSequence(realPath: string): NoteSequence | undefined {
    return this.sequences.get(realPath);
  }
}

function remember(set: Set<string>, value: string, max: number): void {
  set.delete(value);
  set.add(value);
  if (set.size > max) set.delete(set.values().next().value as string);
}

function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
