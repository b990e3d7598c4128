import { randomUUID } from "node:crypto";
import { confirmArguments, confirmationAnswer, withConfirmSchema } from "./confirm.js";
import { jobView, JobTable, type Job } from "./jobs.js";
import type { ToolRegistry } from "./registry.js";
import { errorResult, ToolResult, type ToolCallContext, type ToolEntry, type ToolProgress, type ToolProvider } from "./types.js";
import { formatProblems, validateArguments } from "./validate.js";

// The one invoker every transport calls: look the tool up, validate the arguments against its
// schema, hold destructive tools until `confirm: true`, run it (main-thread tools one at a time
// per provider), check the result's size, and turn a call that outlives the synchronous wait into a
// job that keeps running.

/** Invoker settings (the sidecar's defaults suit real use; tests shorten them). */
export interface InvokerOptions {
  /** A call still running after this long answers `{job_id, status}` (default 3000 ms). */
  syncWaitMs?: number;
  /** A call still running after this long is aborted and fails with `timeout` (default 10 min). */
  callTimeoutMs?: number;
  maxFinishedJobs?: number;
}

/** Per-call options from a transport. */
export interface CallOptions {
  /** The client cancelled (MCP notifications/cancelled, CLI interrupted); reaches the provider. */
  signal?: AbortSignal;
  onProgress?: (p: ToolProgress) => void;
  /** "job" (default): become a job after syncWaitMs; "wait": hold until done (a client that takes progress). */
  mode?: "job" | "wait";
}

/** A call's answer: the result, and the job id when the call became a job. */
export interface CallOutcome {
  result: ToolResult;
  jobId?: string;
}

/** Validates and runs tool calls; owns the job table. */
export class ToolInvoker {
  readonly jobs: JobTable;
  private readonly syncWaitMs: number;
  private readonly callTimeoutMs: number;
  private readonly lanes = new Map<ToolProvider, Promise<unknown>>();
  private queued = 0;

  constructor(
    private readonly registry: ToolRegistry,
    opts: InvokerOptions = {},
  ) {
    this.syncWaitMs = opts.syncWaitMs ?? 3000;
    this.callTimeoutMs = opts.callTimeoutMs ?? 600_000;
    this.jobs = new JobTable(opts.maxFinishedJobs ?? 200);
  }

  /** The schema a client sees for `entry` (destructive tools gain `confirm` and `dry_run`). */
  clientSchema(entry: ToolEntry): ToolEntry["inputSchema"] {
    return entry.annotations.destructive ? withConfirmSchema(entry.inputSchema) : entry.inputSchema;
  }

  /** Calls waiting for their turn on a main-thread lane (for /health). */
  queueDepth(): number {
    return this.queued;
  }

