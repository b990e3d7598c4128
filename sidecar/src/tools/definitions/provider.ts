import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { errorResult, type CatalogListener, type ToolCallContext, type ToolEntry, type ToolProvider, type ToolResult } from "../types.js";
import type { UnityInternalOperation } from "../unity-provider.js";
import { definitionEntry } from "./entry.js";
import { loadDefinitions, type DefinitionDirs, type DefinitionSet, type LoadedDefinition } from "./load.js";
import type { ProbeDefinition } from "./schema.js";
import { runSequence } from "./sequence.js";
import { inUndoGroup } from "./undo-group.js";
import { watchFolders } from "./watch.js";

// The JSON definition tools as one provider: loads both folders, publishes what passed, reloads
// when a file changes (the registry then tells MCP clients tools/list_changed), and runs calls —
// sequences here, through the invoker; probes and scripts in Unity, as the Editor host's internal
// operations `definition_probe` and `definition_script`.

/** Unity's side, as the definition provider needs it (the Unity tool provider). */
export interface UnityOperations {
  invokeInternal(operation: UnityInternalOperation, args: Record<string, unknown>, ctx: ToolCallContext, safe: boolean): Promise<ToolResult>;
}

/** What the provider is built from. */
export interface DefinitionProviderOptions {
  dirs: DefinitionDirs;
  /** The catalog's other tools (a sequence's steps; a destructive step makes the sequence destructive). */
  catalog: (name: string) => ToolEntry | undefined;
  /** Call a tool through the invoker and wait for its result (a sequence's steps). */
  call: (tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolResult>;
  /** The Unity provider, when this sidecar has one (probes and scripts need it). */
  unity?: () => UnityOperations | undefined;
  /** Watch the folders and reload on change (default true); tests may reload by hand. */
  watch?: boolean;
  debounceMs?: number;
  log?: (line: string) => void;
}

/** The definition tools of one project. */
export class DefinitionProvider implements ToolProvider {
  readonly id = "definitions";
  readonly kind = "definition" as const;
  private set: DefinitionSet = { loaded: [], rejected: [] };
  private entries: ToolEntry[] = [];
  private readonly listeners = new Set<CatalogListener>();
  private readonly stopWatching: () => void;

  constructor(private readonly opts: DefinitionProviderOptions) {
    for (const dir of [opts.dirs.project, opts.dirs.shared]) {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (err) {
        opts.log?.(`definition folder ${dir} cannot be created: ${(err as Error).message}`);
      }
    }
    this.reload();
    this.stopWatching = opts.watch === false ? () => {} : watchFolders([opts.dirs.project, opts.dirs.shared], opts.debounceMs ?? 150, () => this.reload());
  }

  list(): readonly ToolEntry[] {
    return this.entries;
  }

