import type { ToolEntry } from "./types.js";

// What a tool does to the project, decided in one place for every surface (the panel's cards and
// read-only setting, MCP's readOnlyHint, `agent-panel tools`). No zod here: the CLI loads it cold.

/** What a tool does to the project: reads only, writes, or destroys (see toolEffect). */
export type ToolEffect = "read" | "write" | "destructive";

/** The one classification every surface uses (cards, MCP hints, listings): never "read" unless declared. */
export function toolEffect(entry: Pick<ToolEntry, "annotations" | "provider">): ToolEffect {
  const a = entry.annotations;
  if (a.destructive) return "destructive";
  if (a.readOnly !== undefined) return a.readOnly ? "read" : "write";
  return entry.provider === "unity" && a.idempotency === "safe" ? "read" : "write";
}
