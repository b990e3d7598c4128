import { describe, expect, it } from "vitest";
import { clipStrings } from "../../src/protocol/json-bounds.js";
import { baseFields, clippedForms, jsonFormsOf, pickForms, toJsonForm, transferList, withJsonForms, type JsonForms } from "../../src/render/json-forms.js";

// A text block carrying its rendered forms as the worker's UTF-8 JSON reads like a plain rendered
// block, while the JSON stays unparsed until something reads it.

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const unity = [{ type: "paragraph", text: "héllo ✓" }];
const forms = (): JsonForms => ({ unity: { json: utf8(JSON.stringify(unity)) }, html: { json: utf8(JSON.stringify("<p>héllo ✓</p>")) } });

describe("blocks with JSON forms", () => {
  it("read and serialize like the plain block with the forms spread after its fields", () => {
    const block = withJsonForms({ index: 0, kind: "text", text: "héllo ✓" }, forms());
    const plain = { index: 0, kind: "text", text: "héllo ✓", unity, html: "<p>héllo ✓</p>" };
    expect(Object.keys(block)).toEqual(Object.keys(plain));
    expect(block).toEqual(plain);
    expect(JSON.stringify(block)).toBe(JSON.stringify(plain));
    expect((block as { unity?: unknown }).unity).toBe((block as { unity?: unknown }).unity); // parsed once
    expect({ ...block }).toEqual(plain); // a spread copies parsed values, and no JSON forms
    expect(jsonFormsOf({ ...block })).toBeUndefined();
  });

  it("do not parse the JSON to copy the other fields, pick forms or drop them", () => {
    const broken: JsonForms = { unity: { json: utf8("[not json") }, html: { json: utf8('"<p>x</p>"') } };
    const block = withJsonForms({ index: 1, kind: "text", text: "x", unity: "stale" }, broken);
    expect(baseFields(block)).toEqual({ index: 1, kind: "text", text: "x" });
    expect(jsonFormsOf(block)).toEqual(broken);
    const htmlOnly = withJsonForms(baseFields(block), pickForms(jsonFormsOf(block)!, { unity: false, html: true }));
    expect(htmlOnly).toEqual({ index: 1, kind: "text", text: "x", html: "<p>x</p>" });
    expect(() => (block as { unity?: unknown }).unity).toThrow(SyntaxError); // only reading the broken form fails
    const none = withJsonForms({ index: 2, kind: "text", text: "y" }, {});
    expect(none).toEqual({ index: 2, kind: "text", text: "y" });
    expect(jsonFormsOf(none)).toBeUndefined();
  });

  it("carry a shortened JSON only when clipping changes the form, and transfer every buffer", () => {
    const clip = (v: unknown): unknown => clipStrings(v, 8);
    const short = toJsonForm([{ text: "short" }], clip);
    expect(short.clipped).toBeUndefined();
    const long = toJsonForm("a long html string", clip);
    expect(new TextDecoder().decode(long.json)).toBe(JSON.stringify("a long html string"));
    expect(JSON.parse(new TextDecoder().decode(long.clipped!))).toBe(clipStrings("a long html string", 8));
    const both: JsonForms = { unity: short, html: long };
    expect(transferList(both)).toEqual([short.json.buffer, long.json.buffer, long.clipped!.buffer]);
    const clipped = clippedForms(both);
    expect(clipped.unity!.json).toBe(short.json);
    expect(clipped.html!.json).toBe(long.clipped);
    expect(clipped.html!.clipped).toBeUndefined();
  });
});
