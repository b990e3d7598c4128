import { chmodSync, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { writeAtomic } from "./atomic-write.js";
import { AgentPanelError } from "./errors.js";

// Reading and writing the descriptor file. Writes are atomic (temp file in the same directory,
// then rename) so a reader never sees half a file; files are 0600 in a 0700 directory because the
// descriptor carries the token.

/**
 * The descriptor content: what a running sidecar writes about itself. A file, not a protocol message,
 * and checked by hand: `serve` reads it before anything else is loaded, and zod alone would cost
 * more start-up time than the rest of what runs before the descriptor is written.
 */
export interface Descriptor {
  pid: number;
  port: number;
  token: string;
  version: string;
  startedAt: string;
  project: string;
}

/** The value as a descriptor, or undefined when a field is missing or of the wrong kind. */
export function parseDescriptor(value: unknown): Descriptor | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const int = (x: unknown, min: number, max: number): x is number => typeof x === "number" && Number.isInteger(x) && x >= min && x <= max;
  if (!int(v.pid, 1, Number.MAX_SAFE_INTEGER) || !int(v.port, 1, 65535)) return undefined;
  if (typeof v.token !== "string" || v.token === "" || typeof v.version !== "string" || typeof v.startedAt !== "string" || typeof v.project !== "string") return undefined;
  return { pid: v.pid, port: v.port, token: v.token, version: v.version, startedAt: v.startedAt, project: v.project };
}

/** Write the descriptor atomically with owner-only permissions. */
export function writeDescriptor(file: string, descriptor: Descriptor): void {
  writeFileAtomic(file, `${JSON.stringify(descriptor, null, 2)}\n`);
}

/** The descriptor at `file`, or undefined when it is missing or not a valid descriptor. */
export function readDescriptor(file: string): Descriptor | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    return parseDescriptor(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Delete the descriptor only if it still describes us (a newer sidecar may have replaced it). */
export function removeDescriptorIfOurs(file: string, ours: Pick<Descriptor, "pid" | "port" | "startedAt">): boolean {
  const current = readDescriptor(file);
  if (!current || current.pid !== ours.pid || current.port !== ours.port || current.startedAt !== ours.startedAt) return false;
  try {
    unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

/** Create `dir` (and parents) and make it owner-only on POSIX. */
export function ensurePrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== "win32") chmodSync(dir, 0o700);
  } catch (err) {
    throw new AgentPanelError("descriptor_dir", `Cannot create ${dir}; check that your user can write there.`, { cause: err });
  }
}

/** Replace `file` with `content` in one step, as a 0600 file in a private folder (see atomic-write.ts). */
export function writeFileAtomic(file: string, content: string): void {
  ensurePrivateDir(path.dirname(file));
  try {
    writeAtomic(file, content, 0o600);
  } catch (err) {
    throw new AgentPanelError("descriptor_write", `Cannot write ${file}; check free disk space and permissions.`, { cause: err });
  }
}
