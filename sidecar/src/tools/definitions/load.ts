import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { ToolEntry } from "../types.js";
import { crossChecks, fileChecks, type Problem } from "./checks.js";
import { Definition } from "./schema.js";

// Reads every JSON file of the two definition folders (the project's first, then the shared one)
// and validates each: its shape (strict zod), its own rules (checks.ts) and the rules that need the
// other definitions and the catalog (step references, destructive steps, cycles). What passes is
// loaded; every rejected file is kept with the JSON path and the reason, for definitions_list.

/** Where a definition came from: the project's folder wins over the shared one for a tool name. */
export type DefinitionSource = "project" | "shared";

/** A definition that passed every check. */
export interface LoadedDefinition {
  def: Definition;
  file: string;
  source: DefinitionSource;
  /** SHA-256 of the file's text: a probe's change tracking starts over when it changes. */
  hash: string;
  /** A script's .cs file, resolved (absolute, or relative to the definition file). */
  scriptFile?: string;
  /** True when the definition (or one of its steps) is destructive. */
  destructive: boolean;
}

/** A file that was not loaded, and why. */
export interface RejectedDefinition {
  file: string;
  source: DefinitionSource;
  /** JSON path inside the file ("$" for the file itself). */
  path: string;
  reason: string;
}

/** The result of one load of both folders. */
export interface DefinitionSet {
  loaded: LoadedDefinition[];
  rejected: RejectedDefinition[];
}

/** The two folders definitions are read from. */
export interface DefinitionDirs {
  project: string;
  shared: string;
}

/** Load both folders; `catalog` looks up the other tools (steps may call them). Never throws. */
export function loadDefinitions(dirs: DefinitionDirs, catalog: (name: string) => ToolEntry | undefined): DefinitionSet {
  const candidates: LoadedDefinition[] = [];
  const rejected: RejectedDefinition[] = [];
  for (const source of ["project", "shared"] as const) {
    for (const file of jsonFiles(dirs[source])) {
      const reject = (p: Problem) => rejected.push({ file, source, path: p.path, reason: p.reason });
      const parsed = parseFile(file);
      if ("problem" in parsed) {
        reject(parsed.problem);
        continue;
      }
      const problems = fileChecks(parsed.def, file);
      if (problems.length > 0) {
        problems.forEach(reject);
        continue;
      }
      const sameName = candidates.find((c) => c.def.name === parsed.def.name);
      if (sameName?.source === source) {
        reject({ path: "$.name", reason: `the tool "${parsed.def.name}" is already defined by ${sameName.file}; rename one of them` });
        continue;
      }
      if (sameName) continue; // the project's definition of this name wins over the shared one
      candidates.push({ def: parsed.def, file, source, hash: parsed.hash, ...scriptFileOf(parsed.def, file), destructive: parsed.def.destructive === true });
    }
  }
  const cross = crossChecks(candidates, catalog);
  const loaded = candidates.filter((c) => {
    const problems = cross.get(c);
    if (!problems) return true;
    for (const p of problems) rejected.push({ file: c.file, source: c.source, path: p.path, reason: p.reason });
    return false;
  });
  return { loaded, rejected };
}

/** Largest definition file read: a definition is a few KB; a bigger file is refused, not parsed on the event loop. */
export const MAX_DEFINITION_BYTES = 256 * 1024;

function parseFile(file: string): { def: Definition; hash: string } | { problem: Problem } {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > MAX_DEFINITION_BYTES)
      return { problem: { path: "$", reason: `is ${size} bytes; a definition file may be at most ${MAX_DEFINITION_BYTES} bytes (move data into a script or the files it reads)` } };
    text = readFileSync(file, "utf8");
  } catch (err) {
    return { problem: { path: "$", reason: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { problem: { path: "$", reason: `is not valid JSON: ${(err as Error).message}` } };
  }
  const result = Definition.safeParse(json);
  if (!result.success) return { problem: zodProblem(result.error, json) };
  return { def: result.data, hash: createHash("sha256").update(text).digest("hex") };
}

/** The first zod issue as a JSON path and a reason a user can act on. */
function zodProblem(error: z.ZodError, json: unknown): Problem {
  const issue = error.issues[0]!;
  const at = jsonPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys;
    return { path: jsonPath([...issue.path, keys[0]!]), reason: `unknown key${keys.length > 1 ? "s" : ""} ${keys.map((k) => `"${k}"`).join(", ")}` };
  }
  if ((issue.code === "invalid_union" || (issue.path.length === 1 && issue.path[0] === "kind")) && issue.path.length <= 1) {
    const kind = (json as { kind?: unknown } | null)?.kind;
    return { path: "$.kind", reason: kind === undefined ? 'is missing; use "probe", "script" or "sequence"' : `${JSON.stringify(kind)} is not a kind; use "probe", "script" or "sequence"` };
  }
  if (issue.code === "invalid_type" && issue.input === undefined) return { path: at, reason: "is required" };
  return { path: at, reason: issue.message };
}

/** `["steps", 1, "tool"]` → `$.steps[1].tool`. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_][A-Za-z0-9_]*$/.test(String(p)) ? `.${String(p)}` : `[${JSON.stringify(String(p))}]`)).join("");
}

function scriptFileOf(def: Definition, file: string): { scriptFile?: string } {
  if (def.kind !== "script") return {};
  return { scriptFile: resolveScript(def.file, file) };
}

/** A script's path: absolute as written, else relative to the definition file's folder. */
export function resolveScript(given: string, definitionFile: string): string {
  return /^([A-Za-z]:[\\/]|[\\/])/.test(given) ? given : join(definitionFile, "..", given);
}

function jsonFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // a folder that does not exist yet holds no definitions
  }
  return names
    .filter((n) => n.toLowerCase().endsWith(".json"))
    .sort()
    .map((n) => join(dir, n))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
}
