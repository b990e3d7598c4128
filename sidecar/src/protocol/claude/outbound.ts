import { z } from "zod";
import { PermissionUpdate } from "./inbound.js";

// Everything the sidecar may write to the CLI's stdin. Strict schemas: an outbound line that does
// not match is a bug on our side and is refused before it can reach (and kill) the CLI.

/** Blocks a user message may carry: text, and base64 images for attached screenshots. */
export const OutUserBlock = z.union([
  z.strictObject({ type: z.literal("text"), text: z.string() }),
  z.strictObject({
    type: z.literal("image"),
    source: z.strictObject({ type: z.literal("base64"), media_type: z.string(), data: z.string() }),
  }),
]);
export type OutUserBlock = z.infer<typeof OutUserBlock>;

/** A prompt from the user (the CLI queues it if a turn is running). */
export const OutUserMessage = z.strictObject({
  type: z.literal("user"),
  session_id: z.string(),
  message: z.strictObject({ role: z.literal("user"), content: z.array(OutUserBlock).min(1) }),
  parent_tool_use_id: z.null(),
});
export type OutUserMessage = z.infer<typeof OutUserMessage>;

/** Hook registrations in initialize: per hook event, matchers (tool name regex) and the callback ids the CLI calls back with. */
export const OutHooks = z.partialRecord(z.enum(["PreToolUse", "PostToolUse"]), z.array(z.strictObject({ matcher: z.string().min(1), hookCallbackIds: z.array(z.string().min(1)).min(1) })));
export type OutHooks = z.infer<typeof OutHooks>;

/** Control requests the host sends; each gets a control_response with the same request_id. */
export const OutControlBody = z.discriminatedUnion("subtype", [
  z.strictObject({ subtype: z.literal("initialize"), hooks: OutHooks.optional() }),
  z.strictObject({ subtype: z.literal("interrupt") }),
  z.strictObject({ subtype: z.literal("set_model"), model: z.string().nullable() }),
  z.strictObject({ subtype: z.literal("set_permission_mode"), mode: z.string().min(1) }),
  z.strictObject({ subtype: z.literal("set_max_thinking_tokens"), max_thinking_tokens: z.number().int().nullable() }),
  z.strictObject({ subtype: z.literal("mcp_status") }),
  z.strictObject({ subtype: z.literal("get_context_usage") }),
]);
export type OutControlBody = z.infer<typeof OutControlBody>;

/** Envelope of a host → CLI control request. */
export const OutControlRequest = z.strictObject({
  type: z.literal("control_request"),
  request_id: z.string().min(1),
  request: OutControlBody,
});
export type OutControlRequest = z.infer<typeof OutControlRequest>;

/** The answer to can_use_tool: allow (possibly with edited input and new rules) or deny. */
export const PermissionResult = z.discriminatedUnion("behavior", [
  z.strictObject({
    behavior: z.literal("allow"),
    updatedInput: z.record(z.string(), z.unknown()),
    updatedPermissions: z.array(PermissionUpdate).optional(),
  }),
  z.strictObject({
    behavior: z.literal("deny"),
    message: z.string().trim().min(1, "a deny needs a message for the model"),
    interrupt: z.boolean().optional(),
  }),
]);
export type PermissionResult = z.infer<typeof PermissionResult>;

/** The answer to a hook_callback that lets the tool run normally (no decision, no extra context). */
export const HookContinue = z.strictObject({});

/** Host → CLI answer to a control request the CLI sent. */
export const OutControlResponse = z.strictObject({
  type: z.literal("control_response"),
  response: z.union([
    z.strictObject({ subtype: z.literal("success"), request_id: z.string().min(1), response: z.union([PermissionResult, HookContinue]).optional() }),
    z.strictObject({ subtype: z.literal("error"), request_id: z.string().min(1), error: z.string().min(1) }),
  ]),
});
export type OutControlResponse = z.infer<typeof OutControlResponse>;

/** Any line the sidecar may write to the CLI. */
export const Outbound = z.union([OutUserMessage, OutControlRequest, OutControlResponse]);
export type Outbound = z.infer<typeof Outbound>;

/** Build a user message from text and optional extra blocks (attachments). */
export function userMessage(text: string, extra: OutUserBlock[] = []): OutUserMessage {
  const blocks: OutUserBlock[] = text.length > 0 ? [{ type: "text", text }, ...extra] : extra;
  return { type: "user", session_id: "", message: { role: "user", content: blocks }, parent_tool_use_id: null };
}

/** Build a control request envelope. */
export function controlRequest(requestId: string, request: OutControlBody): OutControlRequest {
  return { type: "control_request", request_id: requestId, request };
}

/** Build the success answer to a can_use_tool request. */
export function permissionAnswer(requestId: string, result: PermissionResult): OutControlResponse {
  return { type: "control_response", response: { subtype: "success", request_id: requestId, response: result } };
}

/** Build the "continue" answer to a hook_callback request. */
export function hookContinue(requestId: string): OutControlResponse {
  return { type: "control_response", response: { subtype: "success", request_id: requestId, response: {} } };
}

/** Build an error answer to a control request we cannot serve. */
export function controlError(requestId: string, error: string): OutControlResponse {
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error } };
}
