import { z } from "zod";

// `type:"system"` lines, one schema per subtype seen from CLI 2.1.332. All loose: unknown keys are
// kept. A system subtype not listed here is still accepted by `SystemOther` (surfaced, not fatal).

const base = { type: z.literal("system"), session_id: z.string().optional(), uuid: z.string().optional() };

/** Emitted at the start of every turn: session id, model, tools, permission mode, CLI version. */
export const SystemInit = z.looseObject({
  ...base,
  subtype: z.literal("init"),
  session_id: z.string(),
  cwd: z.string().optional(),
  model: z.string().optional(),
  permissionMode: z.string().optional(),
  tools: z.array(z.string()).optional(),
  mcp_servers: z.array(z.looseObject({ name: z.string(), status: z.string().optional() })).optional(),
  apiKeySource: z.string().optional(),
  claude_code_version: z.string().optional(),
  // slash_commands, agents, skills, plugins…: long lists re-sent every turn and not used here;
  // they stay on the object (loose) without being validated element by element.
});

/** Request lifecycle hints ("requesting", "compacting") and permission-mode changes. */
export const SystemStatus = z.looseObject({
  ...base,
  subtype: z.literal("status"),
  status: z.string().nullish(),
  permissionMode: z.string().optional(),
  compact_result: z.unknown().optional(),
});

/** The API failed transiently and the CLI will retry after `retry_delay_ms`. */
export const SystemApiRetry = z.looseObject({
  ...base,
  subtype: z.literal("api_retry"),
  attempt: z.number(),
  max_retries: z.number().optional(),
  retry_delay_ms: z.number().optional(),
  error_status: z.number().nullish(),
  error: z.string().optional(),
});

/** The conversation was compacted (manually or automatically). */
export const SystemCompactBoundary = z.looseObject({
  ...base,
  subtype: z.literal("compact_boundary"),
  compact_metadata: z
    .looseObject({
      trigger: z.string().optional(),
      pre_tokens: z.number().optional(),
      post_tokens: z.number().optional(),
      duration_ms: z.number().optional(),
    })
    .optional(),
});

/** Only with the session-state env switch: running / idle / requires_action. */
export const SystemSessionState = z.looseObject({
  ...base,
  subtype: z.literal("session_state_changed"),
  state: z.string(),
});

const TaskUsage = z.looseObject({
  total_tokens: z.number().optional(),
  tool_uses: z.number().optional(),
  duration_ms: z.number().optional(),
});

/** A subagent (or other background task) started. */
export const SystemTaskStarted = z.looseObject({
  ...base,
  subtype: z.literal("task_started"),
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  description: z.string().optional(),
  subagent_type: z.string().optional(),
  is_backgrounded: z.boolean().optional(),
  prompt: z.string().optional(),
});

/** Periodic progress of a running task: tokens, tool uses, last tool. */
export const SystemTaskProgress = z.looseObject({
  ...base,
  subtype: z.literal("task_progress"),
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  description: z.string().optional(),
  usage: TaskUsage.optional(),
  last_tool_name: z.string().optional(),
});

/** A task's status changed (patch.status: completed, failed, killed, …). */
export const SystemTaskUpdated = z.looseObject({
  ...base,
  subtype: z.literal("task_updated"),
  task_id: z.string(),
  patch: z.looseObject({ status: z.string().optional(), end_time: z.number().optional() }).optional(),
});

/** A task finished and reported back with a summary. */
export const SystemTaskNotification = z.looseObject({
  ...base,
  subtype: z.literal("task_notification"),
  task_id: z.string(),
  tool_use_id: z.string().optional(),
  status: z.string().optional(),
  summary: z.string().optional(),
  output_file: z.string().optional(),
  usage: TaskUsage.optional(),
});

/** The set of running background tasks changed. */
export const SystemBackgroundTasks = z.looseObject({
  ...base,
  subtype: z.literal("background_tasks_changed"),
  tasks: z.array(z.looseObject({ task_id: z.string(), description: z.string().optional() })),
});

/** Running estimate of thinking tokens while the model thinks. */
export const SystemThinkingTokens = z.looseObject({
  ...base,
  subtype: z.literal("thinking_tokens"),
  estimated_tokens: z.number().optional(),
  estimated_tokens_delta: z.number().optional(),
});

/** Every known system subtype, keyed by subtype, for dispatch without trying each schema. */
export const systemSchemas = {
  init: SystemInit,
  status: SystemStatus,
  api_retry: SystemApiRetry,
  compact_boundary: SystemCompactBoundary,
  session_state_changed: SystemSessionState,
  task_started: SystemTaskStarted,
  task_progress: SystemTaskProgress,
  task_updated: SystemTaskUpdated,
  task_notification: SystemTaskNotification,
  background_tasks_changed: SystemBackgroundTasks,
  thinking_tokens: SystemThinkingTokens,
} as const;

/** A known system message of any subtype. */
export type SystemMessage = { [K in keyof typeof systemSchemas]: z.infer<(typeof systemSchemas)[K]> }[keyof typeof systemSchemas];
