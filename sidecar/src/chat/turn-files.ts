import { randomBytes } from "node:crypto";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import type { HookCallbackRequest } from "../protocol/claude/inbound.js";
import type { OutHooks } from "../protocol/claude/outbound.js";
import type { ChatEventOf, TurnFile, TurnFileChange } from "../protocol/chat-events.js";
import { AgentPanelError } from "../shared/errors.js";
import { rateLimitedLog } from "../shared/log-limit.js";
import { fileDiff } from "./turn-file-diff.js";
import { writeAtomic } from "../shared/atomic-write.js";
import { fileStateNow, sha, turnFilesRoot, TurnFileStore, type FileState, type ManifestFile, type TurnFileLimits, type TurnManifest } from "./turn-file-store.js";

// Per-turn copies of the files claude writes, so a turn's file changes can be listed and reverted.
// claude calls our PreToolUse hook before every Write/Edit/MultiEdit/NotebookEdit and waits: the
// first time a turn touches a path, its bytes are copied before we let the tool go on. At the turn's
// end the files are read again (turn_files); chat.revertFiles puts the copies back. A copy problem
// never blocks a tool: the file is only marked not revertible.

/** The callback id of our PreToolUse hook (what claude sends back in hook_callback). */
export const SNAPSHOT_HOOK_ID = "agent_panel_turn_files";

const stderrLog = rateLimitedLog((line) => void process.stderr.write(`[agent-panel] ${line}\n`));

/** The sidecar log's line for turn-file matters (rate-limited: a runaway turn cannot flood it). */
export function logTurnFiles(line: string): void {
  stderrLog("turn files", `turn files: ${line}`);
}

/** The hooks the chat registers in initialize. */
export const TURN_FILE_HOOKS: OutHooks = { PreToolUse: [{ matcher: "Write|Edit|MultiEdit|NotebookEdit", hookCallbackIds: [SNAPSHOT_HOOK_ID] }] };

/** Where copies go and how many are kept (ChatOptions.turnFiles). */
export interface TurnFilesOptions {
  /** Folder name of this chat's copies (the bridge gives its chat id; default a random one). */
  key?: string;
  /** Root of every chat's copies (default <project>/Library/AgentPanel/turn-files). */
  root?: string;
  limits?: TurnFileLimits;
  /** Where copy problems are logged, one line each without a prefix (default: the sidecar log, as "turn files: …"). */
  log?: (line: string) => void;
}

/** What chat.revertFiles did. */
export interface RevertOutcome {
  restored: string[];
  skipped: { path: string; reason: string }[];
}

interface OpenTurn {
  manifest: TurnManifest;
  /** Per path: the copy in progress or done (first copy wins). */
  copies: Map<string, Promise<void>>;
}

/** The turn-file copies of one chat: hook → copy, turn end → turn_files, revert. State: open turns (copying) and finished ones (manifest on disk). */
export class TurnFiles {
  private readonly open = new Map<string, OpenTurn>();
  private readonly store: TurnFileStore;
  private readonly log: (line: string) => void;
  private pruning: Promise<void> = Promise.resolve();

  constructor(
    private readonly projectRoot: string,
    options: TurnFilesOptions = {},
  ) {
    this.store = new TurnFileStore(options.root ?? turnFilesRoot(projectRoot), options.key ?? `chat-${randomBytes(4).toString("hex")}`, options.limits);
    this.log = options.log ?? logTurnFiles;
  }

