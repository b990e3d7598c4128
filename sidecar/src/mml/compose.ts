import { argumentError, type Diagnostic } from "./diagnostics.js";
import { importIntoUnity, type UnityImport } from "./import.js";
import { CHANNEL_NAMES, type NoteSequence } from "./ir.js";
import { MAX_MML_CHARS, MAX_OUTPUT_SAMPLES, SAMPLE_RATE_MAX, SAMPLE_RATE_MIN } from "./limits.js";
import { defaultWavName, resolveOutput, writeOutput, type OutputEnv } from "./output.js";
import { parseMml, type MmlMode } from "./parse.js";
import { renderSequence } from "./synth/render.js";
import { scheduleSequence } from "./synth/schedule.js";
import { encodeWav } from "./synth/wav.js";
import { TEMPLATE_NAMES, template, type TemplateName } from "./templates.js";

// compose_mml's three actions with the argument and result shapes of its specification. Bad
// arguments or MML never throw: they come back as coded diagnostics in the action's own shape.

/** compose: the WAV written, its length, the IR and what was wrong. */
export interface ComposeResult {
  success: boolean;
  wav_path: string | null;
  duration_sec: number;
  note_sequence: NoteSequence | null;
  validation: { errors: Diagnostic[]; warnings: Diagnostic[] };
  /** Set when the WAV was written into a Unity project: whether the Editor imported it. */
  unity_import?: UnityImport;
}
/** validate: whether the MML has errors, every diagnostic (errors and warnings), the IR and per-channel figures. */
export interface ValidateResult {
  valid: boolean;
  errors: Diagnostic[];
  note_sequence: NoteSequence | null;
  channel_summary: ChannelSummary[];
}
/** One channel's figures in a validate answer. */
export interface ChannelSummary {
  channel: string;
  note_count: number;
  octave_range: [number, number];
  duration_ticks: number;
}
/** template: the MML and what it is; `errors` only when the template or mode is unknown. */
export interface TemplateResult {
  mml: string;
  description: string;
  errors?: Diagnostic[];
}
/** An unknown action. */
export interface ActionErrorResult {
  success: false;
  errors: Diagnostic[];
}
/** Any answer of compose_mml. */
export type ComposeMmlResult = ComposeResult | ValidateResult | TemplateResult | ActionErrorResult;

const MODES = ["ppmck", "pyxel"] as const;

/** Run compose_mml with raw arguments (validated here, so every transport gets the same errors). */
export async function composeMml(args: Record<string, unknown>, env: OutputEnv): Promise<ComposeMmlResult> {
  const action = args.action;
  if (action === "template") return templateAction(args);
  if (action !== "compose" && action !== "validate") {
    return { success: false, errors: [argumentError("ACTION_UNKNOWN", `Unknown action '${String(action ?? "")}'.`, "Use action 'compose', 'validate' or 'template'.", "action")] };
  }
  const problems: Diagnostic[] = [];
  const mode = checkMode(args.mode, problems, false);
  const mml = checkMml(args.mml, problems);
  const sampleRate = checkSampleRate(args.sample_rate, problems);
  const normalize = args.normalize ?? true;
  if (typeof normalize !== "boolean") problems.push(argumentError("ARGUMENT_INVALID", "normalize must be true or false.", "Leave normalize out (true) or pass a boolean.", "normalize"));
  const outputPath = args.output_path;
  if (outputPath !== undefined && typeof outputPath !== "string")
    problems.push(argumentError("ARGUMENT_INVALID", "output_path must be a string.", "Give a .wav path inside the project, or leave it out.", "output_path"));
  if (args.confirm !== undefined && typeof args.confirm !== "boolean")
    problems.push(argumentError("ARGUMENT_INVALID", "confirm must be true or false.", "Pass confirm: true only to replace an existing file at output_path.", "confirm"));
  if (problems.length > 0 || mode === null || mml === null) return argumentsRefused(action, problems);
  const parsed = parseMml(mml, mode, sampleRate);
  if (action === "validate") {
    const ok = parsed.errors.length === 0;
    return { valid: ok, errors: [...parsed.errors, ...parsed.warnings], note_sequence: ok ? parsed.ir : null, channel_summary: ok ? summarize(parsed.ir) : [] };
  }
  const validation = { errors: parsed.errors, warnings: parsed.warnings };
  if (parsed.errors.length > 0) return { success: false, wav_path: null, duration_sec: 0, note_sequence: null, validation };
  const samples = scheduleSequence(parsed.ir, sampleRate).reduce((n, s) => Math.max(n, s.samples), 0);
  if (samples === 0) {
    const empty = argumentError("SONG_EMPTY", "The song lasts 0 samples (no notes and no rests), so there is no WAV to write.", "Add notes, or a rest (e.g. 'r1' or 'R1') for a silent WAV.");
    return { success: false, wav_path: null, duration_sec: 0, note_sequence: parsed.ir, validation: { ...validation, errors: [empty] } };
  }
  if (samples > MAX_OUTPUT_SAMPLES) {
    const tooLong = argumentError(
      "SONG_TOO_LONG",
      `The song would be ${Math.round(samples / sampleRate)} s at ${sampleRate} Hz: ${samples} samples, more than ${MAX_OUTPUT_SAMPLES}.`,
      "Lower sample_rate or shorten the song.",
    );
    return { success: false, wav_path: null, duration_sec: 0, note_sequence: parsed.ir, validation: { ...validation, errors: [tooLong] } };
  }
  const target = resolveOutput(env, defaultWavName(mode, mml, sampleRate, normalize as boolean), outputPath as string | undefined);
  if ("code" in target) return { success: false, wav_path: null, duration_sec: 0, note_sequence: parsed.ir, validation: { ...validation, errors: [target] } };
  const audio = renderSequence(parsed.ir, sampleRate, normalize as boolean);
  // A file compose_mml did not write is replaced only with confirm (issue #29, item 1); the default
  // name is derived from the request inside the generated folder, so it is always ours.
  const mayReplace = (real: string) => outputPath === undefined || args.confirm === true || env.wasGenerated?.(real) === true;
  const written = writeOutput(target, encodeWav(audio.samples, sampleRate), mayReplace);
  if ("code" in written) return { success: false, wav_path: null, duration_sec: 0, note_sequence: parsed.ir, validation: { ...validation, errors: [written] } };
  env.onWritten?.(target.file, parsed.ir);
  const unityImport = env.projectRoot ? { unity_import: await importIntoUnity(env, target.asset, validation.warnings) } : {};
  return { success: true, wav_path: target.reported, duration_sec: Math.round((audio.samples.length / sampleRate) * 1e6) / 1e6, note_sequence: parsed.ir, validation, ...unityImport };
}

