import type { IncomingMessage, ServerResponse } from "node:http";
import { ChatCredentials } from "./chat-credentials.js";
import { ToolInvoker, type InvokerOptions } from "./invoker.js";
import { McpHttpEndpoint } from "./mcp-http.js";
import { nativeProvider } from "./native.js";
import { ToolRegistry } from "./registry.js";
import { handleRest } from "./rest.js";
import type { ToolProvider } from "./types.js";
import type { AssetImporter } from "./types.js";

// The sidecar's tool host: one registry, one invoker, and the HTTP routes of every transport that
// uses them (/mcp, /tools, /jobs). `agent-panel serve` builds one and hands its `route` to the
// bridge server; the chat side adds the Unity provider with `addProvider`.

/** Settings of the tool host (serve flags; tests shorten the times). */
export interface ToolHostOptions extends InvokerOptions {
  version: string;
  /** Where the catalog is cached (beside the descriptor); omit for none. */
  cacheFile?: string;
  /** MCP sessions without an open request for this long are closed (default 30 min). */
  sessionIdleMs?: number;
  /** Progress notifications during a long MCP call at least this often (default 10 s). */
  heartbeatMs?: number;
  log?: (line: string) => void;
}

/** Registry + invoker + transports of one sidecar. */
export class ToolHost {
  readonly registry: ToolRegistry;
  readonly invoker: ToolInvoker;
  readonly mcp: McpHttpEndpoint;
  /** Each chat's own /mcp token (revoking one ends its MCP sessions). */
  readonly chatTokens: ChatCredentials;
  /** Asks the Unity Editor to import an asset (compose_mml's WAV files); set by `serve` beside the Unity provider. */
  importAsset?: AssetImporter;

  constructor(private readonly opts: ToolHostOptions) {
    this.registry = new ToolRegistry({ cacheFile: opts.cacheFile, log: opts.log });
    this.invoker = new ToolInvoker(this.registry, opts);
    this.registry.add(nativeProvider((id) => this.invoker.job(id)));
    // Other native tools (compose_mml) are added by `agent-panel serve`, which knows the project.
    this.chatTokens = new ChatCredentials((token) => void this.mcp.closeOwner(token));
    this.mcp = new McpHttpEndpoint({ registry: this.registry, invoker: this.invoker, version: opts.version, heartbeatMs: opts.heartbeatMs, idleMs: opts.sessionIdleMs, log: opts.log });
  }

  /** Add a provider after the existing ones (an earlier provider wins a duplicate name); returns its removal. */
  addProvider(provider: ToolProvider): () => void {
    return this.registry.add(provider);
  }

  /** The bridge server's routing hook: true when the request was ours (it is answered, maybe later). */
  readonly route = (req: IncomingMessage, res: ServerResponse, pathname: string): boolean => {
    if (pathname === "/mcp") {
      this.mcp.handle(req, res).catch((err: unknown) => this.fail(res, err));
      return true;
    }
    try {
      return handleRest(req, res, pathname, this.registry, this.invoker);
    } catch (err) {
      this.fail(res, err);
      return true;
    }
  };

  /** The `/health` fields of the tool host. */
  health(): { tools: { count: number; unityConnected: boolean; unityWake: string | null; queueDepth: number; runningJobs: number; mcpSessions: number } } {
    const statuses = this.registry.statuses();
    const unity = statuses.filter((s) => s.kind === "unity");
    const providerQueue = statuses.reduce((n, s) => n + s.status.queueDepth, 0);
    return {
      tools: {
        count: this.registry.list().length,
        unityConnected: unity.some((s) => s.status.connected),
        // How the Editor wakes for calls while unfocused (its setting), so a slow first call can be explained.
        unityWake: unity.find((s) => s.status.connected)?.status.wake ?? null,
        queueDepth: this.invoker.queueDepth() + providerQueue,
        runningJobs: this.invoker.jobs.running(),
        mcpSessions: this.mcp.sessionCount,
      },
    };
  }

  /** Close MCP sessions and stop listening to providers. */
  async close(): Promise<void> {
    this.chatTokens.revokeAll();
    await this.mcp.close();
    this.registry.close();
  }

  private fail(res: ServerResponse, err: unknown): void {
    this.opts.log?.(`tool request failed: ${(err as Error).message}`);
    if (!res.headersSent) {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { code: "internal", message: "The tool host failed on this request; see the sidecar log." } }));
    } else res.destroy();
  }
}
