import { z } from "zod";
import { PermissionUpdate } from "../protocol/claude/inbound.js";
import { ToolResult } from "./tools.js";

/** An image a tool returned (base64), shown as a picture by both panels. */
export const ToolImage = z.object({ mediaType: z.string(), data: z.string() });

/** One of the sidecar's own tools (a Unity tool or a native one) behind a claude tool call. */
export const AgentToolFacts = z.object({
  name: z.string().describe("The tool's name in the sidecar's catalog (claude calls it mcp__agent-panel__<name>)."),
  title: z.string().optional(),
  destructive: z.boolean(),
  readOnly: z.boolean().describe("Only reads: declared read-only, or a safe non-destructive Unity tool (pre-allowed when the chat's setting says so)."),
});

// The chat engine's output: a small typed event stream that hides stream-json. It is the seed of
// the panel protocol, so every event is a zod schema and the union is exported with its type.

/** The chat's lifecycle state (see state.ts for the transitions). */
export const ChatStateName = z.enum(["starting", "ready", "streaming", "tool_running", "waiting_permission", "resuming", "auth_required", "errored", "closed"]);
export type ChatStateName = z.infer<typeof ChatStateName>;

const turn = { turnId: z.string() };

/**
 * Who decided a permission: `user` (answered on a card), `rule` (claude's own settings: an allow or
 * deny rule, a saved "always allow", the permission mode), `read_only_setting` (the panel pre-allows
 * its read-only tools), `claude` (withdrew the request), `sidecar` (chat closed, claude exited).
 */
export const DecidedBy = z.enum(["user", "rule", "read_only_setting", "claude", "sidecar"]);
export type DecidedBy = z.infer<typeof DecidedBy>;
const Block = z.object({ index: z.number(), kind: z.enum(["text", "thinking"]), text: z.string() });

/** How a turn changed one file, measured at the turn's end against the copy kept before its first write. */
export const TurnFileChange = z.enum(["created", "modified", "deleted", "unchanged"]);
export type TurnFileChange = z.infer<typeof TurnFileChange>;

/** Where a file a turn wrote lives: as claude named it, in the project, and as a Unity asset. */
const fileWhere = {
  path: z.string().describe("Absolute path as claude gave it (resolved against the chat's folder when relative), normalized."),
  relPath: z.string().optional().describe("Project-relative path with forward slashes, when the file is inside the project."),
  assetPath: z.string().optional().describe('Set only when relPath starts with "Assets/" or "Packages/" (the same string): what the Unity Editor imports and compiles.'),
};

/** One file of a turn's files card (turn_files). */
export const TurnFile = z.object({
  ...fileWhere,
  change: TurnFileChange,
  bytesBefore: z.number().nullable().describe("Size before the turn's first write; null when the file did not exist."),
  bytesAfter: z.number().nullable().describe("Size at the turn's end; null when the file does not exist then."),
  revertible: z.boolean().describe("A copy was kept (false for files over 16 MB or when the copy failed): chat.revertFiles can restore it."),
  diff: z.string().optional().describe('Unified diff of a text file, at most 64 KB (longer ones end with "… (N more lines)"); omitted for binary or huge files.'),
});
export type TurnFile = z.infer<typeof TurnFile>;