  /** Run `name` with `rawArgs`; never throws (every failure is a typed error result). */
  async call(name: string, rawArgs: unknown, opts: CallOptions = {}): Promise<CallOutcome> {
    const item = this.registry.get(name);
    if (!item) {
      const count = this.registry.list().length;
      return { result: errorResult("unknown_tool", `No tool named "${name}" (the catalog has ${count} tools); list them with tools/list or \`agent-panel tools\`.`) };
    }
    const { entry, provider } = item;
    const args = rawArgs === undefined || rawArgs === null ? {} : rawArgs;
    if (typeof args !== "object" || Array.isArray(args)) {
      return { result: errorResult("invalid_params", `Invalid arguments for ${name}: expected a JSON object of named arguments, got ${Array.isArray(args) ? "an array" : typeof args}.`) };
    }
    const split = entry.annotations.destructive ? confirmArguments(args as Record<string, unknown>) : { args: args as Record<string, unknown>, confirm: true, dryRun: false, problems: [] };
    const problems = [...split.problems, ...validateArguments(entry.inputSchema, split.args)];
    if (problems.length > 0) return { result: provider.rejectArguments?.(name, split.args, problems) ?? errorResult("invalid_params", formatProblems(name, problems)) };

    const callId = randomUUID();
    const controller = new AbortController();
    const deadline = Date.now() + this.callTimeoutMs;
    const job: Job = { id: callId, tool: name, status: "queued", createdAt: Date.now() };
    const unlinkClient = link(opts.signal, controller);
    const ctx: ToolCallContext = {
      callId,
      signal: controller.signal,
      deadline,
      progress: (p) => {
        job.progress = p;
        opts.onProgress?.(p);
      },
      waiting: (reason) => held(job, controller, reason),
    };
    if (entry.annotations.destructive && (!split.confirm || split.dryRun)) {
      const preview = provider.dryRun ? await this.guard(entry, provider, () => provider.dryRun!(name, split.args, ctx), controller, deadline) : undefined;
      unlinkClient();
      return { result: confirmationAnswer(entry, split.dryRun, preview) };
    }
    const done = this.schedule(entry, provider, job, controller, () => this.guard(entry, provider, () => provider.invoke(name, split.args, ctx), controller, deadline)).finally(unlinkClient);
    if (opts.mode === "wait") return { result: await done };
    const early = await raceDelay(done, this.syncWaitMs);
    if (early !== undefined) return { result: early };
    // Still running: it becomes a job; the caller's cancel no longer applies (only queued jobs cancel).
    unlinkClient();
    this.jobs.add(job);
    void done.then(() => this.jobs.finished());
    const view = { job_id: job.id, status: job.status, tool: name, ...(job.waiting !== undefined ? { waiting_for: job.waiting } : {}) };
    return { result: { ok: true, content: [{ type: "text", text: jobText(name, job) }], structured: view }, jobId: job.id };
  }

  /** The job's current view (job_status, REST). */
  job(id: string): ReturnType<typeof jobView> | undefined {
    const j = this.jobs.get(id);
    return j ? jobView(j) : undefined;
  }

  private schedule(entry: ToolEntry, provider: ToolProvider, job: Job, controller: AbortController, run: () => Promise<ToolResult>): Promise<ToolResult> {
    const finish = (result: ToolResult): ToolResult => {
      job.waiting = undefined;
      // A job cancelled while it was held keeps the answer its cancel gave.
      if (job.status === "cancelled" && job.result) return job.result;
      job.result = result;
      job.finishedAt = Date.now();
      if (job.status !== "cancelled") job.status = result.ok ? "succeeded" : "failed";
      return result;
    };
    const start = (): Promise<ToolResult> => {
      if (job.status === "cancelled") return Promise.resolve(job.result!);
      job.cancel = undefined;
      job.status = "running";
      job.startedAt = Date.now();
      return run().then(finish);
    };
    if (!entry.annotations.mainThread || provider.composite?.(entry.name)) return start();
    // Main-thread tools of one provider run one after another (Unity runs them on one thread anyway).
    this.queued++;
    let dequeued = false;
    const leave = () => {
      if (!dequeued) this.queued--;
      dequeued = true;
    };
    const cancelled = new Promise<ToolResult>((resolve) => {
      job.cancel = () => {
        leave();
        job.status = "cancelled";
        controller.abort(new Error("cancelled before it started"));
        resolve(finish(errorResult("cancelled", `${job.tool} was cancelled before it started; nothing ran. Call it again if you still need it.`)));
      };
      controller.signal.addEventListener("abort", () => job.status === "queued" && job.cancel?.(), { once: true });
    });
    const prev = this.lanes.get(provider) ?? Promise.resolve();
    const turn = prev.then(() => {
      leave();
      return start();
    });
    const result = Promise.race([turn, cancelled]);
    const tail = turn.catch(() => undefined);
    this.lanes.set(provider, tail);
    void tail.then(() => this.lanes.get(provider) === tail && this.lanes.delete(provider));
    return result;
  }