  subscribe(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What was loaded and what was rejected, with why (definitions_list). */
  current(): DefinitionSet {
    return this.set;
  }

  /** Read both folders again; listeners hear of it only when the published catalog changed. */
  reload(): void {
    this.set = loadDefinitions(this.opts.dirs, this.opts.catalog);
    const entries = this.set.loaded.map(definitionEntry);
    const changed = JSON.stringify(entries) !== JSON.stringify(this.entries);
    this.entries = entries;
    if (changed) for (const l of [...this.listeners]) l();
  }

  async refresh(): Promise<void> {
    this.reload();
  }

  async invoke(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    return this.run(name, args, ctx, false);
  }

  async dryRun(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    return this.run(name, args, ctx, true);
  }

  /** A sequence takes no main-thread turn of its own (its steps take theirs), even when its undoGroup makes it mainThread. */
  composite(name: string): boolean {
    return this.set.loaded.some((x) => x.def.name === name && x.def.kind === "sequence");
  }

  /** Stop watching the folders. */
  close(): void {
    this.stopWatching();
  }

  private async run(name: string, args: Record<string, unknown>, ctx: ToolCallContext, dryRun: boolean): Promise<ToolResult> {
    const d = this.set.loaded.find((x) => x.def.name === name);
    if (!d) return errorResult("unknown_tool", `The definition tool "${name}" is no longer loaded (its file changed or was removed); list the tools again.`);
    if (d.def.kind === "sequence") return this.sequence(d, d.def, args, ctx, dryRun);
    const unity = this.opts.unity?.();
    if (!unity) return errorResult("unity_unavailable", `${name} runs in the Unity Editor, and this sidecar has no Unity connection; open the project in Unity with the Agent Panel package.`);
    if (d.def.kind === "probe") return unity.invokeInternal("definition_probe", probeArgs(d, d.def, args), ctx, true);
    let source: string;
    try {
      source = readFileSync(d.scriptFile!, "utf8"); // read on every call: editing the .cs applies to the next call
    } catch (err) {
      return errorResult(
        "script_missing",
        `${name}: its script ${d.scriptFile} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); restore the file or fix "file" in ${d.file}.`,
      );
    }
    const hash = createHash("sha256").update(source).digest("hex");
    return unity.invokeInternal("definition_script", { definition: name, file: d.scriptFile, source, hash, args, dryRun, mainThread: d.def.mainThread ?? true }, ctx, d.def.idempotency === "safe");
  }

  private async sequence(d: LoadedDefinition, def: Extract<LoadedDefinition["def"], { kind: "sequence" }>, args: Record<string, unknown>, ctx: ToolCallContext, dryRun: boolean): Promise<ToolResult> {
    const steps = () => runSequence(def, { args, dryRun, signal: ctx.signal, isDestructive: (tool) => this.isDestructive(tool) }, (tool, stepArgs) => this.opts.call(tool, stepArgs, ctx.signal));
    const unity = def.undoGroup !== undefined && !dryRun ? this.opts.unity?.() : undefined;
    if (!unity) return this.sequenceResult(d, def, await steps(), dryRun);
    // One Undo step for the whole sequence: Unity opens a group before the first step and joins every step's group into it after the last.
    const grouped = await inUndoGroup(unity, def.name, def.undoGroup!, ctx, async () => this.sequenceResult(d, def, await steps(), false));
    if (grouped.closeError === undefined) return grouped.result;
    const note = `Note: Unity could not join the steps into one Undo step (${grouped.closeError}); each step is its own Undo step.`;
    return { ...grouped.result, content: [...grouped.result.content, { type: "text", text: note }] };
  }

  private sequenceResult(d: LoadedDefinition, def: Extract<LoadedDefinition["def"], { kind: "sequence" }>, out: Awaited<ReturnType<typeof runSequence>>, dryRun: boolean): ToolResult {
    const structured = { steps: out.steps };
    if (dryRun) return { ok: true, content: [{ type: "text", text: `${d.def.name} would run ${def.steps.length} steps; its destructive steps say:\n${out.preview || "(none)"}` }], structured };
    const text = JSON.stringify(structured);
    if (out.ok) return { ok: true, content: [{ type: "text", text }], structured };
    const failed = out.steps[out.steps.length - 1]!;
    const message = `${d.def.name} stopped at step "${failed.id}" (${failed.tool}): ${failed.error?.message ?? "it failed"}`;
    return { ok: false, content: [{ type: "text", text }], structured, error: { code: "step_failed", message } };
  }

  private isDestructive(tool: string): boolean {
    const own = this.set.loaded.find((x) => x.def.name === tool);
    return own ? own.destructive : this.opts.catalog(tool)?.annotations.destructive === true;
  }
}

function probeArgs(d: LoadedDefinition, def: ProbeDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const input = typeof args.input === "string" ? args.input : (Object.values(args).find((v): v is string => typeof v === "string") ?? "");
  return {
    definition: def.name,
    hash: d.hash, // change tracking starts over when the definition changes
    mode: def.mode ?? "all",
    reads: def.reads.map((r) => ({ id: r.id, path: r.path.split("{input}").join(input) })),
  };
}
