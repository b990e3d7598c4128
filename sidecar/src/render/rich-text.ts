/*
 * Unity rich text: how model text is made safe, and which tags the panel receives.
 *
 * Target: UI Toolkit TextElement/Label with enableRichText = true, either text generator
 * (the TextCore "standard" generator derived from TextMesh Pro, or the Advanced Text Generator).
 *
 * Escaping — ONE function, escapeRichText(), for every piece of user/model text:
 * - Rich text has no entity decoding ("&lt;" is shown as the four characters), so the only way
 *   to show a literal "<" is to keep the parser from recognising a tag after it.
 * - We insert U+200B ZERO WIDTH SPACE right after every "<". Both generators only recognise a
 *   tag when a known tag name follows "<" immediately (standard: hash of the characters up to
 *   ">" must equal a known tag; ATG RichTextTagParser: ordinal StartsWith of a known name, or
 *   "#" for colour shorthand), so "<\u200Bb>" is never a tag. TextCore treats U+200B as a
 *   zero-width character, so the user sees "<b>" (to confirm visually in the Editor once).
 * - Rejected: <noparse>…</noparse>. (1) the region ends at the first "</noparse>" and the
 *   standard generator matches that name case-insensitively, so model text must be rewritten
 *   anyway; (2) ATG's TextPreprocessor.ReplaceStyleTags expands <style="…"> before the tag
 *   parser runs and does not honour noparse, so a model-written <style=…> would still apply.
 *   The zero-width space defeats every scanner that looks for "<" + name, including that one.
 * - Cost: the invisible U+200B is part of the string (a copy of selected text includes it; the
 *   panel's "copy" action should use the raw markdown) and is a line-break opportunity.
 * - C0 control characters other than \n and \t are dropped: the standard generator treats
 *   U+0003 as end-of-text and U+0000 as a terminator.
 * - The panel must keep TextElement.parseEscapeSequences = false (the default): with it on,
 *   "\n" or "\u0041" typed in prose would be rewritten by the preprocessor. Nothing we can
 *   escape here prevents that.
 * - Character references in prose ("&lt;", "&copy;") are decoded before escaping (entities.ts),
 *   so Unity shows what the browser shows ("<", "©"); in code spans and blocks they stay literal.
 * - Code blocks are NOT escaped (UnityBlock "code".text is raw); the panel shows them with
 *   enableRichText = false.
 *
 * Tags we emit: <b> <i> <s> <u> <link="id">, <mark=#RRGGBBAA> for inline code, "\n" for hard
 * breaks. Inline code uses a translucent grey highlight (no text colour, no font asset): it reads
 * on both the light and the dark editor skin and needs nothing in Resources/. A monospace
 * <font="…"> would need a font asset the panel ships and preloads; change INLINE_CODE_OPEN if so.
 * Link ids: "https://…", "http://…", "mailto:…" or "asset:<path>[:<line>]". An id never holds
 * '"', '<' or '>' and is at most MAX_LINK_ID_LENGTH characters: the standard generator copies a
 * tag into a 256-char buffer and gives up on longer tags (the tag would then show as text).
 */

const ZWSP = "\u200B";
// Every C0 control except \t (U+0009) and \n (U+000A); a fixed character class, no backtracking.
const DROPPED_CONTROLS = /[\u0000-\u0008\u000B-\u001F]/g;

/** Opening tag for inline code spans; exported so the panel protocol documents one place. */
export const INLINE_CODE_OPEN = "<mark=#8080803A>";
/** Closing tag for inline code spans. */
export const INLINE_CODE_CLOSE = "</mark>";
/** Longest link id we put in a <link="…"> tag (buffer limit 256 minus `link=""` and margin). */
export const MAX_LINK_ID_LENGTH = 240;

/** The single escaping function for text going into Unity rich text (see header comment). */
export function escapeRichText(text: string): string {
  return text.replace(DROPPED_CONTROLS, "").replaceAll("<", "<" + ZWSP);
}

/** Wraps already-escaped rich text in a link tag; the caller guarantees a valid id. */
export function richLink(id: string, innerRichText: string): string {
  return `<link="${id}"><u>${innerRichText}</u></link>`;
}

/** True when `id` can sit inside <link="…"> without breaking the tag or the parser buffer. */
export function isSafeLinkId(id: string): boolean {
  if (id.length === 0 || id.length > MAX_LINK_ID_LENGTH) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x20 || c === 0x22 /* " */ || c === 0x3c /* < */ || c === 0x3e /* > */) return false;
  }
  return true;
}
