import { resolve } from "node:path";
import { ChatRegistry, type RegistryOptions } from "../bridge/hubs/chats.js";
import { trustedClaudePaths } from "../bridge/hubs/claude-paths.js";
import { descriptorPaths } from "../shared/descriptor.js";
import { PanelHistory } from "../bridge/hubs/history-service.js";
import { preloadHtmlRenderer } from "../bridge/hubs/hub-render.js";
import { attachClient } from "../bridge/server/router.js";
import { webFiles } from "../web/files.js";
import { locateClaude } from "../claude/locate.js";
import type { ChatOptions } from "../chat/chat.js";
import { idleMsFromEnv } from "../chat/idle.js";
import { chatToolHost } from "../bridge/hubs/chat-tools.js";
import { UnityToolProvider } from "../tools/unity-provider.js";
import { unityAssetImporter } from "../tools/unity-import.js";
import type { ServeContext, ServeHooks } from "./serve.js";

// What `agent-panel serve` runs behind its server: the chat registry (one hub per chat), the
// protocol router for each client, the embedded browser panel, and the shutdown that closes every
// chat (and so every claude process) before the sidecar exits, and the session history.

/** Build the serve hooks for one project. */
export function chatServeHooks(ctx: ServeContext): ServeHooks {
  const claude = findClaude(ctx);
  // Unity as a tool provider: one per sidecar, outliving every connection (and domain reload).
  const unity = new UnityToolProvider({ log: ctx.log, ...(ctx.unityWaitMs !== undefined ? { awayWaitMs: ctx.unityWaitMs } : {}) });
  const removeUnity = ctx.tools?.addProvider(unity);
  // compose_mml's WAV files are imported by the Editor when it is connected.
  if (ctx.tools) ctx.tools.importAsset = unityAssetImporter(unity);
  const chatDefaults: ChatOptions = {
    claudePath: claude.path,
    cwd: ctx.project,
    env: process.env,
    idleMs: idleMsFromEnv(process.env),
    ...(ctx.tools ? { tools: chatToolHost(ctx.tools.registry) } : {}),
  };
  const registryOptions: RegistryOptions = { chatDefaults };
  const registry = new ChatRegistry(registryOptions);
  // One history per sidecar: its watcher and index start on the first history command.
  const history = new PanelHistory({ project: ctx.project, env: process.env });
  let clients = 0;
  return {
    onClient: (link, info) => {
      clients++;
      // The HTML renderer (jsdom: ~1 s and ~30 MB) is loaded only once a browser connects, so a
      // sidecar serving only Unity stays small; it is ready long before the first answer arrives.
      if (info.origin !== undefined) void preloadHtmlRenderer();
      const browser = info.origin !== undefined;
      const handler = attachClient(registry, link, {
        project: ctx.project,
        serverVersion: ctx.version,
        sidecarPid: process.pid,
        history,
        claudePaths: () => trustedClaudePaths([claude.path, ctx.claudePath && resolve(ctx.claudePath)], descriptorPaths(ctx.project).dir),
        tools: unity,
        browser,
      });
      return {
        onText: (raw) => handler.onText(raw),
        onClose: () => {
          clients--;
          handler.onClose();
        },
      };
    },
    health: () => ({ chats: registry.size, clients, claude: { path: claude.path, found: claude.error === undefined, ...(claude.error ? { error: claude.error } : {}) } }),
    onListening: ({ port }) => {
      if (!ctx.tools) return;
      // Chats opened from now on reach the tool host at /mcp, each with its own token in its own
      // 0600 config file: nothing in claude's environment for the processes it starts to inherit.
      const tools = ctx.tools;
      registryOptions.chatCredential = () => tools.chatTokens.issue(port, ctx.stateDir ?? descriptorPaths(ctx.project).dir);
    },
    closeAll: async () => {
      const saved = history.close(); // the next start lists from the saved index cache
      unity.close();
      removeUnity?.();
      await Promise.all([registry.closeAll(), saved]);
    },
    staticRoot: webFiles(),
  };
}

function findClaude(ctx: ServeContext): { path: string; error?: string } {
  try {
    // A relative --claude is relative to where serve was started, not to the project.
    return { path: locateClaude({ explicitPath: ctx.claudePath && resolve(ctx.claudePath) }).path };
  } catch (err) {
    ctx.log(`claude not found: ${(err as Error).message}`);
    return { path: ctx.claudePath ?? "claude", error: (err as Error).message };
  }
}
