import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

// What the orphan ledger needs to know about a process to be sure it is the one it recorded and
// not an unrelated program that got the same PID later: when it started and its command line.
// Linux reads /proc; macOS asks ps; elsewhere (Windows) nothing is known, so nothing is ever killed.

/** Facts about running processes; injectable so tests use a fake table. */
export interface ProcessTable {
  /** An opaque start time that differs for two processes that had the same PID; undefined when unknown or gone. */
  startTime(pid: number): string | undefined;
  /** The process's command line, arguments joined by spaces; undefined when unknown or gone. */
  commandLine(pid: number): string | undefined;
}

/** The table of this machine. */
export function systemProcessTable(platform: NodeJS.Platform = process.platform): ProcessTable {
  if (platform === "linux") return { startTime: linuxStartTime, commandLine: linuxCommandLine };
  if (platform === "darwin") return { startTime: (pid) => ps(pid, "lstart="), commandLine: (pid) => ps(pid, "command=") };
  return { startTime: () => undefined, commandLine: () => undefined };
}

/** /proc/<pid>/stat field 22 (start time in clock ticks since boot); a zombie counts as gone. */
export function linuxStartTime(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // Field 2 is "(comm)" and may contain spaces or parentheses: fields 3.. start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return undefined;
  return fields[22 - 3];
}

function linuxCommandLine(pid: number): string | undefined {
  const raw = readText(`/proc/${pid}/cmdline`);
  if (raw === undefined || raw === "") return undefined;
  return raw.replace(/\0+$/, "").split("\0").join(" ");
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function ps(pid: number, field: string): string | undefined {
  try {
    const out = execFileSync("ps", ["-o", field, "-p", String(pid)], { encoding: "utf8", timeout: 2000, stdio: ["ignore", "pipe", "ignore"] }).trim();
    return out === "" ? undefined : out;
  } catch {
    return undefined;
  }
}
