import { describe, expect, it } from "vitest";
import { clipEvent, frameData, frameJson, hasJsonForms, sizedEventJson } from "../../../src/bridge/hubs/event-json.js";
import { boundEvent, CLIPPED_STRING_CHARS, MAX_EVENT_BYTES } from "../../../src/bridge/hubs/hub-bounds.js";
import { forClient } from "../../../src/bridge/server/router-frames.js";
import { clipStrings } from "../../../src/protocol/json-bounds.js";
import type { PanelEvent } from "../../../src/protocol/panel/events.js";
import { jsonFormsOf, toJsonForm, withJsonForms } from "../../../src/render/json-forms.js";

// Frames carrying rendered forms as the worker's JSON are spliced, not re-serialized: the bytes a
// client receives must be exactly JSON.stringify of the same frame with the forms parsed.

type Final = Extract<PanelEvent, { type: "message_final" }>;
const clip = (v: unknown): unknown => clipStrings(v, CLIPPED_STRING_CHARS);

/** The same final message twice: with JSON forms (as the hub publishes it) and with parsed forms. */
function pair(text: string, unity: unknown, html: string | undefined): { spliced: Final; plain: Final } {
  const head = { type: "message_final" as const, turnId: "t1", messageId: "m1", parentToolUseId: null };
  const thinking = { index: 0, kind: "thinking" as const, text: "hmm ✓" };
  const base = { index: 1, kind: "text" as const, text };
  const forms = { unity: toJsonForm(unity, clip), ...(html !== undefined ? { html: toJsonForm(html, clip) } : {}) };
  const spliced = { ...head, blocks: [thinking, withJsonForms(base, forms)], aborted: false, error: undefined } as unknown as Final;
  const plain = { ...head, blocks: [thinking, { ...base, unity, ...(html !== undefined ? { html } : {}) }], aborted: false, error: undefined } as unknown as Final;
  return { spliced, plain };
}

const WANTED = [
  { unity: true, html: true },
  { unity: true, html: false },
  { unity: false, html: true },
  { unity: false, html: false },
];

describe("event and frame JSON with spliced forms", () => {
  it("gives the bytes and size of JSON.stringify for event, snapshot and history-page frames, for every client", () => {
    const { spliced, plain } = pair('**héllo** \u2028 "quoted" ✓', [{ type: "paragraph", text: "héllo \u0001" }], "<p>héllo</p>");
    expect(hasJsonForms(spliced)).toBe(true);
    expect(hasJsonForms(plain)).toBe(false);
    const sized = sizedEventJson(spliced)!;
    expect(sized.bytes).toBe(Buffer.byteLength(JSON.stringify(plain)));
    expect(sized.parts.some((p) => p instanceof Uint8Array)).toBe(true);
    for (const wanted of WANTED) {
      const frames = [
        { kind: "event", chatId: "c1", seq: 7, event: forClient(spliced, wanted) },
        { kind: "snapshot", chatId: "c1", seq: 9, events: [{ type: "state", state: "idle" }, forClient(spliced, wanted), forClient(spliced, wanted)] },
        { kind: "ack", id: "q1", result: { sessionId: "s", events: [forClient(spliced, wanted)], cursor: null, warnings: undefined } },
      ];
      const plainFrames = [
        { kind: "event", chatId: "c1", seq: 7, event: forClient(plain, wanted) },
        { kind: "snapshot", chatId: "c1", seq: 9, events: [{ type: "state", state: "idle" }, forClient(plain, wanted), forClient(plain, wanted)] },
        { kind: "ack", id: "q1", result: { sessionId: "s", events: [forClient(plain, wanted)], cursor: null, warnings: undefined } },
      ];
      frames.forEach((frame, i) => {
        expect(frameJson(frame)).toBe(JSON.stringify(plainFrames[i]));
        const data = frameData(frame);
        expect(Buffer.from(data).equals(Buffer.from(JSON.stringify(plainFrames[i])))).toBe(true);
      });
    }
  });

  it("leaves frames without JSON forms to JSON.stringify (a string for the socket)", () => {
    const { plain } = pair("plain", [], "<p>plain</p>");
    const frame = { kind: "event", chatId: "c1", seq: 1, event: plain };
    expect(frameData(frame)).toBe(JSON.stringify(frame));
    expect(frameData({ kind: "chats", chats: [] })).toBe('{"kind":"chats","chats":[]}');
  });

  it("clips an over-size event like clipStrings does to the parsed event, without parsing its forms", () => {
    const long = "x".repeat(CLIPPED_STRING_CHARS + 10);
    const { spliced, plain } = pair(
      long,
      [
        { type: "code", text: long },
        { type: "paragraph", text: "short" },
      ],
      `<p>${long}</p>`,
    );
    const clipped = clipEvent(spliced, CLIPPED_STRING_CHARS);
    expect(jsonFormsOf((clipped as Final).blocks[1]!)).toBeDefined(); // still JSON forms
    const expected = clipStrings(plain, CLIPPED_STRING_CHARS);
    expect(frameJson({ kind: "event", chatId: "c", seq: 1, event: clipped })).toBe(JSON.stringify({ kind: "event", chatId: "c", seq: 1, event: expected }));
    expect(clipped).toEqual(expected);
  });

  it("bounds an event of JSON forms past MAX_EVENT_BYTES exactly as the parsed event, keeping the forms unparsed", () => {
    const part = "Some **bold** text, `a.cs`, ünïcödé ✓.\n\n";
    let text = "";
    while (text.length < 800 * 1024) text += part;
    const unity = Array.from({ length: 4000 }, (_, i) => ({ type: "paragraph", text: `${part} ${i}` }));
    const { spliced, plain } = pair(text, unity, `<div>${text}</div>`);
    expect(Buffer.byteLength(JSON.stringify(plain))).toBeGreaterThan(MAX_EVENT_BYTES);
    const a = boundEvent(spliced);
    const b = boundEvent(plain);
    expect(a.bytes).toBe(b.bytes);
    expect(a.bytes).toBeLessThanOrEqual(MAX_EVENT_BYTES);
    expect(jsonFormsOf((a.event as Final).blocks[1]!)).toBeDefined();
    expect(frameJson({ kind: "event", chatId: "c", seq: 1, event: a.event })).toBe(JSON.stringify({ kind: "event", chatId: "c", seq: 1, event: b.event }));
    // Small enough: kept as it is, with its exact size.
    const small = pair("hi", [], "<p>hi</p>");
    expect(boundEvent(small.spliced)).toEqual({ event: small.spliced, bytes: Buffer.byteLength(JSON.stringify(small.plain)) });
  });

  it("turns an event that cannot be serialized into a notice even when it carries JSON forms", () => {
    const { spliced } = pair("x", [], "<p>x</p>");
    const bad = { ...spliced, extra: 1n } as unknown as PanelEvent;
    const out = boundEvent(bad);
    expect(out.event).toMatchObject({ type: "notice", code: "event_unserializable" });
  });
});
