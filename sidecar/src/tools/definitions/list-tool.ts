import { toolEntry, type ToolProvider } from "../types.js";
import type { DefinitionProvider } from "./provider.js";

// `definitions_list`: which definition files were loaded as tools, and which were rejected and why
// (file, JSON path, reason), so a user fixes a definition without reading the sidecar's log.

const PAGE_DEFAULT = 100;
const PAGE_MAX = 500;
/** A rejection reason is cut to this many characters in the answer. */
const REASON_MAX = 500;

const ENTRY = toolEntry({
  name: "definitions_list",
  description:
    "The JSON definition tools of this project: each loaded one (name, kind, file, project or shared folder) and each rejected file with the JSON path and the reason. Also gives the two folders definitions are read from. Answers in pages of up to 100 entries (loaded first, then rejected); pass `offset` = the previous answer's nextOffset for the next page.",
  inputSchema: {
    type: "object",
    properties: {
      offset: { type: "integer", minimum: 0, description: "Entries to skip (nextOffset of the previous page)." },
      limit: { type: "integer", minimum: 1, maximum: PAGE_MAX, description: `Entries per page (default ${PAGE_DEFAULT}).` },
    },
    additionalProperties: false,
  },
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
    async invoke(_name, args) {
      const { loaded, rejected } = definitions.current();
      // One page of the loaded entries followed by the rejected ones: hundreds of files stay one small answer each.
      const offset = typeof args.offset === "number" ? Math.max(0, Math.floor(args.offset)) : 0;
      const limit = typeof args.limit === "number" ? Math.min(PAGE_MAX, Math.max(1, Math.floor(args.limit))) : PAGE_DEFAULT;
      const end = offset + limit;
      const loadedPage = loaded.slice(offset, end);
      const rejectedPage = rejected.slice(Math.max(0, offset - loaded.length), Math.max(0, end - loaded.length));
      const total = loaded.length + rejected.length;
      const structured = {
        definitionsDir: dirs.project,
        sharedDefinitionsDir: dirs.shared,
        loaded: loadedPage.map((d) => ({ name: d.def.name, kind: d.def.kind, file: d.file, source: d.source, destructive: d.destructive })),
        rejected: rejectedPage.map((r) => ({ file: r.file, source: r.source, path: r.path, reason: clip(r.reason) })),
        total: { loaded: loaded.length, rejected: rejected.length },
        offset,
        ...(end < total ? { nextOffset: end } : {}),
      };
      const lines = [
        `${loaded.length} loaded, ${rejected.length} rejected (folders: ${dirs.project} and ${dirs.shared})${total > limit || offset > 0 ? `; entries ${Math.min(offset, total)}-${Math.min(end, total)} of ${total}${end < total ? `, next page: offset ${end}` : ""}` : ""}`,
        ...structured.loaded.map((d) => `  ✓ ${d.name} (${d.kind}) ${d.file}`),
        ...structured.rejected.map((r) => `  ✗ ${r.file} ${r.path}: ${r.reason}`),
      ];
      return { ok: true, content: [{ type: "text", text: lines.join("\n") }], structured };
    },
  };
}

function clip(reason: string): string {
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason;
}
