import { DiagnosticSink, type Diagnostic } from "./diagnostics.js";
import { CHANNEL_NAMES, TICKS_PER_QUARTER, type NoteSequence } from "./ir.js";
import { parsePpmck } from "./parse-ppmck.js";
import { parsePyxel } from "./parse-pyxel.js";

// MML text → IR v2 plus diagnostics, for either dialect. Never throws on bad MML: every problem
// becomes a coded error or warning with its 0-based line and column.

/** The two MML dialects. */
export type MmlMode = "ppmck" | "pyxel";

/** Result of parsing: the IR (always built, possibly partial) and what was wrong with the text. */
export interface ParseResult {
  ir: NoteSequence;
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

/** Parse MML of the given dialect; with a sample rate, notes it cannot play are warned about. */
export function parseMml(text: string, mode: MmlMode, sampleRate?: number): ParseResult {
  const sink = new DiagnosticSink(text);
  const maxHz = sampleRate === undefined ? Infinity : sampleRate / 2;
  const { channels, definitions } = mode === "ppmck" ? parsePpmck(text, sink, maxHz) : parsePyxel(text, sink, maxHz);
  if (sink.errors.length === 0 && CHANNEL_NAMES.every((n) => !channels[n].events.some((e) => e.type === "note"))) {
    if (CHANNEL_NAMES.every((n) => channels[n].duration_ticks === 0)) {
      sink.warn(0, "NO_NOTES", "The MML has no notes and no rests: it lasts no time, so compose writes no WAV.", "Add notes to at least one channel (or a rest, e.g. 'r1', for a silent WAV).");
    } else sink.warn(0, "NO_NOTES", "The MML has no notes; the result is silent.", "Add notes to at least one channel.");
  }
  return { ir: { version: 2, mode, ticks_per_quarter: TICKS_PER_QUARTER, definitions, channels }, errors: sink.errors, warnings: sink.warnings };
}
