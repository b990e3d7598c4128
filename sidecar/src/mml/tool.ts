import { errorResult, toolEntry, type ToolEntry, type ToolProvider, type ToolResult } from "../tools/types.js";
import type { ArgumentProblem } from "../tools/validate.js";
import { argumentsRefused, composeMml, type ComposeMmlResult } from "./compose.js";
import { argumentError, type Diagnostic } from "./diagnostics.js";
import { SAMPLE_RATE_MAX, SAMPLE_RATE_MIN } from "./limits.js";
import type { OutputEnv } from "./output.js";
import { composePreview } from "./preview.js";
import { TEMPLATE_NAMES } from "./templates.js";

// compose_mml as a catalog tool: its entry (schema, annotations) and a native provider that runs
// it. The input schema states types only: values (action, mode, template, sample rate) are checked
// by compose_mml itself, so every transport gets its coded errors with hints, not a schema message.

/** The catalog entry of compose_mml. */
export const COMPOSE_MML_ENTRY: ToolEntry = toolEntry({
  name: "compose_mml",
  description:
    "Retro console (NES-style APU) music from MML. action 'compose' synthesizes the MML to a 16-bit WAV " +
    "(in a Unity project: Assets/Audio/Generated/, imported when Unity is connected) and returns wav_path, duration_sec, " +
    "the note_sequence IR and validation {errors, warnings}; 'validate' returns valid, errors (with 0-based line and column, " +
    "hint, context), note_sequence and channel_summary; 'template' returns a starting MML and its description. " +
    "Dialects: 'ppmck' (tracks A, B pulse, T triangle, N noise; t l o v q …) and 'pyxel' (channels 0:–3:; T L O V @ @ENV @VIB @GLI …).",
  inputSchema: {
    type: "object",
    properties: {
      action: { type: "string", description: "compose | validate | template" },
      mml: { type: "string", description: "The MML source (compose, validate)", default: "" },
      mode: { type: "string", description: "ppmck | pyxel (required for compose and validate; template defaults to pyxel)", default: "" },
      template: { type: "string", description: `Template name for action template: ${TEMPLATE_NAMES.join(" | ")}`, default: "basic" },
      sample_rate: { type: "integer", description: `WAV sample rate in Hz, ${SAMPLE_RATE_MIN}–${SAMPLE_RATE_MAX}`, default: 44100 },
      normalize: { type: "boolean", description: "Scale the output so its peak is at -1 dBFS", default: true },
      output_path: { type: "string", description: "Optional .wav path for compose, relative to the Unity project (must stay inside it); default Assets/Audio/Generated/mml-<hash>.wav" },
      confirm: {
        type: "boolean",
        description: "compose: true replaces an existing file at output_path that compose_mml did not write (ask the user first); without it such a file is left alone",
        default: false,
      },
    },
    required: ["action"],
    additionalProperties: false,
  },
  annotations: {
    title: "Compose MML chiptune",
    // the same arguments always write the same bytes to the same file: repeating a call is harmless
    idempotency: "safe",
    // it writes a file into the project: never read-only, so a panel chat always shows its card
    readOnly: false,
    group: "audio",
    maxResultSizeChars: 2_000_000,
    examples: [
      { description: "A starting point in the pyxel dialect", arguments: { action: "template", template: "basic", mode: "pyxel" } },
      { description: "A jingle", arguments: { action: "compose", mode: "ppmck", mml: "A t150 l8 o5 q2 c e g > c4" } },
    ],
  },
  provider: "native",
});

/** The largest text content; longer answers leave the IR to the structured result. */
const MAX_TEXT = 20_000;

/** A native provider serving compose_mml; `env` is read on every call (Unity may come and go). */
export function composeMmlProvider(env: OutputEnv | (() => OutputEnv)): ToolProvider {
  return {
    id: "native:compose_mml",
    kind: "native",
    list: () => [COMPOSE_MML_ENTRY],
    subscribe: () => () => {},
    async invoke(name, args): Promise<ToolResult> {
      if (name !== "compose_mml") return errorResult("unknown_tool", `This provider serves compose_mml only, not ${name}.`);
      return toToolResult(await composeMml(args, typeof env === "function" ? env() : env));
    },
    // Not a dry run the invoker asks for (the tool is not destructive): the panel's card shows it.
    async dryRun(_name, args): Promise<ToolResult> {
      return composePreview(args, typeof env === "function" ? env() : env);
    },
    rejectArguments(name, args, problems) {
      if (name !== "compose_mml") return undefined;
      return toToolResult(argumentsRefused(args.action, problems.map(argumentProblem)));
    },
  };
}

/** What to do about each argument when its type is wrong. */
const ARGUMENT_HINTS: Record<string, string> = {
  action: "Use action 'compose', 'validate' or 'template'.",
  mml: "Pass the MML source text as a string.",
  mode: "Set mode to 'ppmck' or 'pyxel'.",
  template: `Use one of: ${TEMPLATE_NAMES.join(", ")}.`,
  sample_rate: "Leave sample_rate out (44100) or pass an integer number of Hz, e.g. 22050.",
  normalize: "Leave normalize out (true) or pass a boolean.",
  output_path: "Give a .wav path inside the project as a string, or leave it out.",
};

/** A schema problem found by the invoker as compose_mml's ARGUMENT_INVALID diagnostic, naming the field. */
function argumentProblem(p: ArgumentProblem): Diagnostic {
  const field = p.argument.split(/[.[]/)[0] ?? "";
  const hint = ARGUMENT_HINTS[field] ?? `compose_mml takes ${Object.keys(ARGUMENT_HINTS).join(", ")}; remove the others.`;
  return argumentError("ARGUMENT_INVALID", p.argument === "" ? `The arguments are invalid: ${p.expected}.` : `${p.argument}: ${p.expected}.`, hint, field);
}

/** Map an action's answer to a tool result: ok unless the action failed; JSON text plus structured data. */
export function toToolResult(r: ComposeMmlResult): ToolResult {
  const structured = r as unknown as Record<string, unknown>;
  let text = JSON.stringify(r);
  if (text.length > MAX_TEXT && "note_sequence" in r && r.note_sequence) {
    text = JSON.stringify({ ...r, note_sequence: `(${text.length} characters; see the structured result)` });
  }
  const failure = failureOf(r);
  if (!failure) return { ok: true, content: [{ type: "text", text }], structured };
  return { ok: false, content: [{ type: "text", text }], structured, error: { code: failure.code, message: `${failure.message} ${failure.hint}` } };
}

function failureOf(r: ComposeMmlResult): Diagnostic | undefined {
  if ("validation" in r) return r.success ? undefined : r.validation.errors[0];
  if ("valid" in r) return undefined; // a validation that finds errors is still an answer
  if ("errors" in r) return r.errors?.[0];
  return undefined;
}
