import { z } from "zod";
import { ApiMessage, ContentBlock, Usage, UserApiMessage } from "./content.js";

// Everything the CLI prints on stdout in stream-json mode, except `system` (see system.ts).
// Loose objects throughout: the CLI adds fields often, and they must survive to the caller.

/** A raw Anthropic SSE event relayed by the CLI (only with --include-partial-messages). */
export const StreamEventMsg = z.looseObject({
  type: z.literal("stream_event"),
  event: z.looseObject({
    type: z.string(),
    index: z.number().optional(),
    delta: z
      .looseObject({
        type: z.string().optional(),
        text: z.string().optional(),
        thinking: z.string().optional(),
        partial_json: z.string().optional(),
        stop_reason: z.string().nullish(),
      })
      .optional(),
    content_block: ContentBlock.optional(),
    message: z.looseObject({ id: z.string().optional(), model: z.string().optional(), usage: Usage.optional() }).optional(),
    usage: Usage.optional(),
  }),
  session_id: z.string().optional(),
  parent_tool_use_id: z.string().nullish(),
  uuid: z.string().optional(),
  api_message_id: z.string().optional(),
});
export type StreamEventMsg = z.infer<typeof StreamEventMsg>;

/** One content block of an assistant message (the CLI prints one line per block). */
export const AssistantMsg = z.looseObject({
  type: z.literal("assistant"),
  message: ApiMessage,
  parent_tool_use_id: z.string().nullish(),
  session_id: z.string().optional(),
  uuid: z.string().optional(),
  error: z.string().optional(),
  is_api_error_message: z.boolean().optional(),
  aborted: z.boolean().optional(),
  agent_id: z.string().optional(),
});
export type AssistantMsg = z.infer<typeof AssistantMsg>;

/** User-role lines: prompt replays, tool results, synthetic notes (interruptions, compaction). */
export const UserMsg = z.looseObject({
  type: z.literal("user"),
  message: UserApiMessage,
  parent_tool_use_id: z.string().nullish(),
  session_id: z.string().optional(),
  uuid: z.string().optional(),
  isReplay: z.boolean().optional(),
  isSynthetic: z.boolean().optional(),
  tool_use_result: z.unknown().optional(),
  tool_result_meta: z
    .array(
      z.looseObject({
        id: z.string().optional(),
        permission_decision: z.looseObject({ decision: z.string().optional(), source: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  agent_id: z.string().optional(),
});
export type UserMsg = z.infer<typeof UserMsg>;

/** Per-model usage inside a result, including the context window size. */
export const ModelUsage = z.looseObject({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cacheReadInputTokens: z.number().optional(),
  cacheCreationInputTokens: z.number().optional(),
  costUSD: z.number().optional(),
  contextWindow: z.number().optional(),
});

/** The end of a turn: success or error, usage, cost, denials, terminal reason. */
export const ResultMsg = z.looseObject({
  type: z.literal("result"),
  subtype: z.string(),
  is_error: z.boolean(),
  result: z.string().optional(),
  errors: z.array(z.string()).optional(),
  session_id: z.string().optional(),
  duration_ms: z.number().optional(),
  duration_api_ms: z.number().optional(),
  num_turns: z.number().optional(),
  stop_reason: z.string().nullish(),
  total_cost_usd: z.number().optional(),
  usage: Usage.optional(),
  modelUsage: z.record(z.string(), ModelUsage).optional(),
  model_usage_since_last_result: z.record(z.string(), ModelUsage).optional(),
  permission_denials: z.array(z.looseObject({ tool_name: z.string(), tool_use_id: z.string().optional(), tool_input: z.unknown().optional() })).optional(),
  terminal_reason: z.string().optional(),
  api_error_status: z.number().nullish(),
});
export type ResultMsg = z.infer<typeof ResultMsg>;

/** A permission suggestion the CLI offers with can_use_tool ("always allow" scopes). */
export const PermissionUpdate = z.looseObject({
  type: z.string(),
  destination: z.string().optional(),
  behavior: z.string().optional(),
  rules: z.array(z.looseObject({ toolName: z.string(), ruleContent: z.string().optional() })).optional(),
  directories: z.array(z.string()).optional(),
  mode: z.string().optional(),
});
export type PermissionUpdate = z.infer<typeof PermissionUpdate>;

/** The CLI asks the host whether a tool may run (or, for AskUserQuestion, for the user's answer). */
export const CanUseToolRequest = z.looseObject({
  subtype: z.literal("can_use_tool"),
  tool_name: z.string(),
  display_name: z.string().optional(),
  input: z.record(z.string(), z.unknown()),
  description: z.string().optional(),
  permission_suggestions: z.array(PermissionUpdate).optional(),
  blocked_path: z.string().optional(),
  tool_use_id: z.string().optional(),
  agent_id: z.string().optional(),
  requires_user_interaction: z.boolean().optional(),
});
export type CanUseToolRequest = z.infer<typeof CanUseToolRequest>;

/**
 * The CLI calls a hook registered in initialize (PreToolUse before a tool runs, PostToolUse after)
 * and waits for our answer. Tolerant: only what the sidecar reads is modelled, the rest is kept.
 */
export const HookCallbackRequest = z.looseObject({
  subtype: z.literal("hook_callback"),
  callback_id: z.string(),
  input: z.looseObject({
    hook_event_name: z.string().optional(),
    tool_name: z.string().optional(),
    tool_input: z.record(z.string(), z.unknown()).optional(),
    tool_use_id: z.string().optional(),
    cwd: z.string().optional(),
    session_id: z.string().optional(),
    permission_mode: z.string().optional(),
    tool_response: z.unknown().optional(),
  }),
  tool_use_id: z.string().optional(),
});
export type HookCallbackRequest = z.infer<typeof HookCallbackRequest>;

/** A control request from the CLI to the host (can_use_tool, hook callbacks, …). */
export const ControlRequestMsg = z.looseObject({
  type: z.literal("control_request"),
  request_id: z.string(),
  request: z.looseObject({ subtype: z.string() }),
});
export type ControlRequestMsg = z.infer<typeof ControlRequestMsg>;

/** The CLI's answer to one of our control requests, or the echo of one of our answers. */
export const ControlResponseMsg = z.looseObject({
  type: z.literal("control_response"),
  response: z.looseObject({
    subtype: z.enum(["success", "error"]),
    request_id: z.string(),
    response: z.unknown().optional(),
    error: z.string().optional(),
    error_code: z.string().optional(),
  }),
});
export type ControlResponseMsg = z.infer<typeof ControlResponseMsg>;

/** The CLI withdraws a control request it sent (e.g. a permission prompt, on interrupt). */
export const ControlCancelMsg = z.looseObject({
  type: z.literal("control_cancel_request"),
  request_id: z.string(),
});
export type ControlCancelMsg = z.infer<typeof ControlCancelMsg>;

/** The initialize response body: what the panel shows (models, commands, account, version). */
export const InitializeResponse = z.looseObject({
  commands: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
  agents: z.array(z.looseObject({ name: z.string() })).optional(),
  models: z.array(z.looseObject({ value: z.string(), displayName: z.string().optional(), description: z.string().optional() })).optional(),
  account: z.looseObject({ tokenSource: z.string().optional(), apiKeySource: z.string().optional(), apiProvider: z.string().optional() }).optional(),
  pid: z.number().optional(),
  claude_code_version: z.string().optional(),
  current_permission_mode: z.string().optional(),
});
export type InitializeResponse = z.infer<typeof InitializeResponse>;
