// Rendered forms kept as the UTF-8 JSON the render worker produced (transferred, not copied). A
// 300 KB reply renders to about 2 MB of Unity blocks and HTML; parsing that into thousands of
// objects on the event loop, then serializing and encoding it again for every client, cost more
// than the time budget of one event. A text block carrying JSON forms reads like any other
// (block.unity / block.html parse on first use), while the serializers (bridge/event-json.ts)
// copy the bytes into frames as they are.

/** One rendered form as UTF-8 JSON and, when shortening its strings changes it, the shortened JSON. */
export interface JsonForm {
  json: Uint8Array;
  /** The form with every string cut like clipStrings does (absent when nothing is long enough to cut). */
  clipped?: Uint8Array;
}

/** The forms of one text block as JSON (a form that failed to render is absent). */
export interface JsonForms {
  unity?: JsonForm;
  html?: JsonForm;
}

const FORMS = Symbol("agent-panel.json-forms");
const FORM_KEYS = ["unity", "html"] as const;

/**
 * `block` without its own unity/html, carrying `forms`: the keys unity and html come last (as a
 * spread of the rendered forms puts them) and parse their JSON on first read.
 */
export function withJsonForms<B extends object>(block: B, forms: JsonForms): B {
  const out = baseFields(block) as Record<string | symbol, unknown>;
  const kept: JsonForms = {};
  for (const key of FORM_KEYS) {
    const form = forms[key];
    if (form === undefined) continue;
    kept[key] = form;
    let parsed: { value: unknown } | undefined;
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get: () => (parsed ??= { value: JSON.parse(Buffer.from(form.json.buffer, form.json.byteOffset, form.json.byteLength).toString("utf8")) as unknown }).value,
    });
  }
  if (kept.unity === undefined && kept.html === undefined) return out as B;
  Object.defineProperty(out, FORMS, { value: kept, enumerable: false });
  return out as B;
}

/** The JSON forms a block carries (undefined for a plain block). */
export function jsonFormsOf(block: object): JsonForms | undefined {
  return (block as { [FORMS]?: JsonForms })[FORMS];
}

/** A shallow copy of the block's fields other than unity/html, without parsing any JSON form. */
export function baseFields<B extends object>(block: B): Omit<B, "unity" | "html"> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(block)) if (key !== "unity" && key !== "html") out[key] = (block as Record<string, unknown>)[key];
  return out as Omit<B, "unity" | "html">;
}

/** The forms with each one replaced by its shortened JSON (what clipStrings makes of the parsed value). */
export function clippedForms(forms: JsonForms): JsonForms {
  const out: JsonForms = {};
  for (const key of FORM_KEYS) {
    const form = forms[key];
    if (form !== undefined) out[key] = { json: form.clipped ?? form.json };
  }
  return out;
}

/** Only the forms a client asked for. */
export function pickForms(forms: JsonForms, wanted: { unity: boolean; html: boolean }): JsonForms {
  return { ...(wanted.unity && forms.unity ? { unity: forms.unity } : {}), ...(wanted.html && forms.html ? { html: forms.html } : {}) };
}

/** Serialize a rendered value into a JsonForm (in the render worker): its JSON, and the shortened JSON when it differs. */
export function toJsonForm(value: unknown, clip: (value: unknown) => unknown): JsonForm {
  const json = JSON.stringify(value);
  const clippedJson = JSON.stringify(clip(value));
  const encoder = new TextEncoder(); // each result owns its ArrayBuffer, so it can be transferred
  return clippedJson === json ? { json: encoder.encode(json) } : { json: encoder.encode(json), clipped: encoder.encode(clippedJson) };
}

/** The ArrayBuffers of the forms, for postMessage's transfer list. */
export function transferList(forms: JsonForms): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const key of FORM_KEYS) {
    const form = forms[key];
    if (form) for (const bytes of [form.json, form.clipped]) if (bytes) out.push(bytes.buffer as ArrayBuffer);
  }
  return out;
}
