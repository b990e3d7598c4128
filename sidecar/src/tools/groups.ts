import type { ToolEntry } from "./types.js";
import { inferredGroup } from "./definitions/entry.js";

// Group filtering for MCP clients that want only some of the catalog (`/mcp?groups=scene,assets`,
// `agent-panel mcp --groups scene,assets`): fewer tools in the model's prompt. A tool's group is its
// annotation, else what its name's prefix implies; the `jobs` group (job_status) is always kept,
// because every call that becomes a job tells the model to call job_status.

/** Groups a filtered session always gets (job_status: a long call's answer points to it). */
export const ALWAYS_LISTED_GROUPS: readonly string[] = ["jobs"];

/** The group a tool is filtered by: its `group` annotation, else its name's known prefix, else `custom`. */
export function toolGroup(entry: ToolEntry): string {
  return entry.annotations.group ? entry.annotations.group.toLowerCase() : inferredGroup(entry.name);
}

/** Parse a comma-separated group list (`scene, Assets`); undefined or empty = no filter. */
export function parseGroups(text: string | null | undefined): ReadonlySet<string> | undefined {
  if (text === null || text === undefined) return undefined;
  const names = text
    .split(",")
    .map((g) => g.trim().toLowerCase())
    .filter((g) => g !== "");
  return names.length === 0 ? undefined : new Set([...names, ...ALWAYS_LISTED_GROUPS]);
}

/** The `groups` query parameter of a request URL (the /mcp endpoint's filter). */
export function groupsOfUrl(url: string | undefined): ReadonlySet<string> | undefined {
  if (url === undefined || !url.includes("?")) return undefined;
  const params = new URLSearchParams(url.slice(url.indexOf("?") + 1));
  const all = params.getAll("groups");
  return all.length === 0 ? undefined : parseGroups(all.join(","));
}

/** Whether a session with this filter sees the tool (no filter: every tool). */
export function inGroups(entry: ToolEntry, groups: ReadonlySet<string> | undefined): boolean {
  return groups === undefined || groups.has(toolGroup(entry));
}