  /** A PreToolUse hook fired: the turn_file_write event to send now, and a promise that settles (never rejects) once the copy is kept. */
  touch(turnId: string, cwd: string, hook: HookCallbackRequest): { event?: ChatEventOf<"turn_file_write">; ready: Promise<void> } {
    const input = hook.input;
    const given = input.tool_input?.file_path ?? input.tool_input?.notebook_path;
    const toolUseId = input.tool_use_id ?? hook.tool_use_id ?? "";
    const tool = input.tool_name ?? "unknown";
    if (typeof given !== "string" || given === "") {
      this.log(`a ${tool} hook without a file path; nothing copied`);
      return { ready: Promise.resolve() };
    }
    const where = this.where(resolve(input.cwd ?? cwd, given));
    const event: ChatEventOf<"turn_file_write"> = { type: "turn_file_write", turnId, toolUseId, tool, ...where };
    let turn = this.open.get(turnId);
    if (!turn) {
      turn = { manifest: { version: 1, chat: this.store.chat, turnId, startedAt: Date.now(), files: [] }, copies: new Map() };
      this.open.set(turnId, turn);
    }
    const already = turn.copies.get(where.path);
    if (already) return { event, ready: already };
    const entry: ManifestFile = { ...where, tool, toolUseId, before: { exists: false, bytes: null, sha256: null, mtimeMs: null }, revertible: false, reason: "the copy was not finished" };
    turn.manifest.files.push(entry);
    const index = turn.manifest.files.length - 1;
    const ready = this.store.keep(turnId, index, where.path).then(
      (kept) => {
        Object.assign(entry, kept);
        if (kept.reason === undefined) delete entry.reason;
        else if (!kept.revertible && kept.reason.startsWith("the copy failed")) this.log(`could not copy ${where.path} before ${tool}; it cannot be reverted: ${kept.reason}`);
      },
      (err: unknown) => {
        entry.reason = `the copy failed (${err instanceof Error ? err.message : String(err)})`;
        this.log(`could not copy ${where.path} before ${tool}; it cannot be reverted: ${entry.reason}`);
      },
    );
    turn.copies.set(where.path, ready);
    return { event, ready };
  }

  /** Resolves once the old copies beyond the bounds are removed (tests; the chat does not wait). */
  whenPruned(): Promise<void> {
    return this.pruning;
  }

  /** Whether a turn is still collecting copies (it has not ended). */
  isOpen(turnId: string): boolean {
    return this.open.has(turnId);
  }

  /** The turn ended: read its files again, save the manifest, and return the turn_files event (undefined if it wrote nothing). */
  finish(turnId: string): ChatEventOf<"turn_files"> | undefined {
    const turn = this.open.get(turnId);
    if (!turn) return undefined;
    this.open.delete(turnId);
    const files = turn.manifest.files.map((f) => this.measure(turnId, f));
    turn.manifest.finishedAt = Date.now();
    try {
      this.store.writeManifest(turn.manifest);
      this.pruning = this.pruning.then(() => this.store.prune()).catch((err: unknown) => this.log(`pruning old copies failed: ${err instanceof Error ? err.message : String(err)}`));
    } catch (err) {
      this.log(`could not save the list of turn ${turnId}'s files; they cannot be reverted: ${err instanceof Error ? err.message : String(err)}`);
      for (const f of files) f.revertible = false;
    }
    return { type: "turn_files", turnId, files };
  }

  /** Put a finished turn's files back. Refuses (files_changed_since) when a file changed after the turn, unless `force`. */
  revert(turnId: string, options: { force?: boolean; paths?: string[] } = {}): RevertOutcome {
    if (this.open.has(turnId)) throw new AgentPanelError("turn_running", "This turn is still running; wait until it ends (or interrupt it), then revert its files.");
    const manifest = this.store.readManifest(turnId);
    if (!manifest) {
      throw new AgentPanelError("turn_not_found", `No file copies of turn ${turnId} in this chat. Copies are kept for the last ${this.store.limits.maxTurnsPerChat} turns of a chat that wrote files.`);
    }
    const wanted = options.paths ? new Set(options.paths.map((p) => resolve(this.projectRoot, p))) : undefined;
    const files = manifest.files.filter((f) => !wanted || wanted.has(f.path));
    const skipped: RevertOutcome["skipped"] = [];
    const todo = files.filter((f) => {
      if (f.revertible && f.after) return true;
      skipped.push({ path: f.path, reason: f.reason ?? "no copy was kept" });
      return false;
    });
    const changed = todo.filter((f) => !sameState(fileStateNow(f.path, this.store.limits.maxFileBytes), f.after!)).map((f) => f.path);
    if (changed.length > 0 && options.force !== true) {
      throw new AgentPanelError(
        "files_changed_since",
        `${changed.length} file(s) changed after this turn (by you or a later turn): ${changed.slice(0, 5).join(", ")}. Confirm, then revert again with force to overwrite them.`,
        {
          details: { paths: changed },
        },
      );
    }
    const restored: string[] = [];
    for (const f of todo) {
      try {
        if (!f.before.exists) rmSync(f.path, { force: true });
        else {
          mkdirSync(dirname(f.path), { recursive: true });
          writeAtomic(f.path, this.store.readCopy(turnId, f.copy!));
        }
        restored.push(f.path);
      } catch (err) {
        skipped.push({ path: f.path, reason: `could not restore it (${err instanceof Error ? err.message : String(err)})` });
      }
    }
    return { restored, skipped };
  }

