import { AgentPanelError } from "../shared/errors.js";
import type { OutUserBlock } from "../protocol/claude/outbound.js";
import type { ContextAttachment } from "../protocol/panel/inputs.js";
import { attachmentProblem } from "../protocol/panel/limits.js";

// Context the user attaches to a prompt (selected GameObjects, assets, console errors,
// screenshots). Text context travels as extra text blocks, clearly labelled; images as base64.

/** One piece of context attached to a prompt (its schema is the panel protocol's). */
export type { ContextAttachment };

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
  const problem = attachmentProblem(attachments, (text) => Buffer.byteLength(text, "utf8"));
  if (problem !== undefined) throw new AgentPanelError("attachment_too_large", problem);
}
