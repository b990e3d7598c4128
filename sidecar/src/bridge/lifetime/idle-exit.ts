// A sidecar started on demand by `agent-panel mcp` (not by Unity, nor by a person with `serve`) has
// no parent to watch: it would run forever after its MCP client is gone. With `serve
// --idle-exit-ms N` it shuts down once nothing has used it for N ms in a row: no WebSocket client
// (panel or Unity), no chat, no MCP session, no running tool job.

/** Options of watchIdle. */
export interface IdleWatchOptions {
  /** True while nothing uses the sidecar. */
  isIdle: () => boolean;
  /** How long it must stay idle, without a break, before `onIdle`. */
  idleMs: number;
  /** How often to look (default: a quarter of idleMs, between 50 ms and 30 s). */
  pollMs?: number;
  /** Called once, when the sidecar has been idle for idleMs. */
  onIdle: () => void;
}

/** Start watching; returns a function that stops it. */
export function watchIdle(opts: IdleWatchOptions): () => void {
  const pollMs = opts.pollMs ?? Math.min(30_000, Math.max(50, Math.floor(opts.idleMs / 4)));
  let idleSince: number | undefined;
  const timer = setInterval(() => {
    let idle: boolean;
    try {
      idle = opts.isIdle();
    } catch {
      idle = false; // a state that cannot be read is not proof of idleness
    }
    if (!idle) return void (idleSince = undefined);
    const now = Date.now();
    idleSince ??= now;
    if (now - idleSince < opts.idleMs) return;
    clearInterval(timer);
    opts.onIdle();
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
