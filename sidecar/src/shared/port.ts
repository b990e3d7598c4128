import { createServer } from "node:net";
import { AgentPanelError } from "./errors.js";
import { normalizeProjectRoot, rootDigest, type PlatformEnv } from "./descriptor.js";

// Each project gets its own stable port so bookmarks and firewall prompts stay the same between
// runs; when it is taken, the next free port of the range is used (the descriptor says which).

/** First port of the sidecar range. */
export const PORT_MIN = 27200;
/** Last port of the sidecar range (inclusive). */
export const PORT_MAX = 27999;

/** The preferred port of a project: PORT_MIN + (first 4 bytes of SHA-256(normalized root), big-endian) mod 800. */
export function derivePort(projectRoot: string, opts: PlatformEnv = {}): number {
  const digest = rootDigest(normalizeProjectRoot(projectRoot, opts));
  return PORT_MIN + (digest.readUInt32BE(0) % (PORT_MAX - PORT_MIN + 1));
}

/** Options of findFreePort. */
export interface FindPortOptions {
  host?: string;
  min?: number;
  max?: number;
}

/** `preferred` if it can be bound on 127.0.0.1, else the next free port of the range (wrapping). */
export async function findFreePort(preferred: number, opts: FindPortOptions = {}): Promise<number> {
  const host = opts.host ?? "127.0.0.1";
  const min = opts.min ?? PORT_MIN;
  const max = opts.max ?? PORT_MAX;
  for (const port of candidatePorts(preferred, min, max)) {
    if (await canBind(port, host)) return port;
  }
  throw new AgentPanelError("no_free_port", `No free port between ${min} and ${max} on ${host}; close other Agent Panel sidecars or pass --port.`);
}

/** The order ports are tried in: preferred, then upwards through the range, wrapping to min. */
export function* candidatePorts(preferred: number, min: number, max: number): Generator<number> {
  yield preferred;
  const size = max - min + 1;
  const inRange = preferred >= min && preferred <= max;
  const offset = inRange ? preferred - min : 0;
  for (let i = inRange ? 1 : 0; i < size; i++) yield min + ((offset + i) % size);
}

/** True when a listening socket can be opened on host:port right now. */
export function canBind(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}
