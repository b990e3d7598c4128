import type { Token, Tokens } from "marked";
import { exactAssetRef, splitAssetRefs } from "./asset-refs.js";
import { classifyLink, type LinkTarget } from "./link-policy.js";
import { isPlainText } from "./markdown-tokens.js";
import { escapeRichText, INLINE_CODE_CLOSE, INLINE_CODE_OPEN, isSafeLinkId, richLink } from "./rich-text.js";

// Inline markdown tokens (already normalised by lexMarkdown) → one Unity rich text string.

interface InlineContext {
  /** Inside a link's text: no nested links (asset paths stay plain). */
  inLink: boolean;
}

const BR_TAG = /^<br\s*\/?>$/i;

/** Renders inline tokens as Unity rich text; soft line breaks become spaces like in HTML. */
export function renderInline(tokens: Token[] | undefined, ctx: InlineContext = { inLink: false }): string {
  let out = "";
  for (const token of tokens ?? []) out += renderToken(token, ctx);
  return out;
}

function renderToken(token: Token, ctx: InlineContext): string {
  if (isPlainText(token)) return plainText(token.text.replaceAll("\n", " "), ctx);
  switch (token.type) {
    case "strong":
      return `<b>${renderInline(token.tokens, ctx)}</b>`;
    case "em":
      return `<i>${renderInline(token.tokens, ctx)}</i>`;
    case "del":
      return `<s>${renderInline(token.tokens, ctx)}</s>`;
    case "codespan":
      return INLINE_CODE_OPEN + codeSpan(token.text.replaceAll("\n", " "), ctx) + INLINE_CODE_CLOSE;
    case "br":
      return "\n";
    case "checkbox":
      return ""; // the list item carries the checked state
    case "link":
      return link(token as Tokens.Link, ctx);
    case "image":
      return image(token as Tokens.Image, ctx);
    case "html":
      return BR_TAG.test(token.text.trim()) ? "\n" : escapeRichText(token.text);
    default:
      return "tokens" in token && token.tokens ? renderInline(token.tokens, ctx) : escapeRichText(token.raw);
  }
}

function plainText(text: string, ctx: InlineContext): string {
  if (ctx.inLink) return escapeRichText(text);
  let out = "";
  for (const piece of splitAssetRefs(text)) {
    out += piece.kind === "asset" ? linked(`asset:${piece.ref}`, escapeRichText(piece.text)) : escapeRichText(piece.text);
  }
  return out;
}

// A code span that is exactly one project path (spaces allowed) links as a whole.
function codeSpan(code: string, ctx: InlineContext): string {
  const whole = ctx.inLink ? null : exactAssetRef(code);
  return whole === null ? plainText(code, ctx) : linked(`asset:${whole}`, escapeRichText(code));
}

function link(token: Tokens.Link, ctx: InlineContext): string {
  const target = ctx.inLink ? { kind: "none" as const } : classifyLink(token.href, token.autolink === true);
  const inner = renderInline(token.tokens, { inLink: true });
  return target.kind === "none" ? inner : linked(linkId(target), inner, target);
}

// Images cannot be shown inline: the alt text becomes a link to the image when it is a web URL.
function image(token: Tokens.Image, ctx: InlineContext): string {
  const alt = renderInline(token.tokens, { inLink: true });
  const target = ctx.inLink ? { kind: "none" as const } : classifyLink(token.href, false);
  if (target.kind === "none") return alt;
  return linked(linkId(target), alt === "" ? escapeRichText(linkId(target)) : alt, target);
}

function linkId(target: Exclude<LinkTarget, { kind: "none" }>): string {
  return target.kind === "web" ? target.url : `asset:${target.ref}`;
}

// A link whose id the rich-text parser could not take (too long) degrades to "text (url)" so the
// destination stays visible and copyable.
function linked(id: string, innerRichText: string, target?: LinkTarget): string {
  if (isSafeLinkId(id)) return richLink(id, innerRichText);
  return target?.kind === "web" ? `${innerRichText} (${escapeRichText(target.url)})` : innerRichText;
}
