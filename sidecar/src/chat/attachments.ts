import { AgentPanelError } from "../errors.js";
import type { OutUserBlock } from "../protocol/claude/outbound.js";

// Context the user attaches to a prompt (selected GameObjects, assets, console errors,
// screenshots). Text context travels as extra text blocks, clearly labelled; images as base64.

/** One piece of context attached to a prompt. */
export type ContextAttachment =
  | { kind: "text"; label: string; text: string }
  | { kind: "image"; label: string; mediaType: "image/png" | "image/jpeg" | "image/gif" | "image/webp"; base64: string };

/** Largest image we pass on (the API rejects bigger ones anyway). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The user-message blocks for a list of attachments, in order. */
export function attachmentBlocks(attachments: ContextAttachment[]): OutUserBlock[] {
  return attachments.map((a): OutUserBlock => {
    if (a.kind === "text") return { type: "text", text: `<context label="${a.label.replace(/"/g, "'")}">\n${a.text}\n</context>` };
    if (Math.floor((a.base64.length * 3) / 4) > MAX_IMAGE_BYTES) {
      throw new AgentPanelError("attachment_too_large", `The image "${a.label}" is larger than 5 MB; attach a smaller one.`);
    }
    return { type: "image", source: { type: "base64", media_type: a.mediaType, data: a.base64 } };
  });
}
