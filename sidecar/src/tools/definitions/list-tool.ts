import { toolEntry, type ToolProvider } from "../types.js";
import type { DefinitionProvider } from "./provider.js";

// `definitions_list`: which definition files were loaded as tools, and which were rejected and why
// (file, JSON path, reason), so a user fixes a definition without reading the sidecar's log.

const ENTRY = toolEntry({
  name: "definitions_list",
  description: "The JSON definition tools of this project: each loaded one (name, kind, file, project or shared folder) and each rejected file with the JSON path and the reason. Also gives the two folders definitions are read from.",
  inputSchema: { type: "object", properties: {}, additionalProperties: false },
  annotations: { title: "Definition tools", idempotency: "safe", readOnly: true, group: "diagnostics" },
  provider: "native",
});

/** A native provider with the one tool that reports on `definitions`. */
export function definitionsListProvider(definitions: DefinitionProvider, dirs: { project: string; shared: string }): ToolProvider {
  return {
    id: "definitions-list",
    kind: "native",
    list: () => [ENTRY],
    subscribe: () => () => {},
    async invoke() {
      const { loaded, rejected } = definitions.current();
      const structured = {
        definitionsDir: dirs.project,
        sharedDefinitionsDir: dirs.shared,
        loaded: loaded.map((d) => ({ name: d.def.name, kind: d.def.kind, file: d.file, source: d.source, destructive: d.destructive })),
        rejected: rejected.map((r) => ({ file: r.file, source: r.source, path: r.path, reason: r.reason })),
      };
      const lines = [
        `${loaded.length} loaded, ${rejected.length} rejected (folders: ${dirs.project} and ${dirs.shared})`,
        ...loaded.map((d) => `  ✓ ${d.def.name} (${d.def.kind}) ${d.file}`),
        ...rejected.map((r) => `  ✗ ${r.file} ${r.path}: ${r.reason}`),
      ];
      return { ok: true, content: [{ type: "text", text: lines.join("\n") }], structured };
    },
  };
}
