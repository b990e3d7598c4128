import { readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import treeKill from "tree-kill";
import { watchClaudeChildren } from "../../claude/children.js";
import { baseArgs } from "../../claude/spawn.js";
import { writeFileAtomic } from "../../shared/descriptor-io.js";
import { systemProcessTable, type ProcessTable } from "./process-table.js";

// claude processes lead their own process groups, so a SIGKILL of the sidecar leaves them (and
// their tool children) running, reparented. The sidecar therefore keeps `<hash>.children.json`
// beside its descriptor (0600 in the 0700 folder): its own PID and start time, and per claude
// process the PID, start time and command line. At start-up the next sidecar ends the processes
// listed there — only those that are provably the recorded ones (same PID, same start time, same
// command line, and that line is a claude chat's), never a PID some other program got since.

/** One recorded claude process. */
export interface ChildRecord {
  pid: number;
  startTime: string;
  command: string;
}

/** The ledger file's content. */
export interface LedgerFile {
  sidecar: { pid: number; startTime?: string };
  children: ChildRecord[];
}

/** What ending the orphans did. */
export interface OrphanReport {
  ended: number[];
  /** PIDs listed but not ended, with why (gone, recycled, not claude, owner alive). */
  skipped: Array<{ pid: number; reason: string }>;
}

/** `<dir>/<hash>.children.json`: deliberately not matching the descriptor name /^[0-9a-f]{16}\.json$/. */
export function ledgerFile(paths: { dir: string; hash: string }): string {
  return path.join(paths.dir, `${paths.hash}.children.json`);
}

/**
 * End the claude processes a previous sidecar of this project left behind, then return the ledger
 * this sidecar keeps from now on. Call while holding the instance lock, after deciding the previous
 * sidecar is gone.
 */
export async function takeOverLedger(file: string, log: (line: string) => void, table: ProcessTable = systemProcessTable()): Promise<ChildLedger> {
  const report = await endOrphans(file, table, log);
  if (report.ended.length > 0) log(`ended ${report.ended.length} claude process(es) left by the previous sidecar: ${report.ended.join(", ")}`);
  for (const s of report.skipped) log(`left process ${s.pid} of the previous sidecar's list alone: ${s.reason}`);
  return new ChildLedger(file, table, log);
}

/** Kill every process the ledger lists that is verifiably still the recorded one, with its tree. */
export async function endOrphans(file: string, table: ProcessTable, log: (line: string) => void, kill: (pid: number) => void = killTreeAndGroup, waitMs = 3000): Promise<OrphanReport> {
  const ledger = readLedger(file);
  const report: OrphanReport = { ended: [], skipped: [] };
  if (!ledger) return report;
  const owner = ledger.sidecar;
  if (owner.pid !== process.pid && owner.startTime !== undefined && table.startTime(owner.pid) === owner.startTime) {
    for (const c of ledger.children) report.skipped.push({ pid: c.pid, reason: `its sidecar (pid ${owner.pid}) still runs` });
    return report;
  }
  for (const child of ledger.children) {
    const reason = notOurs(child, table);
    if (reason !== undefined) {
      report.skipped.push({ pid: child.pid, reason });
      continue;
    }
    try {
      kill(child.pid);
      report.ended.push(child.pid);
    } catch (err) {
      log(`could not end process ${child.pid}: ${(err as Error).message}`);
      report.skipped.push({ pid: child.pid, reason: "kill failed" });
    }
  }
  const end = Date.now() + waitMs;
  while (report.ended.some((pid) => table.startTime(pid) !== undefined) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return report;
}

/** Why a recorded child must not be touched, or undefined when it is provably the one recorded. */
export function notOurs(child: ChildRecord, table: ProcessTable): string | undefined {
  const started = table.startTime(child.pid);
  if (started === undefined) return "not running (or its start time cannot be read on this system)";
  if (started !== child.startTime) return "the PID now belongs to another process (different start time)";
  const command = table.commandLine(child.pid);
  if (command !== child.command) return "its command line differs from the recorded one";
  if (!isClaudeChatCommand(command)) return "the recorded command line is not a claude chat's";
  return undefined;
}

/** True for the command line of a claude process started by a chat (our stream-json flags in order). */
export function isClaudeChatCommand(command: string): boolean {
  return command.includes(baseArgs.join(" "));
}

/** The claude processes this sidecar runs, mirrored to disk on every start and exit. */
export class ChildLedger {
  private readonly children = new Map<number, ChildRecord>();
  private readonly unwatch: () => void;
  private readonly self: LedgerFile["sidecar"];

  constructor(
    private readonly file: string,
    private readonly table: ProcessTable,
    private readonly log: (line: string) => void,
  ) {
    const startTime = table.startTime(process.pid);
    this.self = { pid: process.pid, ...(startTime !== undefined ? { startTime } : {}) };
    this.write();
    this.unwatch = watchClaudeChildren((event, pid) => (event === "spawn" ? this.add(pid) : this.remove(pid)));
  }

  /** PIDs currently recorded (tests, diagnostics). */
  pids(): number[] {
    return [...this.children.keys()];
  }

  /** Stop following; remove the file when nothing is left running (a clean shutdown). */
  close(): void {
    this.unwatch();
    if (this.children.size > 0) return;
    try {
      unlinkSync(this.file);
    } catch {
      // already gone
    }
  }

  private add(pid: number): void {
    const startTime = this.table.startTime(pid);
    const command = this.table.commandLine(pid);
    // Without both facts the process could never be verified later; it is not recorded.
    if (startTime === undefined || command === undefined) return;
    this.children.set(pid, { pid, startTime, command });
    this.write();
  }

  private remove(pid: number): void {
    if (this.children.delete(pid)) this.write();
  }

  private write(): void {
    try {
      writeFileAtomic(this.file, JSON.stringify({ sidecar: this.self, children: [...this.children.values()] } satisfies LedgerFile));
    } catch (err) {
      this.log(`could not write ${this.file}: ${(err as Error).message}`);
    }
  }
}

function readLedger(file: string): LedgerFile | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
  const l = parsed as Partial<LedgerFile>;
  if (typeof l !== "object" || l === null || typeof l.sidecar?.pid !== "number" || !Array.isArray(l.children)) return undefined;
  const children = l.children.filter((c): c is ChildRecord => typeof c?.pid === "number" && Number.isInteger(c.pid) && c.pid > 0 && typeof c.startTime === "string" && typeof c.command === "string");
  return { sidecar: l.sidecar, children };
}

/**
 * SIGKILL the process tree (found while it is intact), then its process group (POSIX: it leads
 * one; a group's id is not reused while any member lives), reaching children already reparented.
 */
function killTreeAndGroup(pid: number): void {
  treeKill(pid, "SIGKILL", () => {
    if (process.platform === "win32") return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // the group is already empty
    }
  });
}
