import { randomUUID } from "node:crypto";
import { MCP_SERVER_NAME, type ChatToolHost } from "../../chat/agent-tools.js";
import type { ToolRegistry } from "../../tools/registry.js";
import { toolEffect } from "../../tools/effect.js";

// The catalog as the panel's own chats see it (docs/architecture.md, decision 11): titles and read-only/destructive
// facts for their cards, and the dry run a destructive tool's permission card shows.

/** How long a card's dry run may take before the card shows without it. */
const DRY_RUN_DEADLINE_MS = 5000;

/** A ChatToolHost over the sidecar's registry. */
export function chatToolHost(registry: ToolRegistry): ChatToolHost {
  return {
    server: MCP_SERVER_NAME,
    describe(name) {
      const item = registry.get(name);
      if (!item) return undefined;
      const a = item.entry.annotations;
      const effect = toolEffect(item.entry);
      // Only a native tool's dry run is known to change nothing whatever the tool; Unity's is asked for destructive tools only.
      const preview = effect === "write" && item.entry.provider === "native" && item.provider.dryRun !== undefined;
      return { ...(a.title !== undefined ? { title: a.title } : {}), destructive: a.destructive, readOnly: effect === "read", ...(preview ? { preview } : {}) };
    },
    async dryRun(name, input) {
      const item = registry.get(name);
      if (!item?.provider.dryRun) return undefined;
      // A destructive tool's confirm/dry_run belong to the invoker; a writing tool's confirm is its own argument.
      const { confirm: _confirm, dry_run: _dryRun, ...rest } = input;
      const args = item.entry.annotations.destructive ? rest : input;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), DRY_RUN_DEADLINE_MS);
      try {
        return await item.provider.dryRun(name, args, { callId: randomUUID(), signal: controller.signal, progress: () => {}, deadline: Date.now() + DRY_RUN_DEADLINE_MS });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
