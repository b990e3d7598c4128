import { z } from "zod";

// Content blocks and usage shared by assistant, user and stream_event messages. Every object is
// loose: fields the CLI adds later are kept, never rejected.

/** Plain text block, in assistant output and in user prompts. */
export const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });

/** Extended thinking block; `signature` is opaque. */
export const ThinkingBlock = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string().optional(),
});

/** A tool call the model made; `input` is whatever JSON the tool takes. */
export const ToolUseBlock = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.unknown(),
});

/** The result of a tool call, sent back to the model as a user message. */
export const ToolResultBlock = z.looseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
  is_error: z.boolean().optional(),
});

/** Any block type this version does not know (redacted_thinking, image, server tools, …). */
export const OtherBlock = z.looseObject({ type: z.string() });

/**
 * A content block of any kind. One loose object with the known fields optional (rather than a
 * union of the kinds above): as tolerant, and several times faster on the hot path, since a union
 * tries each member in turn. Consumers check the fields they need.
 */
export const ContentBlock = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  thinking: z.string().optional(),
  signature: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.unknown().optional(),
  tool_use_id: z.string().optional(),
  content: z.unknown().optional(),
  is_error: z.boolean().optional(),
});
export type ContentBlock = z.infer<typeof ContentBlock>;

/** Token usage as the API reports it (cache fields optional). */
export const Usage = z.looseObject({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
});
export type Usage = z.infer<typeof Usage>;

/** The API message carried by `assistant` lines (one content block per line in stream-json). */
export const ApiMessage = z.looseObject({
  id: z.string(),
  role: z.literal("assistant"),
  model: z.string().optional(),
  content: z.array(ContentBlock),
  stop_reason: z.string().nullish(),
  usage: Usage.optional(),
});
export type ApiMessage = z.infer<typeof ApiMessage>;

/** The user-role message: a string or blocks (prompts, tool results, synthetic notes). */
export const UserApiMessage = z.looseObject({
  role: z.literal("user"),
  content: z.union([z.string(), z.array(ContentBlock)]),
});
export type UserApiMessage = z.infer<typeof UserApiMessage>;
