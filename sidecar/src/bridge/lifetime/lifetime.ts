// When the sidecar stops: on SIGINT/SIGTERM/SIGHUP (and SIGBREAK on Windows), or when the parent
// process given with --parent-pid (the Unity Editor) is gone, so a crashed editor never leaves an
// orphan sidecar behind. Shutdown is idempotent: close everything (bounded by a timeout), remove
// the descriptor, exit.

/** Options of createLifetime. */
export interface LifetimeOptions {
  /** Close chats, clients and the server. */
  closeAll: () => Promise<void>;
  /** Longest wait for closeAll before exiting anyway (default 5 s). */
  timeoutMs?: number;
  /** Remove the descriptor (runs after closeAll, also when it failed or timed out). */
  removeDescriptor?: () => void;
  /** End the process; the default sets the exit code and forces exit shortly after if something lingers. */
  exit?: (code: number) => void;
  log?: (line: string) => void;
}

/** Controls one process's shutdown. */
export interface Lifetime {
  /** Shut down once; later calls return the same promise. */
  shutdown(reason: string): Promise<number>;
  /** Poll `pid` (default every 2 s) and shut down when it no longer exists. */
  watchParent(pid: number, intervalMs?: number): void;
  /** Shut down on termination signals. */
  handleSignals(): void;
  /** Resolves with the exit code once shutdown has finished. */
  readonly done: Promise<number>;
  /** Stop watching the parent and remove signal handlers (tests). */
  dispose(): void;
}

/** Create the lifetime controller of a serving process. */
export function createLifetime(opts: LifetimeOptions): Lifetime {
  const log = opts.log ?? (() => {});
  const exit = opts.exit ?? exitProcess;
  const timers: NodeJS.Timeout[] = [];
  const signalHandlers = new Map<NodeJS.Signals, () => void>();
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((r) => (resolveDone = r));
  let shutting: Promise<number> | undefined;

  const stopWatching = (): void => {
    for (const t of timers) clearInterval(t);
    timers.length = 0;
  };
  const dispose = (): void => {
    stopWatching();
    for (const [sig, fn] of signalHandlers) process.off(sig, fn);
    signalHandlers.clear();
  };

  const shutdown = (reason: string): Promise<number> => {
    shutting ??= (async () => {
      log(`shutting down: ${reason}`);
      stopWatching();
      // Signal handlers stay until closing is done, so a repeated signal joins this shutdown.
      const code = await closeWithin(opts.closeAll, opts.timeoutMs ?? 5000, log);
      dispose();
      try {
        opts.removeDescriptor?.();
      } catch (err) {
        log(`could not remove the descriptor: ${(err as Error).message}`);
      }
      resolveDone(code);
      exit(code);
      return code;
    })();
    return shutting;
  };

  return {
    shutdown,
    done,
    dispose,
    watchParent(pid, intervalMs = 2000) {
      const check = (): void => {
        if (!processExists(pid)) void shutdown(`parent process ${pid} is gone`);
      };
      const timer = setInterval(check, intervalMs);
      timer.unref();
      timers.push(timer);
      check();
    },
    handleSignals() {
      const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
      if (process.platform === "win32") signals.push("SIGBREAK");
      for (const sig of signals) {
        if (signalHandlers.has(sig)) continue;
        const fn = (): void => void shutdown(`received ${sig}`);
        signalHandlers.set(sig, fn);
        process.on(sig, fn);
      }
    },
  };
}

/** True when a process with this id exists (EPERM means it exists but belongs to someone else). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Run closeAll with a deadline; exit code 0 when it finished, 1 when it failed or timed out. */
async function closeWithin(closeAll: () => Promise<void>, timeoutMs: number, log: (line: string) => void): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      log(`closing took longer than ${timeoutMs} ms; exiting anyway`);
      resolve(1);
    }, timeoutMs);
  });
  const closing = closeAll().then(
    () => 0,
    (err: unknown) => {
      log(`closing failed: ${(err as Error).message}`);
      return 1;
    },
  );
  const code = await Promise.race([closing, timeout]);
  clearTimeout(timer);
  return code;
}

/** Default exit: let stdout drain (async pipes on Windows), then force the exit if handles linger. */
function exitProcess(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 1000).unref();
}
