import { describe, expect, it } from "vitest";
import { attachmentBlocks } from "../../src/chat/attachments.js";
import { MAX_IMAGE_BASE64_BYTES, MAX_PROMPT_ATTACHMENT_BYTES } from "../../src/protocol/panel/limits.js";
import { serializeOutbound } from "../../src/claude/writer.js";
import { userMessage } from "../../src/protocol/claude/outbound.js";

describe("attachmentBlocks", () => {
  it("labels text context and passes images as base64 blocks, in order", () => {
    const blocks = attachmentBlocks([
      { kind: "text", label: 'Selection "Player"', text: "GameObject Player\n  Transform (0,1,0)" },
      { kind: "image", label: "Game view", mediaType: "image/png", base64: "iVBORw0KGgo=" },
    ]);
    expect(blocks[0]).toEqual({ type: "text", text: "<context label=\"Selection 'Player'\">\nGameObject Player\n  Transform (0,1,0)\n</context>" });
    expect(blocks[1]).toEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } });
    // The message with attachments still serializes to one valid line.
    const line = serializeOutbound(userMessage("Fix this", blocks));
    expect(JSON.parse(line).message.content).toHaveLength(3);
  });

  it("refuses an image over the per-image limit, counted as base64, with a typed error that says the numbers", () => {
    const image = (n: number) => ({ kind: "image" as const, label: "shot", mediaType: "image/png" as const, base64: "A".repeat(n) });
    expect(attachmentBlocks([image(MAX_IMAGE_BASE64_BYTES)])).toHaveLength(1);
    expect(() => attachmentBlocks([image(MAX_IMAGE_BASE64_BYTES + 1)])).toThrow(
      expect.objectContaining({ code: "attachment_too_large", message: expect.stringContaining("the limit is 5 MB per image") }),
    );
  });

  it("refuses a prompt whose attachments together pass the per-prompt limit", () => {
    const image = { kind: "image" as const, label: "shot", mediaType: "image/png" as const, base64: "A".repeat(MAX_IMAGE_BASE64_BYTES) };
    const four = [image, image, image, image];
    expect(attachmentBlocks(four)).toHaveLength(4);
    // Text attachments count in UTF-8 bytes: one more byte (two for "é") passes the total.
    expect(() => attachmentBlocks([...four, { kind: "text", label: "log", text: "é" }])).toThrow(
      expect.objectContaining({ code: "attachment_too_large", message: expect.stringContaining("20 MB per prompt") }),
    );
    expect(4 * MAX_IMAGE_BASE64_BYTES).toBe(MAX_PROMPT_ATTACHMENT_BYTES);
  });
});
