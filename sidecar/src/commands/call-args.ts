import type { JsonSchemaObject } from "../tools/types.js";

// `agent-panel call <tool> --key value …`: each flag becomes an argument typed by the tool's input
// schema (integer, number, boolean, object/array as JSON, else string). `--params '{…}'` gives
// them as one JSON object; flags given as well override its keys. The schema check proper is the
// invoker's; this only turns text into the JSON types the schema asks for.

/** Arguments from --params and --key value flags, or a usage message. */
export function argumentsFromFlags(params: string | undefined, flags: string[], schema: JsonSchemaObject): { args: Record<string, unknown> } | { usage: string } {
  let args: Record<string, unknown> = {};
  if (params !== undefined) {
    try {
      const parsed: unknown = JSON.parse(params);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { usage: '--params must be a JSON object, e.g. --params \'{"text":"hi"}\'.' };
      args = { ...(parsed as Record<string, unknown>) };
    } catch (err) {
      return { usage: `--params is not valid JSON (${(err as Error).message}).` };
    }
  }
  const props = (schema.properties ?? {}) as Record<string, { type?: string | string[] }>;
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    if (!flag.startsWith("--") || flag.length < 3) return { usage: `Unexpected "${flag}": give arguments as --name value.` };
    const eq = flag.indexOf("=");
    const name = (eq > 0 ? flag.slice(2, eq) : flag.slice(2)).replace(/-/g, "_");
    const type = typeOf(props[name]);
    const next = flags[i + 1];
    let raw: string | undefined;
    if (eq > 0) raw = flag.slice(eq + 1);
    else if (type === "boolean" && (next === undefined || next.startsWith("--"))) raw = "true";
    else raw = flags[++i];
    if (raw === undefined) return { usage: `--${name} needs a value.` };
    const value = convert(raw, type);
    if (value === INVALID) return { usage: `--${name} expects ${type === "integer" ? "an integer" : `a ${type}`} (got "${raw}").` };
    args[name] = value;
  }
  return { args };
}

const INVALID = Symbol("invalid");

function typeOf(prop: { type?: string | string[] } | undefined): string | undefined {
  const t = prop?.type;
  return Array.isArray(t) ? t.find((x) => x !== "null") : t;
}

function convert(raw: string, type: string | undefined): unknown {
  switch (type) {
    case "integer":
      return /^-?\d+$/.test(raw) ? Number(raw) : INVALID;
    case "number":
      return raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : INVALID;
    case "boolean":
      return raw === "true" ? true : raw === "false" ? false : INVALID;
    case "object":
    case "array":
      try {
        return JSON.parse(raw);
      } catch {
        return INVALID;
      }
    case "string":
      return raw;
    default:
      // No declared type: JSON when it parses (numbers, true, {…}), else the text itself.
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
  }
}
