import type { ArgumentProblem } from "./validate.js";
import type { JsonSchemaObject, ToolEntry, ToolResult } from "./types.js";

// Destructive tools run only with `confirm: true`. Their schema gains `confirm` and `dry_run`;
// without confirmation (or with `dry_run: true`) the answer is the provider's dry run and how to
// confirm, and nothing runs.

/** The input schema of a destructive tool as clients see it. */
export function withConfirmSchema(schema: JsonSchemaObject): JsonSchemaObject {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    properties: {
      ...properties,
      confirm: { type: "boolean", description: "Must be true to run this destructive tool; without it the answer is a dry run describing what would change." },
      dry_run: { type: "boolean", description: "true: only describe what would change, even with confirm." },
    },
  };
}

/** Split `confirm`/`dry_run` off the arguments of a destructive call. */
export function confirmArguments(args: Record<string, unknown>): { args: Record<string, unknown>; confirm: boolean; dryRun: boolean; problems: ArgumentProblem[] } {
  const { confirm, dry_run: dryRun, ...rest } = args;
  const problems: ArgumentProblem[] = [];
  if (confirm !== undefined && typeof confirm !== "boolean") problems.push({ argument: "confirm", expected: `expected boolean, got ${typeof confirm}` });
  if (dryRun !== undefined && typeof dryRun !== "boolean") problems.push({ argument: "dry_run", expected: `expected boolean, got ${typeof dryRun}` });
  return { args: rest, confirm: confirm === true, dryRun: dryRun === true, problems };
}

/** The answer to an unconfirmed (or dry-run) destructive call: the preview plus how to confirm. */
export function confirmationAnswer(entry: ToolEntry, askedForDryRun: boolean, preview: ToolResult | undefined): ToolResult {
  const how = `Nothing was changed. To run ${entry.name}, call it again with the same arguments and "confirm": true.`;
  const content: ToolResult["content"] = preview?.ok
    ? [...preview.content, { type: "text", text: how }]
    : [{ type: "text", text: preview?.error ? `The dry run failed: ${preview.error.message}\n${how}` : `${entry.name} is destructive and offers no dry run. ${how}` }];
  const structured = { dry_run: true, confirmed: false, ...(preview?.structured ? { preview: preview.structured } : {}) };
  if (askedForDryRun) return { ok: true, content, structured };
  const message = `${entry.name} is destructive and needs "confirm": true; nothing ran. Review the dry run, then call again with "confirm": true.`;
  return { ok: false, content, structured, error: { code: "confirmation_required", message } };
}
