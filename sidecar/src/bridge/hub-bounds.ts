import { clipStrings, tryStringify } from "../protocol/json-bounds.js";
import type { PanelEvent } from "../protocol/panel/events.js";

// The last check before an event is numbered, buffered and sent: it must serialize, and it must be
// small enough that a client can receive it without passing its send-buffer limit (a client that
// does is disconnected, and would be again on every reconnect). A too-big event keeps its shape
// with its longest strings shortened; one that still does not fit, or cannot be serialized at
// all, becomes a notice saying what was left out.

/** Largest serialized event kept as is (clients are disconnected past 16 MB queued). */
export const MAX_EVENT_BYTES = 2 * 1024 * 1024;
/** Length strings are cut to when an event is over MAX_EVENT_BYTES. */
export const CLIPPED_STRING_CHARS = 64 * 1024;

/** The event to publish and its serialized size in bytes. Never throws. */
export function boundEvent(event: PanelEvent): { event: PanelEvent; bytes: number } {
  const text = tryStringify(event);
  if (text === undefined) return notice(event, "event_unserializable", `A ${event.type} event could not be encoded and was left out.`);
  const bytes = Buffer.byteLength(text);
  if (bytes <= MAX_EVENT_BYTES) return { event, bytes };
  const clipped = clipStrings(event, CLIPPED_STRING_CHARS) as PanelEvent;
  const again = tryStringify(clipped);
  const clippedBytes = again === undefined ? Infinity : Buffer.byteLength(again);
  if (clippedBytes <= MAX_EVENT_BYTES) return { event: clipped, bytes: clippedBytes };
  return notice(event, "event_too_large", `A ${event.type} event of ${Math.round(bytes / 1024)} KB was too large to show and was left out.`);
}

function notice(original: PanelEvent, code: string, message: string): { event: PanelEvent; bytes: number } {
  const event: PanelEvent = { type: "notice", level: "warning", code, message, data: { type: original.type } };
  return { event, bytes: Buffer.byteLength(JSON.stringify(event)) };
}
