import { AgentPanelError } from "../shared/errors.js";
import type { JournalEntry, PublishedTool, WakeMode } from "../protocol/panel/tools.js";
import { UnityCalls, type UnityCall } from "./unity-calls.js";
import type { CatalogListener, ToolCallContext, ToolEntry, ToolProgress, ToolProvider, ToolResult } from "./types.js";

// Unity as a tool provider over the panel WebSocket (decisions 8 and 9). One client at a time
// publishes a catalog and runs `tool.invoke`. Calls survive a domain reload: a call that finds
// Unity away waits (bounded) and runs after the reconnect; a call that was in flight when the
// socket dropped waits for Unity's journal and is retried only when that cannot run it twice.

/** Operations the Unity host runs without listing them as tools (JSON definition probes and scripts). */
export const UNITY_INTERNAL_OPERATIONS = ["definition_probe", "definition_script", "asset_import", "asset_open", "undo_group_begin", "undo_group_end"] as const;
/** One of UNITY_INTERNAL_OPERATIONS. */
export type UnityInternalOperation = (typeof UNITY_INTERNAL_OPERATIONS)[number];

/** How the provider sends to the connected client (the router's link). */
export interface ProviderLink {
  invoke(frame: { callId: string; tool: string; arguments: Record<string, unknown>; deadline: number; dryRun?: boolean }): void;
  cancel(callId: string, reason: string): void;
  /** Close the connection (a newer connection of the same provider took over). */
  close(reason: string): void;
}

/** One provider connection as the router drives it. */
export interface ProviderSession {
  /** The catalog, and how the Editor is woken for calls when it says so. */
  publish(catalog: PublishedTool[], wake?: WakeMode): number;
  journal(calls: JournalEntry[]): void;
  progress(callId: string, p: Partial<ToolProgress>): void;
  result(callId: string, result: ToolResult): void;
  /** The socket closed. */
  closed(): void;
}

/** Tuning (defaults are the product's). */
export interface UnityProviderOptions {
  /** How long a call waits for Unity to (re)connect. Default 90 s. */
  awayWaitMs?: number;
  /** Progress interval while a call waits for Unity (MCP clients reset their timeout on it). Default 5 s. */
  waitProgressMs?: number;
  log?: (line: string) => void;
}

/** Connection state for /health. */
export interface UnityProviderStatus {
  /** A tool-providing client (Unity) is connected. */
  connected: boolean;
  /** Calls waiting for Unity (reloading or closed), including those waiting for its journal. */
  queueDepth: number;
  /** Unity has published its catalog on the current connection (calls are sent at once). */
  ready: boolean;
  tools: number;
  /** Calls sent to Unity and not answered yet. */
  running: number;
  /** How the connected Editor is woken for calls, as its last publish said; null when not connected or not said. */
  wake: WakeMode | null;
}

/** The Unity tool provider; the router connects the tool-providing client to it. */
export class UnityToolProvider implements ToolProvider {
  readonly id = "unity";
  readonly kind = "unity" as const;
  /** Results arrive in tool.result and tools.journal frames, parsed against ToolResult by the router. */
  readonly checkedResults = true;
  private catalog: ToolEntry[] = [];
  private readonly listeners = new Set<CatalogListener>();
  private current: Connection | undefined;
  private readonly calls: UnityCalls;

  constructor(private readonly opts: UnityProviderOptions = {}) {
    this.calls = new UnityCalls({ awayWaitMs: opts.awayWaitMs ?? 90_000, waitProgressMs: opts.waitProgressMs ?? 5_000 }, (call) => {
      const conn = this.current;
      return conn?.send(call) ? conn : undefined;
    });
  }

  list(): readonly ToolEntry[] {
    return this.catalog;
  }

