import type { ToolEntry, ToolProvider, ToolProviderStatus } from "./types.js";
import { readCatalogCache, writeCatalogCache, type CachedCatalog } from "./catalog-cache.js";

// The one catalog: every provider's entries merged in provider ordinal order (the order providers
// were added). A name offered twice is served by the first provider (and the first entry within a
// provider); the others are kept as diagnostics. Until a provider publishes, the entries it had
// when the catalog was last saved on disk stand in for it, so `tools/list` answers while Unity
// reloads, is closed, or the sidecar has just restarted.

/** A name that more than one entry claimed; `winner` is served, `shadowed` are not. */
export interface DuplicateTool {
  name: string;
  winner: string;
  shadowed: string[];
}

/** One served catalog entry and the provider that answers it. */
export interface CatalogItem {
  entry: ToolEntry;
  provider: ToolProvider;
  /** True while the entry comes from the on-disk cache (the provider has not published yet). */
  cached: boolean;
}

/** Options: where the catalog is cached (omit for no cache, e.g. in unit tests). */
export interface RegistryOptions {
  cacheFile?: string;
  log?: (line: string) => void;
}

/** The merged catalog of all providers, with change notifications. */
export class ToolRegistry {
  private readonly providers: { provider: ToolProvider; published: boolean; unsubscribe: () => void }[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly cache: CachedCatalog;
  private items = new Map<string, CatalogItem>();
  private duplicates: DuplicateTool[] = [];
  private version = 0;

  constructor(private readonly opts: RegistryOptions = {}) {
    this.cache = opts.cacheFile ? readCatalogCache(opts.cacheFile, opts.log) : {};
  }

  /** Add a provider after the existing ones (lower ordinal wins a duplicate name). */
  add(provider: ToolProvider): () => void {
    const slot = { provider, published: provider.list().length > 0, unsubscribe: () => {} };
    slot.unsubscribe = provider.subscribe(() => {
      slot.published = true;
      this.rebuild(true);
    });
    this.providers.push(slot);
    this.rebuild(slot.published);
    return () => {
      const i = this.providers.indexOf(slot);
      if (i < 0) return;
      slot.unsubscribe();
      this.providers.splice(i, 1);
      this.rebuild(false);
    };
  }

  /** Subscribe to catalog changes (names, schemas or annotations); returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every served entry, in provider ordinal order. */
  list(): ToolEntry[] {
    return [...this.items.values()].map((i) => i.entry);
  }

  /** The entry and provider serving `name`. */
  get(name: string): CatalogItem | undefined {
    return this.items.get(name);
  }

  /** The first provider of a kind (the definition tools reach Unity through it). */
  providerOf(kind: ToolProvider["kind"]): ToolProvider | undefined {
    return this.providers.find((s) => s.provider.kind === kind)?.provider;
  }

  /** Names claimed more than once (for diagnostics, `agent-panel tools --json`, /health). */
  diagnostics(): { duplicates: DuplicateTool[] } {
    return { duplicates: this.duplicates.map((d) => ({ ...d, shadowed: [...d.shadowed] })) };
  }

  /** Increases on every change; lets transports skip work when nothing changed. */
  get revision(): number {
    return this.version;
  }

  /** Ask every provider that can to rebuild its catalog (`GET /tools?refresh=1`). */
  async refresh(): Promise<void> {
    await Promise.all(this.providers.map((s) => s.provider.refresh?.()));
  }

  /** Connection state of each provider that reports one (e.g. Unity). */
  statuses(): { id: string; kind: string; status: ToolProviderStatus }[] {
    return this.providers.flatMap((s) => (s.provider.status ? [{ id: s.provider.id, kind: s.provider.kind, status: s.provider.status() }] : []));
  }

  /** Stop listening to providers (the sidecar is closing). */
  close(): void {
    for (const s of this.providers) s.unsubscribe();
    this.listeners.clear();
  }

  private rebuild(save: boolean): void {
    const next = new Map<string, CatalogItem>();
    const dups = new Map<string, DuplicateTool>();
    for (const slot of this.providers) {
      const live = slot.published ? slot.provider.list() : [];
      const fromCache = !slot.published && live.length === 0;
      const entries = fromCache ? (this.cache[slot.provider.id] ?? []) : live;
      for (const entry of entries) {
        const owner = next.get(entry.name);
        if (owner === undefined) {
          next.set(entry.name, { entry, provider: slot.provider, cached: fromCache });
          continue;
        }
        const d = dups.get(entry.name) ?? { name: entry.name, winner: owner.provider.id, shadowed: [] };
        d.shadowed.push(slot.provider.id);
        dups.set(entry.name, d);
      }
    }
    const changed = !sameCatalog(this.items, next);
    this.items = next;
    this.duplicates = [...dups.values()];
    for (const d of this.duplicates) this.opts.log?.(`tool "${d.name}" is offered by ${[d.winner, ...d.shadowed].join(", ")}; ${d.winner} serves it`);
    if (save) this.save();
    if (!changed) return;
    this.version++;
    for (const l of [...this.listeners]) l();
  }

  private save(): void {
    if (!this.opts.cacheFile) return;
    for (const slot of this.providers) if (slot.published) this.cache[slot.provider.id] = [...slot.provider.list()];
    try {
      writeCatalogCache(this.opts.cacheFile, this.cache);
    } catch (err) {
      this.opts.log?.(`cannot save the tool catalog cache: ${(err as Error).message}`);
    }
  }
}

function sameCatalog(a: Map<string, CatalogItem>, b: Map<string, CatalogItem>): boolean {
  if (a.size !== b.size) return false;
  for (const [name, item] of a) {
    const other = b.get(name);
    if (!other || other.provider !== item.provider || JSON.stringify(other.entry) !== JSON.stringify(item.entry)) return false;
  }
  return true;
}
