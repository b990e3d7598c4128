import { clipStrings } from "../../protocol/json-bounds.js";
import type { PanelEvent } from "../../protocol/panel/events.js";
import { baseFields, clippedForms, jsonFormsOf, withJsonForms } from "../../render/json-forms.js";

// JSON of events and frames, the same bytes JSON.stringify gives, except that text blocks
// carrying JSON forms (render/json-forms.ts) get those UTF-8 bytes copied in as they are: a big
// rendered message is never parsed, re-serialized or re-encoded on the event loop. Everything
// without JSON forms goes through JSON.stringify as before.

/** JSON as pieces (text, and UTF-8 bytes of JSON forms) with its total UTF-8 size. */
export interface SizedJson {
  parts: Array<string | Uint8Array>;
  bytes: number;
}

/** True when the event is a final message with at least one block carrying JSON forms. */
export function hasJsonForms(event: unknown): boolean {
  const e = event as { type?: unknown; blocks?: unknown } | null;
  return typeof e === "object" && e !== null && e.type === "message_final" && Array.isArray(e.blocks) && e.blocks.some((b) => typeof b === "object" && b !== null && jsonFormsOf(b) !== undefined);
}

/** The event's JSON pieces and size (undefined when JSON.stringify gives nothing); throws what JSON.stringify throws. */
export function sizedEventJson(event: PanelEvent): SizedJson | undefined {
  if (!hasJsonForms(event)) return sized(event);
  const blocks = (event as { blocks: object[] }).blocks.map(blockJson);
  return objectJson(event, new Map([["blocks", arrayJson(blocks)]]));
}

/**
 * What the socket sends for a frame: its JSON text, or for a frame carrying JSON forms the same
 * JSON as one UTF-8 buffer (to be sent as a text frame).
 */
export function frameData(frame: object): string | Buffer {
  const spliced = splicedFrame(frame);
  return spliced === undefined
    ? JSON.stringify(frame)
    : Buffer.concat(
        spliced.parts.map((p) => (typeof p === "string" ? Buffer.from(p) : p)),
        spliced.bytes,
      );
}

/** The frame's JSON text (frameData as a string). */
export function frameJson(frame: object): string {
  const data = frameData(frame);
  return typeof data === "string" ? data : data.toString("utf8");
}

/** clipStrings for an event: JSON forms are replaced by their shortened JSON instead of being parsed and walked. */
export function clipEvent(event: PanelEvent, maxChars: number): PanelEvent {
  if (!hasJsonForms(event)) return clipStrings(event, maxChars) as PanelEvent;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    out[key] =
      key !== "blocks"
        ? clipStrings(value, maxChars)
        : (value as object[]).map((b) => {
            const forms = jsonFormsOf(b);
            return forms ? withJsonForms(clipStrings(baseFields(b), maxChars) as object, clippedForms(forms)) : clipStrings(b, maxChars);
          });
  }
  return out as PanelEvent;
}

/** The pieces of a frame that carries events with JSON forms (event, snapshot, history page ack); undefined for any other frame. */
function splicedFrame(frame: object): SizedJson | undefined {
  const f = frame as { kind?: unknown; event?: unknown; events?: unknown; result?: unknown };
  if (f.kind === "event" && hasJsonForms(f.event)) return objectJson(frame, new Map([["event", sizedEventJson(f.event as PanelEvent)]]));
  if (f.kind === "snapshot" && Array.isArray(f.events) && f.events.some(hasJsonForms)) return objectJson(frame, new Map([["events", eventsJson(f.events)]]));
  const result = f.result as { events?: unknown } | undefined;
  if (f.kind === "ack" && typeof result === "object" && result !== null && Array.isArray(result.events) && result.events.some(hasJsonForms)) {
    return objectJson(frame, new Map([["result", objectJson(result, new Map([["events", eventsJson(result.events)]]))]]));
  }
  return undefined;
}

function eventsJson(events: PanelEvent[]): SizedJson {
  return arrayJson(events.map((e) => sizedEventJson(e)));
}

function blockJson(block: object): SizedJson | undefined {
  const forms = jsonFormsOf(block);
  if (!forms) return sized(block);
  const spliced = new Map<string, SizedJson>();
  if (forms.unity) spliced.set("unity", { parts: [forms.unity.json], bytes: forms.unity.json.byteLength });
  if (forms.html) spliced.set("html", { parts: [forms.html.json], bytes: forms.html.json.byteLength });
  return objectJson(block, spliced);
}

function sized(value: unknown): SizedJson | undefined {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? undefined : { parts: [json], bytes: Buffer.byteLength(json) };
}

/** As JSON.stringify of an object: own enumerable keys in order, keys whose value has no JSON left out; `given` supplies some values. */
function objectJson(obj: object, given: Map<string, SizedJson | undefined>): SizedJson {
  const out = new JsonBuilder("{");
  let first = true;
  for (const key of Object.keys(obj)) {
    const value = given.has(key) ? given.get(key) : sized((obj as Record<string, unknown>)[key]);
    if (value === undefined) continue;
    out.text(`${first ? "" : ","}${JSON.stringify(key)}:`);
    out.add(value);
    first = false;
  }
  return out.end("}");
}

/** As JSON.stringify of an array: an element with no JSON becomes null. */
function arrayJson(items: Array<SizedJson | undefined>): SizedJson {
  const out = new JsonBuilder("[");
  items.forEach((item, i) => {
    if (i > 0) out.text(",");
    out.add(item ?? { parts: ["null"], bytes: 4 });
  });
  return out.end("]");
}

/**
 * Collects pieces, merging adjacent text so a frame has few pieces. Sizes are summed from the
 * pieces' own sizes: measuring the merged text again would walk a rope, which V8 does slowly.
 */
class JsonBuilder {
  private readonly parts: Array<string | Uint8Array> = [];
  private pending: string;
  private bytes: number;

  constructor(open: string) {
    this.pending = open;
    this.bytes = 1;
  }

  /** Append ASCII punctuation or a key (measured here). */
  text(s: string): void {
    this.pending += s;
    this.bytes += Buffer.byteLength(s);
  }

  add(value: SizedJson): void {
    this.bytes += value.bytes;
    for (const p of value.parts) {
      if (typeof p === "string") this.pending += p;
      else {
        if (this.pending !== "") this.parts.push(this.pending);
        this.pending = "";
        this.parts.push(p);
      }
    }
  }

  end(close: string): SizedJson {
    this.parts.push(this.pending + close);
    return { parts: this.parts, bytes: this.bytes + 1 };
  }
}
