import type { ToolProgress, ToolResult } from "./types.js";

// Calls that outlived the synchronous wait become jobs: the caller gets `{job_id, status}` and asks
// later (`job_status`, `GET /jobs/<id>`). States: queued → running → succeeded | failed, or
// queued → cancelled. Finished jobs are kept, oldest dropped first, up to a bound.

/** Where a job is in its life. */
export type JobStatus = "queued" | "running" | "succeeded" | "failed" | "cancelled";

/** A job as the table keeps it; `cancel` is set by the invoker while the job has not started. */
export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  createdAt: number;
  startedAt?: number;
  finishedAt?: number;
  progress?: ToolProgress;
  result?: ToolResult;
  cancel?: () => void;
  /** Why the provider holds the job without having handed it to the tool (e.g. waiting for Unity). */
  waiting?: string;
}

/** The JSON a job is shown as (REST, job_status, the CLI). */
export interface JobView {
  job_id: string;
  tool: string;
  status: JobStatus;
  created_at: string;
  started_at?: string;
  finished_at?: string;
  progress?: ToolProgress;
  result?: ToolResult;
  /** Set while the job waits for its provider (Unity reloading or closed): it has not run and can be cancelled. */
  waiting_for?: string;
}

/** Outcome of a cancel request, with a message that says what happened or what to do. */
export type CancelOutcome = { ok: true; job: JobView } | { ok: false; code: "not_found" | "not_cancellable"; message: string };

/** Every job the sidecar knows of; finished ones bounded by `maxFinished`. */
export class JobTable {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly maxFinished = 200) {}

  /** Start tracking a call that became a job. */
  add(job: Job): void {
    this.jobs.set(job.id, job);
    this.prune();
  }

  /** The job, if still known. */
  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  /** All known jobs, newest first. */
  list(): Job[] {
    return [...this.jobs.values()].reverse();
  }

  /** Jobs not finished yet (for /health). */
  running(): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.status === "running" || j.status === "queued") n++;
    return n;
  }

  /** Record that a job finished (call after setting its result); may drop the oldest finished ones. */
  finished(): void {
    this.prune();
  }

  /** Cancel a job that has not started; a started job cannot be stopped safely and says so. */
  cancel(id: string): CancelOutcome {
    const job = this.jobs.get(id);
    if (!job) return { ok: false, code: "not_found", message: `No job ${id}; it never existed or finished long ago. GET /jobs lists the known ones.` };
    if (job.status !== "queued" || !job.cancel) {
      const why =
        job.status === "running" ? "it has already started, and a tool that has started may not be stopped half-way" : `it has already ${job.status === "cancelled" ? "been cancelled" : "finished"}`;
      return { ok: false, code: "not_cancellable", message: `Job ${id} cannot be cancelled: ${why}. Use job_status (or GET /jobs/${id}) to get its result.` };
    }
    job.cancel();
    return { ok: true, job: jobView(job) };
  }

  private prune(): void {
    const done = [...this.jobs.values()].filter((j) => j.finishedAt !== undefined);
    for (const j of done.slice(0, Math.max(0, done.length - this.maxFinished))) this.jobs.delete(j.id);
  }
}

/** The public JSON view of a job. */
export function jobView(job: Job): JobView {
  const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
  const view: JobView = { job_id: job.id, tool: job.tool, status: job.status, created_at: new Date(job.createdAt).toISOString() };
  if (job.startedAt !== undefined) view.started_at = iso(job.startedAt);
  if (job.finishedAt !== undefined) view.finished_at = iso(job.finishedAt);
  if (job.progress) view.progress = job.progress;
  if (job.waiting !== undefined) view.waiting_for = job.waiting;
  if (job.result) view.result = job.result;
  return view;
}
