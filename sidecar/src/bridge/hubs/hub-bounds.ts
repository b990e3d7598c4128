import type { PanelEvent } from "../../protocol/panel/events.js";
import { clipEvent, sizedEventJson } from "./event-json.js";

// The last check before an event is numbered, buffered and sent: it must serialize, and it must be
// small enough that a client can receive it without passing its send-buffer limit (a client that
// does is disconnected, and would be again on every reconnect). A too-big event keeps its shape
// with its longest strings shortened; one that still does not fit, or cannot be serialized at
// all, becomes a notice saying what was left out. Rendered forms kept as JSON are measured and
// shortened as JSON (event-json.ts), without parsing them.

/** Largest serialized event kept as is (clients are disconnected past 16 MB queued). */
export const MAX_EVENT_BYTES = 2 * 1024 * 1024;
/** Length strings are cut to when an event is over MAX_EVENT_BYTES. */
export const CLIPPED_STRING_CHARS = 64 * 1024;

/** The event to publish and its serialized size in bytes. Never throws. */
export function boundEvent(event: PanelEvent): { event: PanelEvent; bytes: number } {
  const bytes = trySize(event);
  if (bytes === undefined) return notice(event, "event_unserializable", `A ${event.type} event could not be encoded and was left out.`);
  if (bytes <= MAX_EVENT_BYTES) return { event, bytes };
  const clipped = clipEvent(event, CLIPPED_STRING_CHARS);
  const clippedBytes = trySize(clipped) ?? Infinity;
  if (clippedBytes <= MAX_EVENT_BYTES) return { event: clipped, bytes: clippedBytes };
  return notice(event, "event_too_large", `A ${event.type} event of ${Math.round(bytes / 1024)} KB was too large to show and was left out.`);
}

function notice(original: PanelEvent, code: string, message: string): { event: PanelEvent; bytes: number } {
  const event: PanelEvent = { type: "notice", level: "warning", code, message, data: { type: original.type } };
  return { event, bytes: Buffer.byteLength(JSON.stringify(event)) };
}

/** Serialized size in UTF-8 bytes, or undefined when the event cannot be serialized. Never throws. */
function trySize(event: PanelEvent): number | undefined {
  try {
    return sizedEventJson(event)?.bytes;
  } catch {
    return undefined;
  }
}
