import { describe, expect, it } from "vitest";
import { ChatEvent } from "../../src/protocol/chat-events.js";
import { ClientCommand, parseClientCommand } from "../../src/protocol/panel/commands.js";
import { PanelEvent } from "../../src/protocol/panel/events.js";
import { ErrorFrame, ServerFrame } from "../../src/protocol/panel/frames.js";
import { ErrorCode } from "../../src/protocol/error-codes.js";
import { PermissionAnswer } from "../../src/protocol/panel/inputs.js";
import { PROTOCOL_VERSION } from "../../src/protocol/panel/version.js";

// The panel protocol's zod schemas: PanelEvent is ChatEvent plus rendered text blocks; commands
// are validated strictly where it matters and tolerate unknown fields.

describe("PanelEvent", () => {
  it("covers exactly the engine's event types", () => {
    const types = (u: { options: readonly { shape: { type: { value: string } } }[] }) => u.options.map((o) => o.shape.type.value).sort();
    expect(types(PanelEvent)).toEqual(types(ChatEvent));
  });

  it("accepts text blocks with unity blocks and html, and rejects malformed unity blocks", () => {
    const final = {
      type: "message_final",
      turnId: "t1",
      messageId: "m",
      parentToolUseId: null,
      aborted: false,
      blocks: [{ index: 0, kind: "text", text: "**hi**", unity: [{ type: "paragraph", text: "<b>hi</b>" }], html: "<p><strong>hi</strong></p>" }],
    };
    expect(PanelEvent.parse(final)).toEqual(final);
    expect(PanelEvent.safeParse({ ...final, blocks: [{ ...final.blocks[0], unity: [{ type: "paragraph" }] }] }).success).toBe(false);
    const plain = { ...final, blocks: [{ index: 0, kind: "text", text: "hi" }] };
    expect(ChatEvent.parse(plain)).toEqual(PanelEvent.parse(plain));
  });
});

describe("ServerFrame", () => {
  it("rejects unknown kinds and events with seq 0", () => {
    expect(ServerFrame.safeParse({ kind: "teleport" }).success).toBe(false);
    expect(ServerFrame.safeParse({ kind: "event", chatId: "c1", seq: 0, event: { type: "notice", level: "info", code: "x", message: "m" } }).success).toBe(false);
    expect(ServerFrame.safeParse({ kind: "event", chatId: "c1", seq: 1, event: { type: "notice", level: "info", code: "x", message: "m" } }).success).toBe(true);
  });
});

describe("parseClientCommand", () => {
  it("parses every command and keeps unknown fields", () => {
    const r = parseClientCommand(JSON.stringify({ id: "1", cmd: "hello", protocol: PROTOCOL_VERSION, client: "browser", render: ["html", "ansi"], theme: "dark" }));
    expect(r).toEqual({ ok: true, command: { id: "1", cmd: "hello", protocol: 1, client: "browser", render: ["html", "ansi"], theme: "dark" } });
    expect(ClientCommand.options).toHaveLength(23);
  });

  it("classifies bad input with stable codes and the id when there is one", () => {
    expect(parseClientCommand("not json")).toMatchObject({ ok: false, code: "bad_json" });
    expect(parseClientCommand("null")).toMatchObject({ ok: false, code: "invalid_command" });
    expect(parseClientCommand('{"id":"7"}')).toMatchObject({ ok: false, id: "7", code: "invalid_command" });
    expect(parseClientCommand('{"id":"7","cmd":"history.rename"}')).toMatchObject({ ok: false, id: "7", code: "unknown_command" });
    expect(parseClientCommand('{"cmd":"chats.list"}')).toMatchObject({ ok: false, code: "invalid_command", message: expect.stringContaining("id") });
    const bad = parseClientCommand(JSON.stringify({ id: "8", cmd: "permission.answer", chatId: "c1", requestId: "r", answer: { kind: "maybe" } }));
    expect(bad).toMatchObject({ ok: false, id: "8", code: "invalid_command", message: expect.stringContaining("answer") });
    expect(parseClientCommand(JSON.stringify({ id: "9", cmd: "chat.send", chatId: "c1", text: "x", attachments: [{ kind: "image", label: "a", mediaType: "image/bmp", base64: "" }] }))).toMatchObject({
      ok: false,
      code: "invalid_command",
    });
  });

  it("mirrors the engine's permission answers", () => {
    for (const a of [
      { kind: "allow" },
      { kind: "allow_always", suggestions: [0, 2] },
      { kind: "deny", message: "no" },
      { kind: "deny_stop" },
      { kind: "answer_questions", answers: { "Which?": "A" } },
    ]) {
      expect(PermissionAnswer.parse(a)).toEqual(a);
    }
    expect(PermissionAnswer.safeParse({ kind: "allow_always", suggestions: [-1] }).success).toBe(false);
  });
});

describe("error codes", () => {
  it("an error frame carries one of the sidecar's codes and nothing else", () => {
    expect(ErrorFrame.safeParse({ kind: "error", id: "1", code: "chat_not_found", message: "No such chat." }).success).toBe(true);
    expect(ErrorFrame.safeParse({ kind: "error", id: "1", code: "made_up_code", message: "?" }).success).toBe(false);
  });

  it("lists each code once", () => {
    expect(ErrorCode.options.length).toBeGreaterThan(50);
    expect(new Set(ErrorCode.options).size).toBe(ErrorCode.options.length);
  });
});
