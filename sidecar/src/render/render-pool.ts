import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker } from "node:worker_threads";
import { AgentPanelError } from "../shared/errors.js";
import type { JsonForms } from "./json-forms.js";
import type { RenderReply } from "./render-worker.js";

// One worker thread that renders big messages for every chat of the sidecar, so a 300 KB reply
// costs the event loop milliseconds instead of seconds of marked + DOMPurify: the forms come back
// as UTF-8 JSON in transferred buffers and stay that way (json-forms.ts). Requests run one at a
// time in arrival order; one that exceeds its time budget (a pathological input) ends the worker,
// fails with `render_timeout`, and the next request starts a fresh worker.
//
// The worker runs its own entry, render-worker-main.ts (dist/render-worker.mjs in the bundle).

interface Job {
  id: number;
  markdown: string;
  html: boolean;
  resolve: (r: JsonForms) => void;
  reject: (e: Error) => void;
}

/** Renders markdown in a worker thread, one request at a time, each bounded by `budgetMs`. */
export class RenderPool {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  private closed = false;

  /** `clipChars`: the length strings are cut to in each form's shortened JSON. */
  constructor(
    private readonly budgetMs = 60_000,
    private readonly clipChars = 64 * 1024,
  ) {}

  /** Render `markdown` (HTML too when `html`) to JSON forms; rejects on timeout, worker failure or close. */
  render(markdown: string, html: boolean): Promise<JsonForms> {
    if (this.closed) return Promise.reject(new AgentPanelError("render_closed", "The renderer was shut down."));
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, markdown, html, resolve, reject });
      this.pump();
    });
  }

  /** Stop the worker and fail what is pending. */
  async close(): Promise<void> {
    this.closed = true;
    this.failAll(new AgentPanelError("render_closed", "The renderer was shut down."));
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const worker = this.ensureWorker();
    worker.ref();
    const timer = setTimeout(
      () =>
        this.restart(new AgentPanelError("render_timeout", `Rendering a ${Math.round(job.markdown.length / 1024)} KB message took longer than ${this.budgetMs / 1000} s; it is shown as plain text.`)),
      this.budgetMs,
    );
    timer.unref();
    this.current = { job, timer };
    worker.postMessage({ id: job.id, markdown: job.markdown, html: job.html, clipChars: this.clipChars });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry(import.meta.url);
    // From source (tests, tsx) the worker needs the TypeScript loader; the bundle is plain JS.
    const tsx = entry.endsWith(".ts") ? tsxEsmApi(import.meta.url) : undefined;
    const worker = new Worker(BOOT, { eval: true, workerData: { entry, tsx }, stdout: false, stderr: false });
    worker.on("message", (reply: RenderReply & { fatal?: string }) => {
      if (reply.fatal !== undefined) return this.restart(new AgentPanelError("render_worker_failed", `The render worker could not start: ${reply.fatal}`));
      const cur = this.current;
      if (!cur || cur.job.id !== reply.id) return;
      clearTimeout(cur.timer);
      this.current = undefined;
      cur.job.resolve(reply.forms ?? {});
      if (this.queue.length === 0) worker.unref();
      this.pump();
    });
    worker.on("error", (err) => this.restart(new AgentPanelError("render_worker_failed", `The render worker failed: ${err.message}`, { cause: err })));
    worker.on("exit", () => {
      if (this.worker === worker) this.restart(new AgentPanelError("render_worker_failed", "The render worker exited."));
    });
    this.worker = worker;
    return worker;
  }

  /** End the worker, fail the running job; queued jobs go to a fresh worker. */
  private restart(err: Error): void {
    const old = this.worker;
    this.worker = undefined;
    if (old) void old.terminate();
    const cur = this.current;
    this.current = undefined;
    if (cur) {
      clearTimeout(cur.timer);
      cur.job.reject(err);
    }
    if (!this.closed) this.pump();
  }

  private failAll(err: Error): void {
    const cur = this.current;
    this.current = undefined;
    if (cur) {
      clearTimeout(cur.timer);
      cur.job.reject(err);
    }
    for (const job of this.queue.splice(0)) job.reject(err);
  }
}

/** Path of tsx's ESM register API (its package exports map), for workers started from source. */
function tsxEsmApi(from: string): string {
  const pkgFile = createRequire(from).resolve("tsx/package.json");
  const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { exports: Record<string, { import: { default: string } }> };
  return join(dirname(pkgFile), pkg.exports["./esm/api"]!.import.default);
}

/**
 * The worker's entry beside `self` (this module's URL): render-worker-main.ts from source; in the
 * bundle, render-worker.mjs at the bundle's top, one folder up when this code sits in dist/chunks/.
 */
export function workerEntry(self: string): string {
  if (self.endsWith(".ts")) return new URL("./render-worker-main.ts", self).href;
  return new URL(/\/chunks\/[^/]*$/.test(self) ? "../render-worker.mjs" : "./render-worker.mjs", self).href;
}

// Worker bootstrap (CommonJS, eval): register tsx when running from source, then import the
// worker's entry, which starts the request loop.
const BOOT = `
const { workerData, parentPort } = require("node:worker_threads");
const { pathToFileURL } = require("node:url");
(async () => {
  if (workerData.tsx) {
    const api = await import(pathToFileURL(workerData.tsx).href);
    (api.register || api.default.register)();
  }
  await import(workerData.entry);
})().catch((err) => parentPort.postMessage({ id: 0, fatal: String((err && err.stack) || err) }));
`;
