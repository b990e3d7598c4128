import { z } from "zod";

// Errors and warnings of compose_mml: one shape for argument problems, syntax errors and output
// failures, so a caller (or the model) can point at the exact line and column and fix it.

/** Every code compose_mml answers with; docs/compose-mml.md lists them with their meaning. */
export const DIAGNOSTIC_CODES = [
  // arguments
  "ARGUMENT_INVALID",
  "ACTION_UNKNOWN",
  "MODE_UNKNOWN",
  "TEMPLATE_UNKNOWN",
  "SAMPLE_RATE_OUT_OF_RANGE",
  "MML_EMPTY",
  "MML_TOO_LARGE",
  // syntax
  "SYNTAX_INVALID_TOKEN",
  "SYNTAX_MISSING_NUMBER",
  "VALUE_OUT_OF_RANGE",
  "LENGTH_INVALID",
  "DOT_INVALID",
  "OCTAVE_OUT_OF_RANGE",
  "TIE_WITHOUT_NOTE",
  "REPEAT_UNMATCHED_END",
  "REPEAT_UNCLOSED",
  "REPEAT_BREAK_DUPLICATE",
  "TRACK_UNKNOWN",
  "TRACK_MISSING",
  "DEFINITION_SYNTAX",
  "DEFINITION_SLOT_ZERO",
  "DEFINITION_UNDEFINED",
  "SONG_TOO_LONG",
  "SONG_EMPTY",
  "TOO_MANY_ERRORS",
  // warnings
  "REPEAT_INFINITE",
  "NO_NOTES",
  "TONE_UNDEFINED",
  "NOTE_ABOVE_NYQUIST",
  // output
  "OUTPUT_PATH_OUTSIDE_PROJECT",
  "OUTPUT_PATH_INVALID",
  "OUTPUT_WRITE_FAILED",
  "OUTPUT_EXISTS",
  "OUTPUT_PATH_SYMLINK",
  "IMPORT_FAILED",
] as const;

/** One diagnostic code. */
export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/** The wire shape of one error or warning (line and column are 0-based). */
export const DiagnosticSchema = z.object({
  code: z.enum(DIAGNOSTIC_CODES),
  line: z.number().int(),
  column: z.number().int(),
  message: z.string(),
  severity: z.enum(["error", "warning"]),
  hint: z.string(),
  context: z.string(),
  /** The argument an argument problem is about (e.g. "sample_rate"); absent for problems in the MML. */
  field: z.string().optional(),
});
/** One error or warning. */
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

/** A diagnostic not tied to a place in the MML (arguments, output): line and column 0, no context;
 * `field` names the argument when there is one. */
export function argumentError(code: DiagnosticCode, message: string, hint: string, field?: string): Diagnostic {
  const d: Diagnostic = { code, line: 0, column: 0, message, severity: "error", hint, context: "" };
  if (field !== undefined) d.field = field;
  return d;
}

/** Collects diagnostics for one MML source, computing line, column and the line's text from an offset. */
export class DiagnosticSink {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  private readonly lineStarts: number[] = [0];
  static readonly MAX_ERRORS = 100;
  /** While true nothing is recorded (a multi-track ppmck line is read once per track, reported once). */
  muted = false;

  constructor(private readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** Record an error at a source offset; after MAX_ERRORS only one TOO_MANY_ERRORS is kept. */
  error(offset: number, code: DiagnosticCode, message: string, hint: string): void {
    if (this.muted) return;
    if (this.errors.length === DiagnosticSink.MAX_ERRORS) {
      this.errors.push(this.at(offset, "TOO_MANY_ERRORS", "error", "Too many errors; the rest are not reported.", "Fix the errors above and validate again."));
    }
    if (this.errors.length > DiagnosticSink.MAX_ERRORS) return;
    this.errors.push(this.at(offset, code, "error", message, hint));
  }

  /** Record a warning at a source offset. */
  warn(offset: number, code: DiagnosticCode, message: string, hint: string): void {
    if (this.muted) return;
    if (this.warnings.length < DiagnosticSink.MAX_ERRORS) this.warnings.push(this.at(offset, code, "warning", message, hint));
  }

  /** 0-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, column: offset - this.lineStarts[lo]! };
  }

  private at(offset: number, code: DiagnosticCode, severity: "error" | "warning", message: string, hint: string): Diagnostic {
    const { line, column } = this.position(Math.min(Math.max(offset, 0), this.source.length));
    const start = this.lineStarts[line]!;
    const end = this.source.indexOf("\n", start);
    const context = this.source
      .slice(start, end === -1 ? undefined : end)
      .replace(/\r$/, "")
      .slice(0, 200);
    return { code, line, column, message, severity, hint, context };
  }
}
