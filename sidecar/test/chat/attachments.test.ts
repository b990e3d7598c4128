import { describe, expect, it } from "vitest";
import { attachmentBlocks, MAX_IMAGE_BYTES } from "../../src/chat/attachments.js";
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

  it("refuses images over the size limit with a typed error", () => {
    const big = "A".repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8);
    expect(() => attachmentBlocks([{ kind: "image", label: "huge", mediaType: "image/png", base64: big }])).toThrow(expect.objectContaining({ code: "attachment_too_large" }));
  });
});
