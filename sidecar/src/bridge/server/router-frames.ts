import { AgentPanelError } from "../../shared/errors.js";
import type { PanelEvent } from "../../protocol/panel/events.js";
import type { ServerFrameOf } from "../../protocol/panel/frames.js";
import { PROTOCOL_VERSION } from "../../protocol/panel/version.js";
import { frameProblem, MAX_FRAME_BYTES } from "../../protocol/panel/limits.js";
import { baseFields, jsonFormsOf, pickForms, withJsonForms } from "../../render/json-forms.js";

// Small pure helpers of the router: per-client trimming of rendered forms, error frames, and
// the protocol-mismatch message that tells the user which side to update.

/** Which rendered forms a client asked for in hello. */
export interface RenderWanted {
  unity: boolean;
  html: boolean;
}

/** The event as this client should get it: message_final text blocks keep only the forms asked for. */
export function forClient(event: PanelEvent, wanted: RenderWanted): PanelEvent {
  if (event.type !== "message_final" || (wanted.unity && wanted.html)) return event;
  return {
    ...event,
    blocks: event.blocks.map((b) => {
      const forms = jsonFormsOf(b);
      if (forms) return withJsonForms(baseFields(b), pickForms(forms, wanted)); // the JSON stays unparsed
      if (b.unity === undefined && b.html === undefined) return b;
      const { unity, html, ...rest } = b;
      return { ...rest, ...(wanted.unity && unity !== undefined ? { unity } : {}), ...(wanted.html && html !== undefined ? { html } : {}) };
    }),
  };
}

/** An error frame for a failed command; unexpected errors get a generic code, never a stack. */
export function toErrorFrame(err: unknown, id: string | undefined): ServerFrameOf<"error"> {
  const known = err instanceof AgentPanelError;
  const code = known ? err.code : "internal_error";
  const message = known ? err.message : `The sidecar failed to run the command (${err instanceof Error ? err.message : String(err)}). Try again; if it persists, restart the sidecar.`;
  const data = known && err.details !== undefined ? { data: err.details } : {};
  return id !== undefined ? { kind: "error", id, code, message, ...data } : { kind: "error", code, message, ...data };
}

/** The error for a hello with another protocol version, naming the side to update. */
export function protocolMismatch(clientProtocol: number, client: string): AgentPanelError {
  const clientName = client === "unity" ? "the Unity package (Agent Panel)" : client === "browser" ? "the browser page (reload it)" : "the client";
  const message =
    clientProtocol > PROTOCOL_VERSION
      ? `The client speaks panel protocol ${clientProtocol} but this sidecar speaks ${PROTOCOL_VERSION}: update the sidecar (agent-panel) to the version that matches ${clientName}.`
      : `The client speaks panel protocol ${clientProtocol} but this sidecar speaks ${PROTOCOL_VERSION}: update ${clientName} to match the sidecar.`;
  return new AgentPanelError("protocol_mismatch", message, { details: { client: clientProtocol, server: PROTOCOL_VERSION } });
}

/** The frame_too_large answer for a frame over MAX_FRAME_BYTES (with its id when it can be read), or undefined. */
export function oversizeFrame(raw: string, limit = MAX_FRAME_BYTES): ServerFrameOf<"error"> | undefined {
  const message = frameProblem(raw, (text) => Buffer.byteLength(text, "utf8"), limit);
  if (message === undefined) return undefined;
  const id = idOf(raw);
  return id !== undefined ? { kind: "error", id, code: "frame_too_large", message } : { kind: "error", code: "frame_too_large", message };
}

function idOf(raw: string): string | undefined {
  try {
    const id = (JSON.parse(raw) as { id?: unknown } | null)?.id;
    return typeof id === "string" && id !== "" && id.length <= 200 ? id : undefined;
  } catch {
    return undefined;
  }
}
