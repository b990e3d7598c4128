import { join } from "node:path";
import type { ToolHost } from "../host.js";
import { definitionsListProvider } from "./list-tool.js";
import { DefinitionProvider, type UnityOperations } from "./provider.js";

// How `agent-panel serve` adds the definition tools to its tool host: the provider (after Unity's,
// which it reaches for probes and scripts) and the native definitions_list tool.

/** The definition tools of a running sidecar. */
export interface DefinitionTools {
  dirs: { project: string; shared: string };
  provider: DefinitionProvider;
  close(): void;
}

/** The two folders of a project: `<descriptor dir>/tools/<projectHash>` and `<descriptor dir>/tools/shared`. */
export function definitionDirs(descriptorDir: string, projectHash: string): { project: string; shared: string } {
  return { project: join(descriptorDir, "tools", projectHash), shared: join(descriptorDir, "tools", "shared") };
}

/** Register the definition provider and definitions_list with `host`. */
export function addDefinitionTools(host: ToolHost, dirs: { project: string; shared: string }, log?: (line: string) => void, opts: { watch?: boolean; debounceMs?: number } = {}): DefinitionTools {
  const provider = new DefinitionProvider({
    dirs,
    catalog: (name) => host.registry.get(name)?.entry,
    call: async (tool, args, signal) => (await host.invoker.call(tool, args, { mode: "wait", signal })).result,
    unity: () => host.registry.providerOf("unity") as unknown as UnityOperations | undefined,
    ...(log ? { log } : {}),
    ...opts,
  });
  const removeList = host.addProvider(definitionsListProvider(provider, dirs));
  const removeProvider = host.addProvider(provider);
  // A tool another provider adds or drops may make a sequence destructive (or no longer): re-check.
  const unsubscribe = host.registry.subscribe(() => provider.reload());
  return {
    dirs,
    provider,
    close: () => {
      unsubscribe();
      removeProvider();
      removeList();
      provider.close();
    },
  };
}
