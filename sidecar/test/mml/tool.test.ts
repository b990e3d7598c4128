import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMPOSE_MML_ENTRY, composeMmlProvider, toToolResult } from "../../src/mml/tool.js";
import { ToolInvoker } from "../../src/tools/invoker.js";
import { ToolRegistry } from "../../src/tools/registry.js";
import { ToolEntry } from "../../src/tools/types.js";
import { toolEffect } from "../../src/tools/effect.js";

const state = mkdtempSync(join(tmpdir(), "mml-tool-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

function setup(projectRoot: string | null = null, importAsset?: (p: string) => void) {
  const registry = new ToolRegistry();
  registry.add(composeMmlProvider(() => ({ projectRoot, stateDir: state, importAsset })));
  return { registry, invoker: new ToolInvoker(registry) };
}

describe("compose_mml as a catalog tool", () => {
  it("is a valid native catalog entry, idempotent (same arguments, same file and bytes) and not destructive", () => {
    expect(ToolEntry.parse(COMPOSE_MML_ENTRY)).toEqual(COMPOSE_MML_ENTRY);
    expect(COMPOSE_MML_ENTRY.provider).toBe("native");
    expect(COMPOSE_MML_ENTRY.annotations.idempotency).toBe("safe");
    expect(COMPOSE_MML_ENTRY.annotations.destructive).toBe(false);
    expect(Object.keys(COMPOSE_MML_ENTRY.inputSchema.properties as object)).toEqual(["action", "mml", "mode", "template", "sample_rate", "normalize", "output_path", "confirm"]);
    // it writes a file: never read-only, so no panel setting runs it without a card (issue #29, item 1)
    expect(toolEffect(COMPOSE_MML_ENTRY)).toBe("write");
  });

  it("runs through the registry and invoker: compose writes into the project and asks Unity to import", async () => {
    const project = mkdtempSync(join(tmpdir(), "mml-project-"));
    try {
      const imported: string[] = [];
      const { registry, invoker } = setup(project, (p) => void imported.push(p));
      expect(registry.list().map((e) => e.name)).toEqual(["compose_mml"]);
      const { result } = await invoker.call("compose_mml", { action: "compose", mode: "pyxel", mml: "0: T150 L8 @1 C E G > C4" });
      expect(result.ok).toBe(true);
      const s = result.structured as { wav_path: string; duration_sec: number; note_sequence: { version: number } };
      expect(s.wav_path).toMatch(/^Assets\/Audio\/Generated\/mml-[0-9a-f]{12}\.wav$/);
      expect([s.duration_sec, s.note_sequence.version]).toEqual([1, 2]);
      expect(imported).toEqual([s.wav_path]);
      expect(JSON.parse((result.content[0] as { text: string }).text).wav_path).toBe(s.wav_path);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it("answers bad values and wrong types with compose_mml's own codes (a wrong type: ARGUMENT_INVALID naming the field)", async () => {
    const { invoker } = setup();
    const unknown = (await invoker.call("compose_mml", { action: "compose", mode: "nes", mml: "A c" })).result;
    expect([unknown.ok, unknown.error?.code]).toEqual([false, "MODE_UNKNOWN"]);
    expect(unknown.error?.message).toMatch(/ppmck.*pyxel/);
    const rate = (await invoker.call("compose_mml", { action: "compose", mode: "ppmck", mml: "A c", sample_rate: 4000 })).result;
    expect(rate.error?.code).toBe("SAMPLE_RATE_OUT_OF_RANGE");
    const typed = (await invoker.call("compose_mml", { action: "compose", sample_rate: "fast" })).result;
    expect(typed.error?.code).toBe("ARGUMENT_INVALID");
    expect((typed.structured as { validation: { errors: { field: string }[] } }).validation.errors[0]!.field).toBe("sample_rate");
    const validate = (await invoker.call("compose_mml", { action: "validate", mode: "ppmck", mml: "A c x" })).result;
    expect([validate.ok, (validate.structured as { valid: boolean }).valid]).toEqual([true, false]);
  });

  it("keeps long note sequences out of the text content (they stay in the structured result)", () => {
    const big = { success: true, wav_path: "a.wav", duration_sec: 1, note_sequence: { pad: "x".repeat(30_000) } as never, validation: { errors: [], warnings: [] } };
    const r = toToolResult(big);
    expect((r.content[0] as { text: string }).text.length).toBeLessThan(1000);
    expect((r.structured as { note_sequence: { pad: string } }).note_sequence.pad.length).toBe(30_000);
  });
});
