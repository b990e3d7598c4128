import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HookCallbackRequest, StreamEventMsg } from "../../src/protocol/claude/inbound.js";
import { Outbound } from "../../src/protocol/claude/outbound.js";
import { parseInbound } from "../../src/protocol/claude/parse.js";

const dir = join(import.meta.dirname, "../../../fixtures/reference/cli-2.1.332");
const files = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
const stdoutFiles = files.filter((f) => !f.endsWith(".stdin.jsonl"));
const stdinFiles = files.filter((f) => f.endsWith(".stdin.jsonl"));
const lines = (f: string) =>
  readFileSync(join(dir, f), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");

describe("claude stdout parsing", () => {
  it("has the reference captures", () => {
    expect(stdoutFiles.length).toBeGreaterThan(20);
  });

  it("parses every reference stdout line into a known message kind", () => {
    const kinds = new Map<string, number>();
    for (const file of stdoutFiles) {
      for (const line of lines(file)) {
        const parsed = parseInbound(JSON.parse(line));
        if (parsed.kind === "unknown") throw new Error(`${file}: ${parsed.reason} ${parsed.type}/${parsed.subtype} ${parsed.issues ?? ""}`);
        kinds.set(parsed.kind, (kinds.get(parsed.kind) ?? 0) + 1);
      }
    }
    for (const kind of ["system", "stream_event", "assistant", "user", "result", "control_request", "control_response", "control_cancel_request"]) {
      expect(kinds.get(kind), kind).toBeGreaterThan(0);
    }
  });

  it("keeps fields it does not model", () => {
    const parsed = parseInbound({ type: "result", subtype: "success", is_error: false, brand_new_field: { x: 1 } });
    expect(parsed.kind).toBe("result");
    expect((parsed as { msg: Record<string, unknown> }).msg.brand_new_field).toEqual({ x: 1 });
  });

  it("surfaces unknown types and subtypes instead of failing", () => {
    expect(parseInbound({ type: "hologram", x: 1 })).toMatchObject({ kind: "unknown", reason: "unknown_type", type: "hologram" });
    expect(parseInbound({ type: "system", subtype: "weather" })).toMatchObject({ kind: "unknown", reason: "unknown_type", subtype: "weather" });
    expect(parseInbound([1, 2])).toMatchObject({ kind: "unknown", reason: "unknown_type" });
    expect(parseInbound(null)).toMatchObject({ kind: "unknown" });
  });

  it("reports a known type with a broken shape as invalid_shape, with the path", () => {
    const parsed = parseInbound({ type: "assistant", message: { id: 5 } });
    expect(parsed).toMatchObject({ kind: "unknown", reason: "invalid_shape", type: "assistant" });
    expect((parsed as { issues: string }).issues).toContain("message");
  });

  it("does not mistake inherited property names for message types", () => {
    expect(parseInbound({ type: "toString" })).toMatchObject({ kind: "unknown", reason: "unknown_type" });
    expect(parseInbound({ type: "system", subtype: "constructor" })).toMatchObject({ kind: "unknown", reason: "unknown_type" });
  });
});

describe("outbound schemas", () => {
  it("accept every line the reference driver sent (except the deliberately invalid ones)", () => {
    let checked = 0;
    for (const file of stdinFiles) {
      if (file.startsWith("invalid-json") || file.startsWith("unknown-input")) continue;
      for (const line of lines(file)) {
        const value = JSON.parse(line);
        // The reference driver also probed control requests we never send; only check ours.
        const sub = value?.request?.subtype;
        if (value.type === "control_request" && !["initialize", "interrupt", "set_model", "set_permission_mode", "set_max_thinking_tokens", "mcp_status", "get_context_usage"].includes(sub)) continue;
        const result = Outbound.safeParse(value);
        if (!result.success) throw new Error(`${file}: ${line.slice(0, 200)} → ${result.error.issues[0]?.message}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe("hook callbacks (fixtures/captures/hook-write)", () => {
  const captured = (f: string) =>
    readFileSync(join(import.meta.dirname, "../../../fixtures/captures", f), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l));

  it("accepts what the sidecar sends: initialize with hooks, and {} answers to hook_callback", () => {
    const sent = captured("hook-write.stdin.jsonl");
    expect(sent[0].request.hooks.PreToolUse[0].matcher).toBe("Write|Edit|MultiEdit|NotebookEdit");
    for (const line of sent) expect(Outbound.safeParse(line).success, JSON.stringify(line).slice(0, 200)).toBe(true);
  });

  it("reads the CLI's hook_callback requests: tool, file path and tool_use_id, PreToolUse before PostToolUse", () => {
    const hooks = captured("hook-write.jsonl").filter((m) => m.type === "control_request" && m.request.subtype === "hook_callback");
    const parsed = hooks.map((m) => HookCallbackRequest.parse(m.request));
    expect(parsed.map((h) => h.input.hook_event_name)).toEqual(["PreToolUse", "PostToolUse", "PreToolUse", "PostToolUse"]);
    expect(parsed[0]).toMatchObject({ callback_id: "snap", input: { tool_name: "Write", tool_input: { file_path: "/home/dev/projects/MyGame/Assets/hello.txt" } } });
    expect(parsed[0]?.input.tool_use_id).toBe(parsed[0]?.tool_use_id);
    expect(parseInbound(hooks[0])).toMatchObject({ kind: "control_request" });
  });
});

describe("stream_event fast path", () => {
  it("gives the same result as the schema for every captured stream_event", () => {
    for (const file of stdoutFiles) {
      for (const line of lines(file)) {
        const value = JSON.parse(line);
        if (value.type !== "stream_event") continue;
        const parsed = parseInbound(value);
        expect(parsed.kind).toBe("stream_event");
        expect((parsed as { msg: unknown }).msg).toEqual(StreamEventMsg.parse(value));
      }
    }
  });

  it("still reports a malformed stream_event through the schema", () => {
    const bad = parseInbound({ type: "stream_event", event: { type: "content_block_delta", index: "zero", delta: { type: "text_delta", text: "x" } } });
    expect(bad).toMatchObject({ kind: "unknown", reason: "invalid_shape" });
    expect((bad as { issues: string }).issues).toContain("event.index");
    expect(parseInbound({ type: "stream_event", event: null })).toMatchObject({ kind: "unknown", reason: "invalid_shape" });
  });
});
