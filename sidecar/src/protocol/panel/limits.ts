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
