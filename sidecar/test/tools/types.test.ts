import { describe, expect, it } from "vitest";
import { ToolEntry, ToolResult, errorResult, toolEntry } from "../../src/tools/types.js";

describe("tool contract", () => {
  it("applies annotation defaults: unsafe, not destructive, 100k result limit", () => {
    const e = toolEntry({ name: "scene_list", description: "d", inputSchema: { type: "object" }, provider: "unity" });
    expect(e.annotations.idempotency).toBe("unsafe");
    expect(e.annotations.destructive).toBe(false);
    expect(e.annotations.maxResultSizeChars).toBe(100_000);
  });

  it("refuses names outside ^[a-z][a-z0-9_]{0,63}$", () => {
    for (const name of ["Scene", "1x", "a-b", "a".repeat(65), ""]) {
      expect(ToolEntry.safeParse({ name, description: "", inputSchema: { type: "object" }, provider: "native" }).success).toBe(false);
    }
    expect(ToolEntry.safeParse({ name: "a".repeat(64), description: "", inputSchema: { type: "object" }, provider: "native" }).success).toBe(true);
  });

  it("requires an object input schema", () => {
    expect(ToolEntry.safeParse({ name: "x", description: "", inputSchema: { type: "string" }, provider: "native" }).success).toBe(false);
  });

  it("results carry text and images; errors are typed", () => {
    expect(ToolResult.safeParse({ ok: true, content: [{ type: "image", data: "AAAA", mimeType: "image/png" }] }).success).toBe(true);
    expect(ToolResult.safeParse({ ok: true, content: [{ type: "audio", data: "" }] }).success).toBe(false);
    expect(ToolResult.parse(errorResult("tool_failed", "m")).error).toEqual({ code: "tool_failed", message: "m" });
  });
});
