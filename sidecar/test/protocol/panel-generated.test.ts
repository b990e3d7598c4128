import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, beforeAll } from "vitest";
import { preloadHtmlRenderer, renderBlocks } from "../../src/bridge/hubs/hub-render.js";
import { checkProtocolFiles, generateProtocolFiles } from "../../../scripts/protocol/generate.js";

// docs/protocol (JSON Schema + golden samples) must be exactly what the generator produces from
// the zod schemas; when this fails, run `npm run gen:protocol` and commit the result.

const DOCS = join(import.meta.dirname, "../../../docs/protocol");

describe("generated protocol files", () => {
  beforeAll(() => preloadHtmlRenderer());

  it("docs/protocol is up to date with the schemas and samples", () => {
    expect(checkProtocolFiles(DOCS, renderBlocks)).toEqual([]);
  });

  it("has one sample per frame kind, event type and command, and draft 2020-12 schemas", () => {
    const files = generateProtocolFiles(renderBlocks);
    const names = [...files.keys()];
    for (const kind of ["welcome", "ack", "error", "event", "snapshot", "chats"]) expect(names).toContain(`samples/frame-${kind}.json`);
    for (const type of [
      "state",
      "init",
      "user_message",
      "turn_started",
      "message_start",
      "message_delta",
      "message_final",
      "tool_started",
      "tool_finished",
      "permission_requested",
      "permission_resolved",
      "subagent",
      "turn_result",
      "notice",
      "unknown",
    ]) {
      expect(names).toContain(`samples/event-${type}.json`);
    }
    for (const cmd of ["hello", "chats.list", "chat.open", "chat.close", "chat.send", "chat.interrupt", "permission.answer", "chat.setModel", "chat.setPermissionMode", "subscribe", "unsubscribe"]) {
      expect(names).toContain(`samples/command-${cmd}.json`);
    }
    const final = JSON.parse(files.get("samples/event-message_final.json")!);
    expect(final.blocks.find((b: { kind: string }) => b.kind === "text")).toMatchObject({ unity: expect.any(Array), html: expect.stringContaining("<") });
    for (const name of ["server-frame", "client-command", "panel-event"]) {
      expect(JSON.parse(files.get(`${name}.schema.json`)!)).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", oneOf: expect.any(Array) });
    }
  });

  it("reports outdated, missing and stray files", () => {
    const dir = mkdtempSync(join(tmpdir(), "ap-proto-"));
    try {
      cpSync(DOCS, dir, { recursive: true });
      writeFileSync(join(dir, "samples/frame-ack.json"), "{}\n");
      unlinkSync(join(dir, "panel-event.schema.json"));
      writeFileSync(join(dir, "samples/frame-old.json"), "{}\n");
      expect(checkProtocolFiles(dir, renderBlocks).sort()).toEqual(["missing: panel-event.schema.json", "not generated (remove it): samples/frame-old.json", "outdated: samples/frame-ack.json"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses an invalid sample", () => {
    expect(() => generateProtocolFiles(() => ({ unity: [{ type: "paragraph" }] as never }))).toThrow(/sample (frame-snapshot|event-message_final) does not match its schema/);
  });
});