  /** Run a provider call: a throw becomes `tool_failed`, a bad shape `bad_result`, the deadline `timeout`, an oversize result `result_too_large`. */
  private async guard(entry: ToolEntry, provider: ToolProvider, run: () => Promise<ToolResult>, controller: AbortController, deadline: number): Promise<ToolResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ToolResult>((resolve) => {
      timer = setTimeout(
        () => {
          controller.abort(new Error("deadline passed"));
          resolve(errorResult("timeout", `${entry.name} did not finish within ${Math.round(this.callTimeoutMs / 1000)} s and was stopped; try a smaller request, or check that Unity is responsive.`));
        },
        Math.max(0, deadline - Date.now()),
      );
    });
    try {
      const raw = await Promise.race([
        run().catch((err: unknown) => errorResult(controller.signal.aborted ? "cancelled" : "tool_failed", failureText(entry.name, err, controller.signal.aborted))),
        timeout,
      ]);
      const parsed = provider.checkedResults ? { success: true as const, data: raw } : ToolResult.safeParse(raw);
      if (!parsed.success)
        return errorResult("bad_result", `${entry.name} answered something that is not a tool result (${parsed.error.issues[0]?.message ?? "invalid"}); report it to the tool's author.`);
      const size = resultSize(parsed.data);
      const max = entry.annotations.maxResultSizeChars;
      if (size > max) return errorResult("result_too_large", `${entry.name} produced a result of ${size} characters, more than its limit of ${max}; ask for less (a filter, a page, a smaller range).`);
      return parsed.data;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The provider holds a running call (`reason`) or hands it over (undefined): while held, the job is queued and can be cancelled, and nothing of it has run. */
function held(job: Job, controller: AbortController, reason: string | undefined): void {
  if (reason === undefined) {
    if (job.waiting === undefined || job.status !== "queued") return;
    job.waiting = undefined;
    job.cancel = undefined;
    job.status = "running";
    return;
  }
  if (job.status !== "running" && job.waiting === undefined) return;
  job.waiting = reason;
  job.status = "queued";
  job.cancel = () => {
    job.status = "cancelled";
    job.result = errorResult("cancelled", `${job.tool} was cancelled while it waited (${reason}); nothing ran. Call it again if you still need it.`);
    job.finishedAt = Date.now();
    job.waiting = undefined;
    job.cancel = undefined;
    controller.abort(new Error("cancelled before it started"));
  };
}

/** What a caller reads when its call became a job: why, and the job_status call that gets the result. */
function jobText(name: string, job: Job): string {
  const ask = `Call job_status with {"job_id":"${job.id}"}`;
  if (job.waiting !== undefined) {
    return `${name} has not run yet: ${job.waiting}. It waits as job ${job.id} and runs as soon as Unity is back. ${ask} in a few seconds to get its result; do not call ${name} again, or it would run twice.`;
  }
  if (job.status === "queued") return `${name} is waiting for its turn (another Unity call runs); it continues as job ${job.id}. ${ask} to get its result.`;
  return `${name} is still running; it continues as job ${job.id}. ${ask} to get its result (until it finishes, job_status answers its progress).`;
}

/** Serialized size of what a client receives (content and structured output). */
export function resultSize(result: ToolResult): number {
  return JSON.stringify(result.content).length + (result.structured === undefined ? 0 : JSON.stringify(result.structured).length);
}

function failureText(name: string, err: unknown, aborted: boolean): string {
  const why = err instanceof Error ? err.message : String(err);
  return aborted ? `${name} was cancelled (${why}).` : `${name} failed: ${why}`;
}

function link(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => {};
  const onAbort = () => controller.abort(signal.reason ?? new Error("cancelled by the client"));
  if (signal.aborted) onAbort();
  else signal.addEventListener("abort", onAbort, { once: true });
  return () => signal.removeEventListener("abort", onAbort);
}

function raceDelay<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