/** The answer to arguments that cannot run, in the shape of the action asked for (nothing is written). */
export function argumentsRefused(action: unknown, problems: Diagnostic[]): ComposeMmlResult {
  if (action === "validate") return { valid: false, errors: problems, note_sequence: null, channel_summary: [] };
  if (action === "compose") return { success: false, wav_path: null, duration_sec: 0, note_sequence: null, validation: { errors: problems, warnings: [] } };
  if (action === "template") return { mml: "", description: "", errors: problems };
  return { success: false, errors: problems };
}

function templateAction(args: Record<string, unknown>): TemplateResult {
  const problems: Diagnostic[] = [];
  const mode = checkMode(args.mode, problems, true);
  const name = args.template ?? "basic";
  if (typeof name !== "string" || !(TEMPLATE_NAMES as readonly string[]).includes(name)) {
    problems.push(argumentError("TEMPLATE_UNKNOWN", `Unknown template '${String(name)}'.`, `Use one of: ${TEMPLATE_NAMES.join(", ")}.`, "template"));
  }
  if (problems.length > 0 || mode === null) return { mml: "", description: "", errors: problems };
  return template(name as TemplateName, mode);
}

function checkMode(mode: unknown, problems: Diagnostic[], optional: boolean): MmlMode | null {
  if ((mode === undefined || mode === "") && optional) return "pyxel";
  if (typeof mode === "string" && (MODES as readonly string[]).includes(mode)) return mode as MmlMode;
  problems.push(argumentError("MODE_UNKNOWN", mode === undefined || mode === "" ? "mode is missing." : `Unknown mode '${String(mode)}'.`, "Set mode to 'ppmck' or 'pyxel'.", "mode"));
  return null;
}

function checkMml(mml: unknown, problems: Diagnostic[]): string | null {
  if (mml !== undefined && typeof mml !== "string") {
    problems.push(argumentError("ARGUMENT_INVALID", "mml must be a string.", "Pass the MML source text as a string.", "mml"));
    return null;
  }
  const text = (mml ?? "") as string;
  if (text.trim() === "") {
    problems.push(argumentError("MML_EMPTY", "mml is empty.", "Pass MML text, or call action 'template' for a starting point.", "mml"));
    return null;
  }
  if (text.length > MAX_MML_CHARS) {
    problems.push(
      argumentError("MML_TOO_LARGE", `mml has ${text.length} characters; at most ${MAX_MML_CHARS} are accepted.`, "Split the song into shorter pieces and compose them separately.", "mml"),
    );
    return null;
  }
  return text;
}

function checkSampleRate(value: unknown, problems: Diagnostic[]): number {
  const sr = value ?? 44100;
  if (typeof sr !== "number" || !Number.isInteger(sr)) {
    problems.push(argumentError("ARGUMENT_INVALID", "sample_rate must be an integer number of Hz.", "Leave sample_rate out (44100) or pass e.g. 22050.", "sample_rate"));
    return 44100;
  }
  if (sr < SAMPLE_RATE_MIN || sr > SAMPLE_RATE_MAX) {
    problems.push(
      argumentError("SAMPLE_RATE_OUT_OF_RANGE", `sample_rate ${sr} Hz is outside ${SAMPLE_RATE_MIN}–${SAMPLE_RATE_MAX}.`, "Use 44100 (default), 48000, 22050 or another rate in range.", "sample_rate"),
    );
  }
  return sr;
}

/** Per-channel note count, octave range and length, for channels that have notes. */
export function summarize(ir: NoteSequence): ChannelSummary[] {
  const out: ChannelSummary[] = [];
  for (const name of CHANNEL_NAMES) {
    const ch = ir.channels[name];
    const keys = ch.events.flatMap((e) => (e.type === "note" ? [e.key] : []));
    if (keys.length === 0) continue;
    const octave = (k: number) => Math.floor(k / 12) - 1;
    out.push({
      channel: name,
      note_count: keys.length,
      octave_range: [octave(keys.reduce((a, b) => Math.min(a, b))), octave(keys.reduce((a, b) => Math.max(a, b)))],
      duration_ticks: ch.duration_ticks,
    });
  }
  return out;
}
