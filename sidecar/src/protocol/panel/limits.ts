// The size limits of the panel protocol, in one place: what a prompt may carry and how large a
// frame may be. Both panels check the same numbers before sending (the generator writes them to
// docs/protocol/limits.json, which the Unity package's tests compare with its own constants).

const MiB = 1024 * 1024;

/** Largest image attachment, counted as its base64 text (the Anthropic API's own per-image limit). */
export const MAX_IMAGE_BASE64_BYTES = 5 * MiB;

/** Largest total of one prompt's attachments: the images' base64 plus the text attachments (UTF-8). */
export const MAX_PROMPT_ATTACHMENT_BYTES = 20 * MiB;

/** Largest text frame a client may send; a larger one is answered with frame_too_large and the connection stays open. */
export const MAX_FRAME_BYTES = 32 * MiB;

/** The sidecar stops reading a frame at this size: it answers frame_too_large, then closes with 1009 and a reason. */
export const FRAME_READ_LIMIT_BYTES = 64 * MiB;

/** The limits as published in docs/protocol/limits.json. */
export const PROTOCOL_LIMITS = {
  maxImageBase64Bytes: MAX_IMAGE_BASE64_BYTES,
  maxPromptAttachmentBytes: MAX_PROMPT_ATTACHMENT_BYTES,
  maxFrameBytes: MAX_FRAME_BYTES,
  frameReadLimitBytes: FRAME_READ_LIMIT_BYTES,
} as const;

/** "5 MB" for a byte count (MiB, one decimal when needed): the unit our messages use. */
export function formatMB(bytes: number): string {
  const mb = bytes / MiB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** An attachment as far as its size goes (the engine's and the protocol's ContextAttachment both fit). */
type Sized = { kind: "text"; label: string; text: string } | { kind: "image"; label: string; base64: string };

/** Why these attachments are over a limit (a message for the user), or undefined; `utf8Bytes` measures text. */
export function attachmentProblem(attachments: readonly Sized[], utf8Bytes: (text: string) => number): string | undefined {
  let total = 0;
  for (const a of attachments) {
    const bytes = a.kind === "image" ? a.base64.length : utf8Bytes(a.text);
    if (a.kind === "image" && bytes > MAX_IMAGE_BASE64_BYTES) {
      return `The image "${a.label}" is ${formatMB(bytes)} as sent (base64); the limit is ${formatMB(MAX_IMAGE_BASE64_BYTES)} per image. Attach a smaller or more compressed image (about ${formatMB((MAX_IMAGE_BASE64_BYTES * 3) / 4)} as a file).`;
    }
    total += bytes;
  }
  if (total <= MAX_PROMPT_ATTACHMENT_BYTES) return undefined;
  return `The attachments of this prompt are ${formatMB(total)} together; the limit is ${formatMB(MAX_PROMPT_ATTACHMENT_BYTES)} per prompt. Remove some, or send them with separate prompts.`;
}

/** Why a frame of this JSON text is too large to send (a message for the user), or undefined; `utf8Bytes` measures it. */
export function frameProblem(text: string, utf8Bytes: (text: string) => number, limit = MAX_FRAME_BYTES): string | undefined {
  // A UTF-16 unit is at most 3 UTF-8 bytes: most frames need no byte count at all.
  if (text.length * 3 <= limit) return undefined;
  const bytes = utf8Bytes(text);
  if (bytes <= limit) return undefined;
  return `This frame is ${formatMB(bytes)}; the sidecar takes frames up to ${formatMB(limit)}, so the command was not run. Send less at once: attachments may be ${formatMB(MAX_IMAGE_BASE64_BYTES)} per image and ${formatMB(MAX_PROMPT_ATTACHMENT_BYTES)} per prompt.`;
}
