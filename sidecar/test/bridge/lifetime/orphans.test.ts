import { mkdtempSync, readFileSync, rmSync, statSync, existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reportClaudeChild } from "../../../src/claude/children.js";
import { baseArgs } from "../../../src/claude/spawn.js";
import { ChildLedger, endOrphans, ledgerFile, type LedgerFile } from "../../../src/bridge/lifetime/orphans.js";
import type { ProcessTable } from "../../../src/bridge/lifetime/process-table.js";

// The orphan ledger with a fake process table: only a process that is provably the recorded claude
// (same PID, same start time, same claude command line) is ended; a recycled PID never is.

const CLAUDE = `/opt/claude ${baseArgs.join(" ")} --model x`;

/** A process table backed by a map: pid → {start, cmd}. */
function fakeTable(entries: Record<number, { start: string; cmd: string }>): ProcessTable & { entries: typeof entries } {
  return {
    entries,
    startTime: (pid) => entries[pid]?.start,
    commandLine: (pid) => entries[pid]?.cmd,
  };
}

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ap-orphans-"));
  file = ledgerFile({ dir, hash: "0123456789abcdef" });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeLedger(l: LedgerFile): void {
  writeFileSync(file, JSON.stringify(l));
}

describe("ending a previous sidecar's orphans", () => {
  it("names the ledger so the descriptor pattern never matches it", () => {
    expect(file.endsWith("0123456789abcdef.children.json")).toBe(true);
    expect(/^[0-9a-f]{16}\.json$/.test("0123456789abcdef.children.json")).toBe(false);
  });

  it("kills only the verified claude process; a recycled PID, a changed command and a dead PID are left alone", async () => {
    const table = fakeTable({
      101: { start: "5000", cmd: CLAUDE }, // ours, still running
      102: { start: "9999", cmd: CLAUDE }, // recycled: same pid, another start time
      103: { start: "6000", cmd: "/usr/bin/vim notes.txt" }, // same start time recorded, other program (paranoid case)
      105: { start: "7000", cmd: "/usr/bin/python3 server.py" }, // recorded with a non-claude command line
    });
    writeLedger({
      sidecar: { pid: 999_999, startTime: "1" },
      children: [
        { pid: 101, startTime: "5000", command: CLAUDE },
        { pid: 102, startTime: "5001", command: CLAUDE },
        { pid: 103, startTime: "6000", command: CLAUDE },
        { pid: 104, startTime: "6500", command: CLAUDE }, // gone
        { pid: 105, startTime: "7000", command: "/usr/bin/python3 server.py" },
      ],
    });
    const killed: number[] = [];
    const report = await endOrphans(
      file,
      table,
      () => undefined,
      (pid) => {
        killed.push(pid);
        delete table.entries[pid];
      },
      500,
    );
    expect(killed).toEqual([101]);
    expect(report.ended).toEqual([101]);
    expect(Object.fromEntries(report.skipped.map((s) => [s.pid, s.reason]))).toEqual({
      102: expect.stringContaining("another process"),
      103: expect.stringContaining("command line differs"),
      104: expect.stringContaining("not running"),
      105: expect.stringContaining("not a claude chat"),
    });
    expect(table.entries[102]).toBeDefined();
  });

  it("touches nothing while the sidecar that wrote the ledger still runs", async () => {
    const table = fakeTable({ 200: { start: "42", cmd: "node agent-panel.mjs serve" }, 201: { start: "5", cmd: CLAUDE } });
    writeLedger({ sidecar: { pid: 200, startTime: "42" }, children: [{ pid: 201, startTime: "5", command: CLAUDE }] });
    const killed: number[] = [];
    const report = await endOrphans(
      file,
      table,
      () => undefined,
      (pid) => killed.push(pid),
      100,
    );
    expect(killed).toEqual([]);
    expect(report.skipped[0]!.reason).toContain("still runs");
  });

  it("ignores a missing or malformed ledger", async () => {
    const kill = (): void => {
      throw new Error("must not kill");
    };
    expect(await endOrphans(file, fakeTable({}), () => undefined, kill, 10)).toEqual({ ended: [], skipped: [] });
    writeFileSync(file, "{not json");
    expect(await endOrphans(file, fakeTable({}), () => undefined, kill, 10)).toEqual({ ended: [], skipped: [] });
    writeFileSync(file, JSON.stringify({ sidecar: { pid: 1 }, children: [{ pid: "1; rm -rf", startTime: 1, command: CLAUDE }] }));
    expect(await endOrphans(file, fakeTable({}), () => undefined, kill, 10)).toEqual({ ended: [], skipped: [] });
  });
});

describe("the ledger a running sidecar keeps", () => {
  it("records each claude start with its start time and command line, drops it on exit, and is private", () => {
    const table = fakeTable({ [process.pid]: { start: "777", cmd: "node serve" }, 301: { start: "3001", cmd: CLAUDE } });
    const ledger = new ChildLedger(file, table, () => undefined);
    try {
      reportClaudeChild("spawn", 301);
      const written = JSON.parse(readFileSync(file, "utf8")) as LedgerFile;
      expect(written).toEqual({ sidecar: { pid: process.pid, startTime: "777" }, children: [{ pid: 301, startTime: "3001", command: CLAUDE }] });
      if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
      reportClaudeChild("exit", 301);
      expect((JSON.parse(readFileSync(file, "utf8")) as LedgerFile).children).toEqual([]);
      // A process whose facts cannot be read could never be verified later: not recorded.
      reportClaudeChild("spawn", 302);
      expect(ledger.pids()).toEqual([]);
    } finally {
      ledger.close();
    }
    expect(existsSync(file)).toBe(false);
    // After close it no longer follows starts.
    reportClaudeChild("spawn", 301);
    expect(existsSync(file)).toBe(false);
  });

  it("keeps the file when processes are still listed at close (a shutdown that could not stop them)", () => {
    const table = fakeTable({ 401: { start: "1", cmd: CLAUDE } });
    const ledger = new ChildLedger(file, table, () => undefined);
    reportClaudeChild("spawn", 401);
    ledger.close();
    expect((JSON.parse(readFileSync(file, "utf8")) as LedgerFile).children.map((c) => c.pid)).toEqual([401]);
  });
});
