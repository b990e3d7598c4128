import { existsSync, statSync } from "node:fs";
import type { ToolEntry } from "../types.js";
import type { LoadedDefinition } from "./load.js";
import { resolveScript } from "./load.js";
import { KNOWN_GROUPS, type Definition, type SequenceDefinition } from "./schema.js";

// The rules of definition files beyond their shape: those of one file (fileChecks) and those that
// need the other definitions and the catalog (crossChecks). Each problem names the JSON path.

/** A rule a definition breaks. */
export interface Problem {
  path: string;
  reason: string;
}

/** A string that is exactly `{{stepId.json.path}}`: replaced by that token of an earlier step's result. */
export const STEP_TOKEN = /^\{\{([A-Za-z_][A-Za-z0-9_]*)((?:\.[^.{}]+)*)\}\}$/;

/** The rules one file must follow on its own. */
export function fileChecks(def: Definition, file: string): Problem[] {
  const problems: Problem[] = [];
  if (def.group !== undefined && !(KNOWN_GROUPS as readonly string[]).includes(def.group)) {
    problems.push({ path: "$.group", reason: `"${def.group}" is not a known group; use one of ${KNOWN_GROUPS.join(", ")}` });
  }
  if (def.kind === "probe" && def.mainThread === false) {
    problems.push({ path: "$.mainThread", reason: 'a probe reads Unity objects and always runs on the main thread; remove "mainThread": false' });
  }
  if (def.undoGroup !== undefined && def.kind !== "sequence") {
    problems.push({ path: "$.undoGroup", reason: `only a sequence can have an undo group (this is a ${def.kind})` });
  }
  if (def.undoGroup !== undefined && def.kind === "sequence" && def.mainThread === false) {
    problems.push({ path: "$.undoGroup", reason: 'an undo group needs "mainThread": true (the default); remove one of them' });
  }
  if (def.kind === "script") {
    const script = resolveScript(def.file, file);
    if (!isFile(script)) problems.push({ path: "$.file", reason: `${script} does not exist; give the .cs file's path, absolute or relative to the definition file` });
  }
  for (const [name, input] of Object.entries(def.inputs ?? {})) {
    if (input.default !== undefined && !fitsType(input.default, input.type))
      problems.push({ path: `$.inputs.${name}.default`, reason: `${JSON.stringify(input.default)} is not of type ${input.type}` });
    if (input.enum !== undefined && input.enum.some((v) => !fitsType(v, input.type))) problems.push({ path: `$.inputs.${name}.enum`, reason: `every value must be of type ${input.type}` });
  }
  (def.examples ?? []).forEach((example, i) => {
    if (typeof example !== "string") return;
    try {
      const parsed: unknown = JSON.parse(example);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
    } catch {
      problems.push({ path: `$.examples[${i}]`, reason: "an example given as a string must be a JSON object of arguments" });
    }
  });
  if (def.kind === "probe")
    problems.push(
      ...duplicates(
        def.reads.map((r) => r.id),
        (i) => `$.reads[${i}].id`,
        "read",
      ),
    );
  if (def.kind === "sequence") problems.push(...stepChecks(def));
  return problems;
}

/** Rules across definitions: destructive steps make a sequence destructive; no cycles of sequences. */
export function crossChecks(all: LoadedDefinition[], catalog: (name: string) => ToolEntry | undefined): Map<LoadedDefinition, Problem[]> {
  const problems = new Map<LoadedDefinition, Problem[]>();
  const add = (d: LoadedDefinition, p: Problem) => problems.set(d, [...(problems.get(d) ?? []), p]);
  const byName = new Map(all.map((d) => [d.def.name, d]));
  for (const d of all) {
    const cycle = cycleFrom(d, byName);
    if (cycle) add(d, { path: `$.steps[${cycle.step}].tool`, reason: `sequences call each other in a cycle (${cycle.names.join(" → ")}); a sequence cannot call itself, directly or through others` });
  }
  for (const d of all) {
    if (d.def.kind !== "sequence" || problems.has(d)) continue;
    const step = destructiveStep(d.def, byName, catalog, new Set());
    if (step === undefined) continue;
    d.destructive = true;
    if (d.def.destructive === false) {
      add(d, { path: "$.destructive", reason: `step "${step.id}" runs the destructive tool "${step.tool}", so this sequence is destructive; remove "destructive": false` });
    }
  }
  return problems;
}

function stepChecks(def: SequenceDefinition): Problem[] {
  const problems = duplicates(
    def.steps.map((s) => s.id),
    (i) => `$.steps[${i}].id`,
    "step",
  );
  def.steps.forEach((step, i) => {
    const earlier = new Set(def.steps.slice(0, i).map((s) => s.id));
    for (const { path, value } of strings(step.arguments ?? {}, `$.steps[${i}].arguments`)) {
      const token = STEP_TOKEN.exec(value);
      if (token && !earlier.has(token[1]!)) {
        problems.push({ path, reason: `${value} refers to step "${token[1]}", which is not an earlier step of this sequence` });
      } else if (!token && /\{\{[^}]*\}\}/.test(value)) {
        problems.push({ path, reason: "a {{step.path}} reference must be the whole string (it inserts that value of an earlier step's result)" });
      }
    }
  });
  return problems;
}

function destructiveStep(
  def: SequenceDefinition,
  byName: Map<string, LoadedDefinition>,
  catalog: (name: string) => ToolEntry | undefined,
  seen: Set<string>,
): { id: string; tool: string } | undefined {
  seen.add(def.name);
  for (const step of def.steps) {
    const inner = byName.get(step.tool);
    if (inner) {
      if (inner.def.destructive === true) return step;
      if (inner.def.kind === "sequence" && !seen.has(inner.def.name) && destructiveStep(inner.def, byName, catalog, seen)) return step;
      continue;
    }
    if (catalog(step.tool)?.annotations.destructive) return step;
  }
  return undefined;
}

function cycleFrom(start: LoadedDefinition, byName: Map<string, LoadedDefinition>): { names: string[]; step: number } | undefined {
  if (start.def.kind !== "sequence") return undefined;
  const visit = (d: LoadedDefinition, trail: string[]): string[] | undefined => {
    if (d.def.kind !== "sequence") return undefined;
    for (const step of d.def.steps) {
      if (step.tool === start.def.name) return [...trail, step.tool];
      const next = byName.get(step.tool);
      if (next && !trail.includes(step.tool)) {
        const found = visit(next, [...trail, step.tool]);
        if (found) return found;
      }
    }
    return undefined;
  };
  for (const [i, step] of start.def.steps.entries()) {
    if (step.tool === start.def.name) return { names: [start.def.name, step.tool], step: i };
    const next = byName.get(step.tool);
    const found = next ? visit(next, [start.def.name, step.tool]) : undefined;
    if (found) return { names: found, step: i };
  }
  return undefined;
}

function duplicates(ids: string[], at: (i: number) => string, what: string): Problem[] {
  return ids.flatMap((id, i) => (ids.indexOf(id) < i ? [{ path: at(i), reason: `the ${what} id "${id}" is used twice` }] : []));
}

/** Every string value inside `value`, with its JSON path. */
export function strings(value: unknown, path: string): { path: string; value: string }[] {
  if (typeof value === "string") return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`));
  return [];
}

function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    default:
      return typeof value === "object" && value !== null && !Array.isArray(value);
  }
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile();
  } catch {
    return false;
  }
}
