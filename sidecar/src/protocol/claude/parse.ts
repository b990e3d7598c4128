import type { z } from "zod";
import { AssistantMsg, ControlCancelMsg, ControlRequestMsg, ControlResponseMsg, ResultMsg, StreamEventMsg, UserMsg } from "./inbound.js";
import { fastCheck, type FastCheck } from "./fast-check.js";
import { systemSchemas, type SystemMessage } from "./system.js";

/** One stdout message, classified and validated; anything unrecognised becomes `unknown`. */
export type Inbound =
  | { kind: "system"; msg: SystemMessage }
  | { kind: "stream_event"; msg: StreamEventMsg }
  | { kind: "assistant"; msg: AssistantMsg }
  | { kind: "user"; msg: UserMsg }
  | { kind: "result"; msg: ResultMsg }
  | { kind: "control_request"; msg: ControlRequestMsg }
  | { kind: "control_response"; msg: ControlResponseMsg }
  | { kind: "control_cancel_request"; msg: ControlCancelMsg }
  | UnknownInbound;

/** A message this version cannot type: new type/subtype, or a known type with an unexpected shape. */
export type UnknownInbound = {
  kind: "unknown";
  reason: "unknown_type" | "invalid_shape";
  type: string | undefined;
  subtype: string | undefined;
  issues?: string;
  raw: unknown;
};

/** The schema of each stdout type but `system` (whose subtypes are in system.ts). */
export const inboundSchemas = {
  stream_event: StreamEventMsg,
  assistant: AssistantMsg,
  user: UserMsg,
  result: ResultMsg,
  control_request: ControlRequestMsg,
  control_response: ControlResponseMsg,
  control_cancel_request: ControlCancelMsg,
} as const;

/** Classify a decoded JSON value from the CLI's stdout. Never throws. */
export function parseInbound(value: unknown): Inbound {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return unknown("unknown_type", undefined, undefined, value);
  }
  const obj = value as Record<string, unknown>;
  const type = typeof obj.type === "string" ? obj.type : undefined;
  const subtype = typeof obj.subtype === "string" ? obj.subtype : undefined;
  if (type === "system") {
    const schema = subtype !== undefined && Object.hasOwn(systemSchemas, subtype) ? systemSchemas[subtype as keyof typeof systemSchemas] : undefined;
    if (!schema) return unknown("unknown_type", type, subtype, value);
    return check(schema, value, (msg) => ({ kind: "system", msg: msg as SystemMessage }), type, subtype);
  }
  const schema = type !== undefined && Object.hasOwn(inboundSchemas, type) ? inboundSchemas[type as keyof typeof inboundSchemas] : undefined;
  if (!schema) return unknown("unknown_type", type, subtype, value);
  return check(schema, value, (msg) => ({ kind: type, msg }) as Inbound, type, subtype);
}

function check<S extends z.ZodType>(schema: S, value: unknown, wrap: (msg: z.infer<S>) => Inbound, type: string | undefined, subtype: string | undefined): Inbound {
  if (quickly(schema)?.(value) === true) return wrap(value as z.infer<S>); // what zod would return: the value itself
  const parsed = schema.safeParse(value);
  if (parsed.success) return wrap(parsed.data);
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
  return { ...unknown("invalid_shape", type, subtype, value), issues };
}

/** Each schema's fast check (fast-check.ts), derived on first use; null where it has none. */
const quick = new Map<z.ZodType, FastCheck | null>();

function quickly(schema: z.ZodType): FastCheck | null {
  let check = quick.get(schema);
  if (check === undefined) quick.set(schema, (check = fastCheck(schema) ?? null));
  return check;
}

function unknown(reason: UnknownInbound["reason"], type: string | undefined, subtype: string | undefined, raw: unknown): UnknownInbound {
  return { kind: "unknown", reason, type, subtype, raw };
}