/** Every event the engine emits, discriminated by `type`. */
export const ChatEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("state"), state: ChatStateName, previous: ChatStateName, reason: z.string().optional() }),
  z.object({
    type: z.literal("init"),
    sessionId: z.string().optional(),
    cliVersion: z.string().optional(),
    model: z.string().optional(),
    permissionMode: z.string().optional(),
    cwd: z.string().optional(),
    tools: z.array(z.string()).optional(),
    models: z.array(z.object({ value: z.string(), displayName: z.string().optional(), description: z.string().optional() })).optional(),
    commands: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
    account: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ type: z.literal("user_message"), ...turn, text: z.string(), queued: z.boolean(), attachments: z.number() }),
  z.object({ type: z.literal("turn_started"), ...turn, prompted: z.boolean() }),
  z.object({ type: z.literal("message_start"), ...turn, messageId: z.string(), parentToolUseId: z.string().nullable(), model: z.string().optional() }),
  z.object({ type: z.literal("message_delta"), ...turn, messageId: z.string(), index: z.number(), kind: z.enum(["text", "thinking"]), text: z.string() }),
  z.object({
    type: z.literal("message_final"),
    ...turn,
    messageId: z.string(),
    parentToolUseId: z.string().nullable(),
    blocks: z.array(Block),
    aborted: z.boolean(),
    error: z.string().optional(),
  }),
  z.object({
    type: z.literal("tool_started"),
    ...turn,
    toolUseId: z.string(),
    name: z.string(),
    input: z.unknown(),
    summary: z.string(),
    parentToolUseId: z.string().nullable(),
    title: z.string().optional().describe("The title of one of the sidecar's own tools (mcp__agent-panel__…)."),
  }),
  z.object({
    type: z.literal("tool_finished"),
    ...turn,
    toolUseId: z.string(),
    name: z.string(),
    isError: z.boolean(),
    result: z.string(),
    images: z.array(ToolImage).optional().describe("Images in the tool's result (MCP tools can return pictures)."),
    durationMs: z.number(),
    decision: z.string().optional(),
    decidedBy: DecidedBy.optional().describe("Who allowed or denied the call, when a permission check was involved and the sidecar knows."),
    parentToolUseId: z.string().nullable(),
  }),
  z.object({
    type: z.literal("permission_requested"),
    ...turn,
    requestId: z.string(),
    toolName: z.string(),
    toolUseId: z.string().optional(),
    input: z.record(z.string(), z.unknown()),
    description: z.string().optional(),
    summary: z.string(),
    suggestions: z.array(PermissionUpdate),
    blockedPath: z.string().optional(),
    agentId: z.string().optional(),
    isQuestion: z.boolean(),
    agentTool: AgentToolFacts.optional().describe("Set when the call is one of the sidecar's own tools."),
    dryRun: ToolResult.optional().describe("What a destructive tool of the sidecar would do (its dry run), or what a native writing tool such as compose_mml would write."),
  }),
  z.object({
    type: z.literal("permission_resolved"),
    ...turn,
    requestId: z.string(),
    outcome: z.enum(["allowed", "denied", "cancelled"]),
    detail: z.string().optional(),
    by: DecidedBy.optional().describe("Who settled the request: the user, claude (withdrew it) or the sidecar (chat closed, claude exited)."),
  }),
  z.object({
    type: z.literal("subagent"),
    taskId: z.string(),
    toolUseId: z.string().optional(),
    status: z.string(),
    description: z.string().optional(),
    subagentType: z.string().optional(),
    background: z.boolean().optional(),
    tokens: z.number().optional(),
    toolUses: z.number().optional(),
    durationMs: z.number().optional(),
    lastTool: z.string().optional(),
    summary: z.string().optional(),
  }),
  z.object({
    type: z.literal("turn_result"),
    ...turn,
    ok: z.boolean(),
    status: z
      .enum(["completed", "interrupted", "failed"])
      .optional()
      .describe(
        'How the turn ended, worded the same live and in history: completed, interrupted by the user (Esc, chat.interrupt, "Deny and stop"), or failed (see errors). Always sent by this sidecar; a client talking to an older one derives it from ok and terminalReason.',
      ),
    subtype: z.string(),
    text: z.string().optional(),
    errors: z.array(z.string()),
    terminalReason: z.string().optional(),
    durationMs: z.number().optional(),
    numTurns: z.number().optional(),
    costUsd: z.number().optional().describe("claude's running cost total for this session in this process (not this turn's cost); starts again at 0 when a crashed process is replaced."),
    usage: z.object({ input: z.number(), output: z.number(), cacheRead: z.number(), cacheCreation: z.number() }),
    contextWindow: z.number().optional(),
    denials: z.array(z.object({ toolName: z.string(), toolUseId: z.string().optional() })),
  }),
  z
    .object({
      type: z.literal("turn_file_write"),
      ...turn,
      toolUseId: z.string(),
      tool: z.string().describe("The file tool about to write: Write, Edit, MultiEdit or NotebookEdit."),
      ...fileWhere,
    })
    .describe(
      "A file tool is about to write (sent before the write happens, once per tool call). The Unity panel holds its asset auto-refresh from the first one with an assetPath until the turn ends.",
    ),
  z
    .object({
      type: z.literal("turn_files"),
      ...turn,
      files: z.array(TurnFile),
    })
    .describe("The files a turn wrote, with what changed; sent once per turn that wrote files, right before its turn_result (also when the turn failed or was interrupted)."),
  z
    .object({
      type: z.literal("files_reverted"),
      ...turn,
      restored: z.array(z.string()).describe("Paths put back as they were before the turn (a file the turn created is deleted)."),
      skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
    })
    .describe("chat.revertFiles put a turn's files back."),
  z.object({
    type: z.literal("notice"),
    level: z.enum(["info", "warning", "error"]),
    code: z
      .string()
      .describe("Open set. not_logged_in: claude has no usable login; the turn ends with this notice alone (no message or turn_result); data.turnId is that turn, data.detail claude's own words."),
    message: z.string(),
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({ type: z.literal("unknown"), messageType: z.string().optional(), subtype: z.string().optional(), reason: z.string(), raw: z.unknown() }),
]);
export type ChatEvent = z.infer<typeof ChatEvent>;

/** Narrow helper: the event type with a given `type` tag. */
export type ChatEventOf<T extends ChatEvent["type"]> = Extract<ChatEvent, { type: T }>;