  /** A file's card line at the turn's end (and its "after" state in the manifest). */
  private measure(turnId: string, f: ManifestFile): TurnFile {
    const hashLimit = this.store.limits.maxFileBytes;
    let after: FileState;
    try {
      after = fileStateNow(f.path, hashLimit);
    } catch (err) {
      this.log(`could not read ${f.path} at the turn's end: ${err instanceof Error ? err.message : String(err)}`);
      return { ...this.whereOf(f), change: "modified", bytesBefore: f.before.bytes, bytesAfter: null, revertible: false };
    }
    f.after = after;
    let beforeBytes: Buffer | null = null;
    let afterBytes: Buffer | null = null;
    try {
      beforeBytes = f.copy ? this.store.readCopy(turnId, f.copy) : null;
      afterBytes = after.exists && after.sha256 !== null ? readFileOrNull(f.path) : null;
    } catch (err) {
      this.log(`could not compare ${f.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const change = changeOf(f.before, after, beforeBytes);
    const diffable = change !== "unchanged" && (!f.before.exists || beforeBytes !== null) && (!after.exists || afterBytes !== null);
    const diff = diffable ? fileDiff(f.relPath ?? f.path, f.before.exists ? beforeBytes : null, after.exists ? afterBytes : null) : undefined;
    return { ...this.whereOf(f), change, bytesBefore: f.before.bytes, bytesAfter: after.bytes, revertible: f.revertible, ...(diff !== undefined ? { diff } : {}) };
  }

  private whereOf(f: ManifestFile): Pick<TurnFile, "path" | "relPath" | "assetPath"> {
    return { path: f.path, ...(f.relPath !== undefined ? { relPath: f.relPath } : {}), ...(f.assetPath !== undefined ? { assetPath: f.assetPath } : {}) };
  }

  /** Absolute, project-relative and asset forms of a path. */
  private where(path: string): Pick<TurnFile, "path" | "relPath" | "assetPath"> {
    const rel = relative(this.projectRoot, path);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return { path };
    const relPath = rel.split(sep).join("/");
    return relPath.startsWith("Assets/") || relPath.startsWith("Packages/") ? { path, relPath, assetPath: relPath } : { path, relPath };
  }
}

/** created / modified / deleted / unchanged from the states before and after (and the copy's bytes when kept). */
function changeOf(before: FileState, after: FileState, beforeBytes: Buffer | null): TurnFileChange {
  if (!before.exists) return after.exists ? "created" : "unchanged";
  if (!after.exists) return "deleted";
  if (beforeBytes !== null && after.sha256 !== null) return sha(beforeBytes) === after.sha256 ? "unchanged" : "modified";
  return before.bytes === after.bytes && before.mtimeMs === after.mtimeMs ? "unchanged" : "modified";
}

/** Whether a file is still as the turn left it (by hash when known, else by size and time). */
function sameState(now: FileState, then: FileState): boolean {
  if (now.exists !== then.exists) return false;
  if (!now.exists) return true;
  if (now.sha256 !== null && then.sha256 !== null) return now.sha256 === then.sha256;
  return now.bytes === then.bytes && now.mtimeMs === then.mtimeMs;
}

function readFileOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}
