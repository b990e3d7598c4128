import { z } from "zod";

// Content blocks and usage shared by assistant, user and stream_event messages. Every object is
// loose: fields the CLI adds later are kept, never rejected.

/**
 * A content block of any kind (text, thinking, tool_use, tool_result, or one this version does
 * not know): one loose object with the known fields optional. Consumers check the fields they need.
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
