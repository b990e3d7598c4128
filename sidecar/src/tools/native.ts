import type { JobView } from "./jobs.js";
import { errorResult, toolEntry, type ToolEntry, type ToolProvider, type ToolResult } from "./types.js";

// Tools the sidecar answers itself, in TypeScript. `job_status` reads the invoker's job table;
// other native tools (compose_mml) are separate providers registered beside this one.

const JOB_STATUS = toolEntry({
  name: "job_status",
  description: "Status of a tool call that continued as a job (a call answers {job_id, status} when it runs longer than a few seconds). When the job has finished, the answer is its result.",
  inputSchema: { type: "object", properties: { job_id: { type: "string", description: "The job_id a tool call answered" } }, required: ["job_id"], additionalProperties: false },
  annotations: { title: "Job status", idempotency: "safe", readOnly: true, alwaysLoad: true, group: "jobs" },
  provider: "native",
});

/** The sidecar's own tools; `jobs` looks a job up in the invoker. */
export function nativeProvider(jobs: (id: string) => JobView | undefined): ToolProvider {
  const entries: ToolEntry[] = [JOB_STATUS];
  return {
    id: "native",
    kind: "native",
    list: () => entries,
    subscribe: () => () => {},
    async invoke(name, args): Promise<ToolResult> {
      if (name !== "job_status") return errorResult("unknown_tool", `The native provider has no tool ${name}.`);
      const id = String(args.job_id);
      const job = jobs(id);
      if (!job) return errorResult("not_found", `No job ${id}; it never existed or finished long ago (finished jobs are kept for a while only). Call the tool again if you need its result.`);
      const { result, ...state } = job;
      if (!result) {
        const progress = job.progress ? ` (${job.progress.message ?? `${job.progress.progress}${job.progress.total ? ` of ${job.progress.total}` : ""}`})` : "";
        const where = job.waiting_for !== undefined ? `has not run yet: ${job.waiting_for}` : `is ${job.status}${progress}`;
        return { ok: true, content: [{ type: "text", text: `Job ${id} (${job.tool}) ${where}; ask again in a few seconds.` }], structured: { ...state } };
      }
      return { ok: result.ok, content: result.content, structured: { ...state, ...(result.structured ? { result: result.structured } : {}) }, ...(result.error ? { error: result.error } : {}) };
    },
  };
}
