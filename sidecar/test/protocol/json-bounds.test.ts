import { describe, expect, it } from "vitest";
import { boundEvent, MAX_EVENT_BYTES } from "../../src/bridge/hubs/hub-bounds.js";
import { LineSplitter } from "../../src/claude/framing.js";
import { boundDepth, CLIPPED_DEPTH, containsClipped, exceedsDepth, MAX_JSON_DEPTH } from "../../src/protocol/json-bounds.js";

// Depth and size bounds on JSON that comes from outside: a value nested deeper than the limit is
// cut where it is parsed (so stringify never overflows later), an event too big to send keeps its
// shape with long strings shortened, and one that cannot be encoded becomes a notice.

const deep = (n: number): string => '{"a":'.repeat(n) + "1" + "}".repeat(n);

describe("json bounds", () => {
  it("measures depth without recursion, at any depth", () => {
    expect(exceedsDepth(JSON.parse(deep(MAX_JSON_DEPTH)))).toBe(false);
    expect(exceedsDepth(JSON.parse(deep(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(exceedsDepth(JSON.parse("[".repeat(50_000) + "]".repeat(50_000)))).toBe(true);
  });

  it("cuts the part below the limit, marks it, and leaves shallow values untouched", () => {
    const shallow = { a: [1, { b: "c" }] };
    expect(boundDepth(shallow)).toEqual({ value: shallow, clipped: false });
    const bounded = boundDepth(JSON.parse(deep(10_000)));
    expect(bounded.clipped).toBe(true);
    expect(() => JSON.stringify(bounded.value)).not.toThrow();
    expect(containsClipped(bounded.value)).toBe(true);
    expect(JSON.stringify(bounded.value)).toContain(CLIPPED_DEPTH);
  });

  it("frames a too-deep stdout line as a clipped JSON value instead of passing it on whole", () => {
    const [frame] = new LineSplitter().push(Buffer.from(`{"type":"assistant","x":${deep(6000)}}\n`));
    expect(frame).toMatchObject({ kind: "json", clipped: true });
    expect(() => JSON.stringify((frame as { value: unknown }).value)).not.toThrow();
  });
});

describe("event bounds", () => {
  it("keeps small events as they are, with their size", () => {
    const event = { type: "notice", level: "info", code: "x", message: "hi" } as const;
    expect(boundEvent(event)).toEqual({ event, bytes: JSON.stringify(event).length });
  });

  it("shortens the long strings of an event too big to send, and says how much was left out", () => {
    const { event, bytes } = boundEvent({ type: "user_message", turnId: "t", text: "y".repeat(MAX_EVENT_BYTES + 10), queued: false, attachments: 0 });
    expect(bytes).toBeLessThan(MAX_EVENT_BYTES);
    expect(event).toMatchObject({ type: "user_message", text: expect.stringContaining("more characters left out") });
  });

  it("turns an event that cannot be encoded into a notice", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const { event } = boundEvent({ type: "notice", level: "info", code: "x", message: "m", data: cyclic });
    expect(event).toMatchObject({ type: "notice", code: "event_unserializable" });
  });

  it("turns an event that stays too big after shortening into a notice", () => {
    const many = Array.from({ length: 64 }, () => "z".repeat(100_000));
    const { event } = boundEvent({ type: "unknown", reason: "r", raw: many });
    expect(event).toMatchObject({ type: "notice", code: "event_too_large" });
  });
});
