import { AgentPanelError } from "../errors.js";
import type { OutUserBlock } from "../protocol/claude/outbound.js";
import { formatMB, MAX_IMAGE_BASE64_BYTES, MAX_PROMPT_ATTACHMENT_BYTES } from "../protocol/panel/limits.js";

// Context the user attaches to a prompt (selected GameObjects, assets, console errors,
// screenshots). Text context travels as extra text blocks, clearly labelled; images as base64.

/** One piece of context attached to a prompt. */
export type ContextAttachment =
  | { kind: "text"; label: string; text: string }
  | { kind: "image"; label: string; mediaType: "image/png" | "image/jpeg" | "image/gif" | "image/webp"; base64: string };

/** The user-message blocks for a list of attachments, in order (throws attachment_too_large first if they are too big). */
export function attachmentBlocks(attachments: ContextAttachment[]): OutUserBlock[] {
  checkAttachments(attachments);
  return attachments.map((a): OutUserBlock => {
    if (a.kind === "text") return { type: "text", text: `<context label="${a.label.replace(/"/g, "'")}">\n${a.text}\n</context>` };
    return { type: "image", source: { type: "base64", media_type: a.mediaType, data: a.base64 } };
  });
}

/** Refuse attachments over the protocol's limits (per image, per prompt) with attachment_too_large. */
export function checkAttachments(attachments: readonly ContextAttachment[]): void {
  let total = 0;
  for (const a of attachments) {
    const bytes = a.kind === "image" ? a.base64.length : Buffer.byteLength(a.text, "utf8");
    if (a.kind === "image" && bytes > MAX_IMAGE_BASE64_BYTES) {
      throw new AgentPanelError("attachment_too_large", `The image "${a.label}" is ${formatMB(bytes)} as sent (base64); the limit is ${formatMB(MAX_IMAGE_BASE64_BYTES)} per image. Attach a smaller or more compressed image (about ${formatMB((MAX_IMAGE_BASE64_BYTES * 3) / 4)} as a file).`, { details: { label: a.label, bytes, limit: MAX_IMAGE_BASE64_BYTES } });
    }
    total += bytes;
  }
  if (total > MAX_PROMPT_ATTACHMENT_BYTES) {
    throw new AgentPanelError("attachment_too_large", `The attachments of this prompt are ${formatMB(total)} together; the limit is ${formatMB(MAX_PROMPT_ATTACHMENT_BYTES)} per prompt. Remove some, or send them with separate prompts.`, { details: { bytes: total, limit: MAX_PROMPT_ATTACHMENT_BYTES } });
  }
}
