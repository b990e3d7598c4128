import { z } from "zod";
import { exceedsDepth, MAX_JSON_DEPTH } from "../json-bounds.js";
import { ContextAttachment, PermissionAnswer } from "./inputs.js";
import { toolCommandShapes } from "./tools.js";

// Client → server commands: `{id, cmd, ...params}`. Unknown fields are tolerated (kept, ignored)
// so newer clients can send extra hints to older servers of the same protocol version.

const base = { id: z.string().min(1).max(200) };
const chatId = z.string().min(1);
const command = <C extends string, S extends z.ZodRawShape>(cmd: C, shape: S) => z.looseObject({ ...base, cmd: z.literal(cmd), ...shape });

/** Which kind of program is connecting. */
export const ClientKind = z.enum(["unity", "browser", "cli"]);

/** Rendered forms a client can ask for in hello (unknown values are ignored). */
export const RenderFormat = z.enum(["unity", "html"]);

/** Every command a client can send, discriminated by `cmd`. */
export const ClientCommand = z.discriminatedUnion("cmd", [
  command("hello", {
    protocol: z.number().int(),
    client: ClientKind,
    clientVersion: z.string().optional(),
    render: z.array(z.string()).describe('Rendered forms wanted for message_final text blocks: "unity", "html".'),
    provides: z.array(z.string()).optional().describe('What this client offers the sidecar: "tools" = it publishes tools and runs tool.invoke (one client at a time; never a browser).'),
    providerId: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Stable id of the providing program (Unity: the Editor's process id). A hello with the same providerId takes over from a connection that has not closed yet."),
  }),
  command("chats.list", {}),
  command("chat.open", {
    resume: z.string().min(1).max(200).optional().describe("Session id to resume: a UUID of this project, or a unique prefix of one (at least 4 characters)."),
    fork: z.boolean().optional().describe("With resume: continue in a new session id."),
    model: z.string().min(1).optional(),
    permissionMode: z.string().min(1).optional(),
    allowBypassPermissions: z.boolean().optional(),
    allowedTools: z.array(z.string().min(1)).optional().describe('Tool rules allowed without asking (claude --allowedTools), e.g. "Bash(npm test:*)".'),
    disallowedTools: z.array(z.string().min(1)).optional().describe("Tool rules never allowed (claude --disallowedTools)."),
    claudePath: z.string().min(1).optional().describe("The claude binary for this chat instead of the one the sidecar found; must exist."),
    preAllowReadOnlyTools: z
      .boolean()
      .optional()
      .describe("Run the sidecar's read-only tools (declared read-only, or a Unity tool that is safe and not destructive; never a tool that writes) without a permission card (default true)."),
  }),
  command("chat.close", { chatId }),
  command("chat.send", { chatId, text: z.string(), attachments: z.array(ContextAttachment).optional() }),
  command("chat.interrupt", { chatId }),
  command("permission.answer", { chatId, requestId: z.string().min(1), answer: PermissionAnswer }),
  command("chat.setModel", { chatId, model: z.string().min(1).nullable() }),
  command("chat.setPermissionMode", { chatId, mode: z.string().min(1) }),
  command("chat.revertFiles", {
    chatId,
    turnId: z.string().min(1).max(200).describe("The turn whose files to put back (its turn_files event)."),
    force: z.boolean().optional().describe("Overwrite files that changed after the turn (answer to files_changed_since, after the user confirmed)."),
    paths: z.array(z.string().min(1)).max(10_000).optional().describe("Only these files (paths as turn_files gives them, or project-relative); default all of the turn's files."),
  }),
  command("asset.open", {
    ref: z
      .string()
      .min(1)
      .max(1000)
      .describe('A project path as asset links carry it ("Assets/Scripts/Player.cs" or "Assets/Scripts/Player.cs:12"): the Unity Editor pings it (and opens a script at the line).'),
  }),
  command("subscribe", { chatId, afterSeq: z.number().int().nonnegative().optional() }),
  command("unsubscribe", { chatId }),
  command("history.list", {
    query: z.string().optional().describe("Only sessions whose title, first or last prompt (or id prefix) contains this, case-insensitively."),
    includeArchived: z.boolean().optional(),
  }),
  command("history.search", {
    text: z.string().min(1).describe("Full-text search over prompts, replies, thinking and tool calls of every session."),
    limit: z.number().int().min(1).max(500).optional().describe("Most hits to return (default 50)."),
  }),
  command("history.load", {
    sessionId: z.string().min(1),
    cursor: z.string().min(1).optional().describe("The cursor of the previous (newer) page; omit for the newest page."),
  }),
  command("history.subagent", {
    sessionId: z.string().min(1),
    agentId: z.string().min(1).optional().describe("The subagent's id: the `taskId` of its `subagent` event. Give this or toolUseId."),
    toolUseId: z.string().min(1).optional().describe("The id of the Agent tool call that started the subagent (its card's toolUseId)."),
    cursor: z.string().min(1).optional().describe("The cursor of the previous (newer) page; omit for the newest page."),
  }),
  command("history.subscribe", {}),
  command("history.unsubscribe", {}),
  command("tools.publish", toolCommandShapes["tools.publish"]),
  command("tools.journal", toolCommandShapes["tools.journal"]),
  command("tool.progress", toolCommandShapes["tool.progress"]),
  command("tool.result", toolCommandShapes["tool.result"]),
]);
export type ClientCommand = z.infer<typeof ClientCommand>;

/** Narrow helper: the command with a given `cmd`. */
export type ClientCommandOf<C extends ClientCommand["cmd"]> = Extract<ClientCommand, { cmd: C }>;

/** Names of all commands this server understands. */
export const COMMAND_NAMES: ReadonlySet<string> = new Set(ClientCommand.options.map((o) => o.shape.cmd.value));

/** A parsed command, or the protocol error to send back. */
export type ParsedCommand = { ok: true; command: ClientCommand } | { ok: false; id?: string; code: "bad_json" | "invalid_command" | "unknown_command"; message: string };

/** Parse and validate one text frame from a client. Never throws. */
export function parseClientCommand(raw: string): ParsedCommand {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, code: "bad_json", message: "The frame is not valid JSON. Send one JSON object per WebSocket text frame." };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, code: "invalid_command", message: 'A command must be a JSON object like {"id":"1","cmd":"hello",…}.' };
  }
  const obj = value as Record<string, unknown>;
  const id = typeof obj.id === "string" && obj.id !== "" ? obj.id : undefined;
  // Nothing a client sends needs deep nesting; refusing it here keeps every later walker safe.
  if (exceedsDepth(value)) return { ok: false, id, code: "invalid_command", message: `The command is nested more than ${MAX_JSON_DEPTH} levels deep; send a flatter value.` };
  if (typeof obj.cmd !== "string") return { ok: false, id, code: "invalid_command", message: 'The command has no "cmd" field.' };
  if (!COMMAND_NAMES.has(obj.cmd)) {
    return { ok: false, id, code: "unknown_command", message: `Unknown command "${obj.cmd.slice(0, 80)}". Update the sidecar if the client is newer.` };
  }
  const parsed = ClientCommand.safeParse(value);
  if (!parsed.success) return { ok: false, id, code: "invalid_command", message: `Invalid "${obj.cmd}" command: ${describeIssues(parsed.error)}` };
  return { ok: true, command: parsed.data };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join(".") : "(command)"}: ${i.message}`)
    .join("; ");
}
