// Test helper: a conservative model of how Unity's rich-text parsers find tags, so tests can
// assert "no model text became a tag" and "the user sees exactly this". It treats a tag as
// recognised whenever EITHER UI Toolkit text generator would: "<" then, before the next "<",
// a ">", with a known tag name (case-insensitive, as the standard generator hashes names in
// upper case) ending at "=", " " or ">", optionally after "/"; or "#" colour shorthand.

const KNOWN = new Set([
  "a",
  "align",
  "allcaps",
  "alpha",
  "b",
  "br",
  "color",
  "cspace",
  "font",
  "font-weight",
  "gradient",
  "i",
  "indent",
  "line-height",
  "line-indent",
  "link",
  "lowercase",
  "margin",
  "margin-left",
  "margin-right",
  "mark",
  "mspace",
  "nobr",
  "noparse",
  "s",
  "size",
  "smallcaps",
  "space",
  "sprite",
  "style",
  "sub",
  "sup",
  "u",
  "uppercase",
  "voffset",
  "width",
  "rotate",
  "pos",
  "material",
  "page",
  "action",
  "cr",
  "zwsp",
  "zwj",
  "nbsp",
  "shy",
]);

/** A tag the model recognised: its text between the brackets and its position. */
export interface FoundTag {
  body: string;
  start: number;
  end: number; // index after ">"
}

/** Every span of `rich` that a Unity rich-text parser would take as a tag. */
export function findTags(rich: string): FoundTag[] {
  const tags: FoundTag[] = [];
  let pos = 0;
  for (;;) {
    const start = rich.indexOf("<", pos);
    if (start === -1) break;
    const close = rich.indexOf(">", start + 1);
    if (close === -1) break;
    const nextOpen = rich.indexOf("<", start + 1);
    if (nextOpen !== -1 && nextOpen < close) {
      pos = nextOpen;
      continue;
    }
    const body = rich.slice(start + 1, close);
    if (isTagBody(body)) {
      tags.push({ body, start, end: close + 1 });
      pos = close + 1;
    } else {
      pos = start + 1;
    }
  }
  return tags;
}

/** What the user reads: the string without recognised tags and without our zero-width spaces. */
export function visibleText(rich: string): string {
  let out = "";
  let pos = 0;
  for (const tag of findTags(rich)) {
    out += rich.slice(pos, tag.start);
    pos = tag.end;
  }
  out += rich.slice(pos);
  return out.replaceAll("<\u200B", "<");
}

/** Tag bodies the renderer itself emits; anything else found in output came from model text. */
export function isRendererTag(body: string): boolean {
  return /^\/?(?:b|i|s|u|link|mark)$/.test(body) || /^link="[^"<>]*"$/.test(body) || body === "mark=#8080803A";
}

function isTagBody(body: string): boolean {
  if (body.startsWith("#")) return body.length > 1;
  const name = (body.startsWith("/") ? body.slice(1) : body).split(/[= ]/, 1)[0] ?? "";
  return KNOWN.has(name.toLowerCase());
}
