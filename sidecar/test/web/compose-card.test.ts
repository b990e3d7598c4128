import { describe, expect, it } from "vitest";
import { composeFacts, isComposeTool } from "../../src/web/app/view/compose-card.js";
import { pianoRollLayout } from "../../src/web/app/piano-roll.js";
import type { ToolItem } from "../../src/web/app/store.js";

// Which tool items get the compose card and what it reads from them; the piano roll's layout
// (the same rules as the Unity card's PianoRollLayout).

const item = (name: string, result: string, status: ToolItem["status"] = "ok"): ToolItem =>
  ({ kind: "tool", key: "t", toolUseId: "t", turnId: "1", name, summary: "", input: {}, parentToolUseId: null, status, result }) as ToolItem;
const note = (tick: number, length: number, key: number) => ({ type: "note", tick, length, key, cents: 0, gate: 1, slur: false });
const channel = (duration: number, ...events: { type: string; tick: number; length?: number; key?: number }[]) => ({
  events: [{ type: "tempo", tick: 0, bpm: 120 }, ...events],
  duration_ticks: duration,
});
const seq = (c: Partial<Record<"Pulse1" | "Pulse2" | "Triangle" | "Noise", ReturnType<typeof channel>>>) => ({
  channels: { Pulse1: channel(0), Pulse2: channel(0), Triangle: channel(0), Noise: channel(0), ...c },
});

describe("compose card facts", () => {
  it("matches compose_mml under any MCP server name, and nothing else", () => {
    expect(["compose_mml", "mcp__agent-panel__compose_mml", "mcp__music__compose_mml"].map(isComposeTool)).toEqual([true, true, true]);
    expect(["mcp____compose_mml", "compose_mml_x", "mcp__agent-panel__scene_list", "Bash"].map(isComposeTool)).toEqual([false, false, false, false]);
  });

  it("reads path, length, import status and IR from a successful compose; not from failures or other actions", () => {
    const text = JSON.stringify({
      success: true,
      wav_path: "Assets/Audio/Generated/a.wav",
      duration_sec: 1.5,
      note_sequence: seq({ Pulse1: channel(48, note(0, 48, 60)) }),
      unity_import: { status: "imported", message: "" },
    });
    const facts = composeFacts(item("mcp__agent-panel__compose_mml", `${text}\nmore words`))!;
    expect([facts.wavPath, facts.durationSec, facts.unityImport, facts.noteSequence !== null]).toEqual(["Assets/Audio/Generated/a.wav", 1.5, "imported", true]);
    expect(composeFacts(item("compose_mml", text, "error"))).toBeNull();
    expect(composeFacts(item("compose_mml", JSON.stringify({ success: false, wav_path: null })))).toBeNull();
    expect(composeFacts(item("compose_mml", JSON.stringify({ valid: true, errors: [] })))).toBeNull();
  });

  it("takes the path from a preview of a large result and leaves the IR to be fetched", () => {
    const preview =
      '<persisted-output>\nOutput too large (57.7KB).\n\nPreview (first 2KB):\n{"success":true,"wav_path":"Assets/Audio/Generated/b.wav","duration_sec":36,"note_sequence":{"version":2,"chan';
    expect(composeFacts(item("compose_mml", preview))).toEqual({ wavPath: "Assets/Audio/Generated/b.wav", durationSec: 36, noteSequence: null, unityImport: undefined });
  });
});

describe("piano roll layout", () => {
  it("puts pitch on y, time on x, and noise in a bottom lane", () => {
    const rects = pianoRollLayout(seq({ Pulse1: channel(192, note(0, 48, 60), note(48, 48, 64), note(96, 96, 67)) }), 192, 80);
    expect(rects.map((r) => [r.x, r.y, r.w, r.h])).toEqual([
      [0, 70, 48, 10],
      [48, 30, 48, 10],
      [96, 0, 96, 10],
    ]);
    const mixed = pianoRollLayout(seq({ Pulse1: channel(96, note(0, 96, 72)), Noise: channel(96, note(0, 24, 5), note(24, 24, 9)) }), 300, 100);
    expect(mixed.filter((r) => r.channel === "Noise").map((r) => [r.y, r.h])).toEqual([
      [82, 18],
      [82, 18],
    ]);
    expect(pianoRollLayout(seq({}), 100, 50)).toEqual([]);
  });
});
