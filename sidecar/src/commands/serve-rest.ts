import type { IncomingMessage, ServerResponse } from "node:http";
import type { DescriptorPaths } from "../shared/descriptor.js";
import type { DefinitionTools } from "../tools/definitions/serve.js";
import type { ToolHost } from "../tools/host.js";
import type { ServeContext, ServeHooks } from "./serve.js";

// What `agent-panel serve` needs only once something uses the sidecar: the tool host (MCP SDK, JSON
// Schema validation), the native and definition tools, the chat engine and the browser panel. It is
// loaded on the first request or client, after the descriptor is written, so the sidecar announces
// itself quickly and one nobody has used yet stays small (docs/sidecar.md, "Start-up").

/** The loaded side of a running sidecar. */
export interface ServeRest {
  tools: ToolHost;
  /** The authenticated HTTP routes: the compose card's media (/mml/…), then the tool host's. */
  route: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** Routes with a proof of their own instead of the token (the compose card's media URLs). */
  proofRoute: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  hooks: ServeHooks;
  definitions: DefinitionTools;
}

/** What loading the rest needs from the serve command. */
export interface ServeRestOptions {
  paths: DescriptorPaths;
  claude?: string;
  syncWaitMs?: number;
  unityWaitMs?: number;
  testTools: boolean;
  version: string;
  log: (line: string) => void;
  createHooks: (ctx: ServeContext) => ServeHooks | Promise<ServeHooks>;
  /** Start loading createHooks' modules now, in parallel with the tool host's. */
  preloadHooks?: () => void;
  /** Where the server listens; the chats point their claude at its /mcp. */
  endpoint: { port: number; token: string };
}

/** Import and build the tool host, the native tools, the chat hooks and the definition tools. */
export async function loadServeRest(o: ServeRestOptions): Promise<ServeRest> {
  o.preloadHooks?.();
  const [{ ToolHost }, { catalogCacheFile }, { composeMmlProvider }, { GeneratedAudio }, { mmlMediaRoutes }, defs, testProvider] = await Promise.all([
    import("../tools/host.js"),
    import("../tools/catalog-cache.js"),
    import("../mml/tool.js"),
    import("../mml/generated-audio.js"),
    import("../mml/media-route.js"),
    import("../tools/definitions/serve.js"),
    o.testTools ? import("../tools/test-provider.js") : undefined,
  ]);
  const { paths, log } = o;
  const tools = new ToolHost({ version: o.version, cacheFile: catalogCacheFile(paths), syncWaitMs: o.syncWaitMs, log });
  let hooks: ServeHooks | undefined;
  try {
    // Native tools, before Unity's (an earlier provider wins a duplicate name).
    const audio = new GeneratedAudio();
    tools.addProvider(
      composeMmlProvider(() => ({ projectRoot: paths.project, stateDir: paths.dir, importAsset: tools.importAsset, onWritten: audio.record, wasGenerated: (real) => audio.has(real) })),
    );
    // The browser panel's compose card fetches the WAV and the note sequence here.
    const media = mmlMediaRoutes({ projectRoot: paths.project, stateDir: paths.dir, generated: audio, token: o.endpoint.token });
    // Test mode (conformance run, acceptance tests): a provider of sample tools, never otherwise.
    if (testProvider) tools.addProvider(new testProvider.TestToolProvider());
    hooks = await o.createHooks({
      project: paths.project,
      claudePath: o.claude,
      version: o.version,
      log,
      tools,
      stateDir: paths.dir,
      ...(o.unityWaitMs !== undefined ? { unityWaitMs: o.unityWaitMs } : {}),
    });
    // JSON definition tools, after Unity's: probes and scripts run in Unity, sequences here.
    const definitions = defs.addDefinitionTools(tools, defs.definitionDirs(paths.dir, paths.hash), log);
    hooks.onListening?.(o.endpoint);
    return { tools, hooks, definitions, route: (req, res, pathname) => media.route(req, res, pathname) || tools.route(req, res, pathname), proofRoute: media.proofRoute };
  } catch (err) {
    await hooks?.closeAll().catch(() => {});
    await tools.close().catch(() => {});
    throw err;
  }
}

/** A value built once, on first use: callers wait for it only while it is loading. */
export class OnDemand<T> {
  private promise: Promise<T> | undefined;
  private value: T | undefined;
  private failed = false;

  constructor(private readonly load: () => Promise<T>) {}

  /** The loaded value, if loading has finished. */
  get current(): T | undefined {
    return this.value;
  }

  /** True while a started load has neither finished nor failed (the sidecar is busy, not idle). */
  get loading(): boolean {
    return this.promise !== undefined && this.value === undefined && !this.failed;
  }

  /** Start loading (once) and resolve with the value; a failed load stays failed. */
  get(): Promise<T> {
    this.promise ??= this.load().then(
      (v) => (this.value = v),
      (err: unknown) => {
        this.failed = true;
        throw err;
      },
    );
    return this.promise;
  }

  /** Undefined once loaded (the caller goes on synchronously), otherwise the pending load. */
  readonly ready = (): Promise<void> | undefined => (this.value !== undefined ? undefined : this.get().then(() => undefined));

  /** The value if a load was started (waiting for it to finish), undefined if never used or failed. */
  async settled(): Promise<T | undefined> {
    if (!this.promise) return undefined;
    return this.promise.catch(() => undefined);
  }
}
