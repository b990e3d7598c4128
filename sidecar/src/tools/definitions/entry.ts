import { toolEntry, type ToolEntry } from "../types.js";
import type { LoadedDefinition } from "./load.js";
import { KNOWN_GROUPS } from "./schema.js";

// A loaded definition as the catalog publishes it: the declared inputs as a JSON input schema (the
// invoker checks types and enums at call time), the kind's defaults for idempotency and threading,
// and the examples as argument objects.

/** The catalog entry of a definition. */
export function definitionEntry(d: LoadedDefinition): ToolEntry {
  const { def } = d;
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const [name, input] of Object.entries(def.inputs ?? {})) {
    properties[name] = {
      type: input.type,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.enum !== undefined ? { enum: input.enum } : {}),
      ...(input.default !== undefined ? { default: input.default } : {}),
    };
    if (input.required === true) required.push(name);
  }
  return toolEntry({
    name: def.name,
    description: def.description,
    inputSchema: { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
    annotations: {
      idempotency: def.idempotency ?? (def.kind === "probe" ? "safe" : "unsafe"),
      // A sequence runs in the sidecar (its steps take their own turns on Unity's main thread); with
      // an undoGroup its Unity steps are one Undo group on the main thread, so it says mainThread.
      // Probes and scripts run on Unity's main thread unless a script says otherwise.
      mainThread: def.kind === "sequence" ? def.undoGroup !== undefined : (def.mainThread ?? true),
      destructive: d.destructive,
      // Only a probe just reads. A script runs C# with the model's arguments and a sequence runs
      // other tools: never read-only, whatever idempotency the file declares (issue #29, item 2).
      readOnly: def.kind === "probe" && !d.destructive,
      ...(def.undoGroup !== undefined ? { undoGroup: def.undoGroup } : {}),
      examples: (def.examples ?? []).map((e) => ({ arguments: typeof e === "string" ? (JSON.parse(e) as Record<string, unknown>) : e })),
      alwaysLoad: def.alwaysLoad ?? false,
      ...(def.maxResultSizeChars ? { maxResultSizeChars: def.maxResultSizeChars } : {}),
      group: def.group ?? inferredGroup(def.name),
    },
    provider: "definition",
  });
}

/** The group a name implies: `definitions_…` is diagnostics, a known group's prefix is that group, else custom. */
export function inferredGroup(name: string): string {
  if (name.startsWith("definitions_")) return "diagnostics";
  const prefix = name.split("_")[0]!;
  return (KNOWN_GROUPS as readonly string[]).includes(prefix) ? prefix : "custom";
}