  subscribe(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  invoke(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    return this.calls.start(name, args, ctx, false, this.isSafe(name));
  }

  /**
   * Run one of the Editor host's internal operations (definition probes and scripts), which it
   * serves without listing them in its catalog; they wait for Unity and survive reloads like tools.
   */
  invokeInternal(operation: UnityInternalOperation, args: Record<string, unknown>, ctx: ToolCallContext, safe: boolean): Promise<ToolResult> {
    return this.calls.start(operation, args, ctx, false, safe);
  }

  dryRun(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    // A dry run changes nothing, so repeating it after a reload is always harmless.
    return this.calls.start(name, args, ctx, true, true);
  }

  status(): UnityProviderStatus {
    const counts = this.calls.counts();
    return {
      connected: this.current !== undefined,
      ready: this.current?.ready ?? false,
      tools: this.catalog.length,
      queueDepth: counts.waiting,
      running: counts.running,
      wake: this.current?.wake ?? null,
    };
  }

  /** Attach a client that said `provides: ["tools"]`; throws tools_provider_busy when another one is attached. */
  connect(link: ProviderLink, providerId?: string): ProviderSession {
    const old = this.current;
    if (old) {
      if (providerId === undefined || old.providerId !== providerId) {
        throw new AgentPanelError(
          "tools_provider_busy",
          'Another client already provides tools to this sidecar (one Unity Editor per project). Close the other Editor of this project, or connect without provides: ["tools"].',
        );
      }
      // The same Editor reconnected before its old socket was seen closing (a domain reload).
      this.opts.log?.("tool provider reconnected; dropping its previous connection");
      this.detach(old);
      old.link.close("replaced by a newer connection of the same tool provider");
    }
    const conn = new Connection(link, providerId);
    this.current = conn;
    return {
      publish: (catalog, wake) => this.publish(conn, catalog, wake),
      journal: (entries) => {
        if (this.current === conn) this.calls.settleJournal(entries);
      },
      progress: (callId, p) => this.calls.progress(conn, callId, p),
      result: (callId, result) => this.calls.finish(conn, callId, result),
      closed: () => this.detach(conn),
    };
  }

  /** Fail every waiting and running call (the sidecar is shutting down). */
  close(): void {
    this.calls.failAll("sidecar_stopping", "The sidecar is shutting down; call the tool again once it is back.");
  }

  private publish(conn: Connection, catalog: PublishedTool[], wake: WakeMode | undefined): number {
    if (this.current !== conn) return 0;
    conn.wake = wake ?? null;
    const entries = catalog.map((t): ToolEntry => ({ ...t, provider: "unity" }));
    const changed = JSON.stringify(entries) !== JSON.stringify(this.catalog);
    this.catalog = entries;
    const wasReady = conn.ready;
    conn.ready = true;
    if (changed || !wasReady) for (const listener of [...this.listeners]) listener();
    if (!wasReady) {
      // Calls the journal did not mention were cut by the reload too; then everything queued runs.
      this.calls.settleUnreported();
      this.calls.dispatchWaiting((name) => (UNITY_INTERNAL_OPERATIONS as readonly string[]).includes(name) || this.catalog.some((t) => t.name === name));
    }
    return entries.length;
  }

  private detach(conn: Connection): void {
    if (this.current !== conn) return;
    this.current = undefined;
    this.calls.connectionLost(conn);
  }

  private isSafe(name: string): boolean {
    return this.catalog.find((t) => t.name === name)?.annotations.idempotency === "safe";
  }
}

/** One provider connection: its link, and whether it has published (is ready for calls). */
export class Connection {
  ready = false;
  /** How the Editor on this connection is woken (from its last publish). */
  wake: WakeMode | null = null;
  constructor(
    readonly link: ProviderLink,
    readonly providerId: string | undefined,
  ) {}

  /** Send a call if this connection is ready; false otherwise (the call keeps waiting). */
  send(call: UnityCall): boolean {
    if (!this.ready) return false;
    this.link.invoke({ callId: call.callId, tool: call.name, arguments: call.args, deadline: call.ctx.deadline, ...(call.dryRun ? { dryRun: true } : {}) });
    return true;
  }
}
