import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchemaObject } from "./types.js";

// Arguments are checked against the tool's input schema before anything runs, with ajv (the
// validator the MCP SDK uses). Failures name the argument and what was expected, in words a
// model or a person can act on ("count: expected integer, got string").

/** One argument problem: the argument's path (`items[0].name`, or "" for the whole object) and what was expected. */
export interface ArgumentProblem {
  argument: string;
  expected: string;
}

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
// Schemas that declare JSON Schema 2020-12 ($defs, prefixItems…) get a validator of that draft.
const ajv2020 = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv2020 as unknown as Ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** Check `args` against `schema`; an empty list means valid. A schema ajv cannot compile is reported, not thrown. */
export function validateArguments(schema: JsonSchemaObject, args: unknown): ArgumentProblem[] {
  let check = compiled.get(schema);
  if (!check) {
    try {
      check = (typeof schema.$schema === "string" && schema.$schema.includes("2020-12") ? ajv2020 : ajv).compile(schema);
    } catch (err) {
      return [{ argument: "", expected: `a tool with a valid input schema (this one does not compile: ${(err as Error).message}); report it to the tool's author` }];
    }
    compiled.set(schema, check);
  }
  if (check(args)) return [];
  return dedupe((check.errors ?? []).map((e) => describe(e, args)));
}

/** The problems as one sentence list for an `invalid_params` message. */
export function formatProblems(tool: string, problems: ArgumentProblem[]): string {
  const parts = problems.map((p) => (p.argument === "" ? p.expected : `${p.argument}: ${p.expected}`));
  return `Invalid arguments for ${tool}: ${parts.join("; ")}. Fix the arguments and call again (\`agent-panel tools --json\` shows the schema).`;
}

function describe(e: ErrorObject, root: unknown): ArgumentProblem {
  const at = argumentPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return { argument: join(at, String(p.missingProperty)), expected: "required, but missing" };
    case "additionalProperties":
      return { argument: join(at, String(p.additionalProperty)), expected: "not an accepted argument (unknown name)" };
    case "type":
      return { argument: at, expected: `expected ${String(p.type)}, got ${typeName(valueAt(root, e.instancePath))}` };
    case "enum":
      return { argument: at, expected: `expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}` };
    case "const":
      return { argument: at, expected: `expected ${JSON.stringify(p.allowedValue)}` };
    default:
      return { argument: at, expected: `expected a value that ${e.message ?? `passes "${e.keyword}"`}` };
  }
}

function argumentPath(instancePath: string): string {
  if (instancePath === "") return "";
  return instancePath
    .split("/")
    .slice(1)
    .map((seg) => seg.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc === "" ? seg : `${acc}.${seg}`), "");
}

function join(base: string, name: string): string {
  return base === "" ? name : `${base}.${name}`;
}

function valueAt(root: unknown, instancePath: string): unknown {
  let v = root;
  for (const seg of instancePath.split("/").slice(1)) v = (v as Record<string, unknown> | undefined)?.[seg.replace(/~1/g, "/").replace(/~0/g, "~")];
  return v;
}

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function dedupe(list: ArgumentProblem[]): ArgumentProblem[] {
  const seen = new Set<string>();
  return list.filter((p) => {
    const k = `${p.argument}\u0000${p.expected}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
