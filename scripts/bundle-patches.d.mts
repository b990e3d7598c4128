import type { Plugin } from "esbuild";

/** zod's failed-parse result as a class (see bundle-patches.mjs). */
export function zodFailureResultPlugin(): Plugin;
/** The MCP SDK's type guards through zod's validate (see bundle-patches.mjs). */
export function mcpTypeGuardsPlugin(): Plugin;
