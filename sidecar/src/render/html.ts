import { Marked, type RendererObject, type Tokens } from "marked";
import { exactAssetRef, splitAssetRefs } from "./asset-refs.js";
import { decodeEntities } from "./entities.js";
import { sanitizeHtml } from "./html-sanitize.js";
import { classifyLink, type LinkTarget } from "./link-policy.js";
import { isPlainText, lexMarkdown } from "./markdown-tokens.js";

// Markdown → sanitized HTML for the browser panel. Same token stream and link policy as the
// Unity renderer; marked's HTML renderer is used with overrides for everything that carries
// model text, then DOMPurify (html-sanitize.ts) cleans the result. Raw HTML in the markdown is
// shown as text (like the Unity panel), <br> excepted; images become links (no remote loads).

/** Renders an assistant message's markdown as sanitized HTML (jsdom starts on the first call). */
export function renderHtml(markdown: string): string {
  return sanitizeHtml(htmlMarked.parser(lexMarkdown(markdown)));
}

let linkDepth = 0; // > 0 while rendering a link's text: no nested links

const renderer: RendererObject = {
  text(token) {
    if (isPlainText(token)) return plainHtml(token.text);
    return "tokens" in token && token.tokens ? this.parser.parseInline(token.tokens) : escapeHtml(decodeEntities(token.text));
  },
  codespan({ text }) {
    const whole = linkDepth > 0 ? null : exactAssetRef(text);
    return `<code>${whole === null ? plainHtml(text) : assetAnchor(whole, escapeHtml(text))}</code>`;
  },
  html({ text, block }) {
    if (BR_TAG.test(text.trim())) return "<br>";
    return block ? `<p>${escapeHtml(text.replace(/\n+$/, "")).replaceAll("\n", "<br>")}</p>\n` : escapeHtml(text);
  },
  checkbox({ checked }) {
    return checked ? '<span class="task-box task-checked">☑</span> ' : '<span class="task-box">☐</span> ';
  },
  link(token: Tokens.Link) {
    const target = linkDepth > 0 ? NONE : classifyLink(token.href, token.autolink === true);
    const inner = insideLink(() => this.parser.parseInline(token.tokens));
    return anchor(target, inner, token.title);
  },
  image(token: Tokens.Image) {
    const target = linkDepth > 0 ? NONE : classifyLink(token.href, false);
    const alt = insideLink(() => this.parser.parseInline(token.tokens));
    const text = alt === "" && target.kind === "web" ? escapeHtml(target.url) : alt;
    return anchor(target, text, token.title);
  },
};

const htmlMarked = new Marked({ gfm: true, breaks: false, renderer });
const NONE: LinkTarget = { kind: "none" };

function insideLink(render: () => string): string {
  linkDepth++;
  try {
    return render();
  } finally {
    linkDepth--;
  }
}

function anchor(target: LinkTarget, innerHtml: string, title: string | null | undefined): string {
  const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
  if (target.kind === "web") return `<a href="${escapeHtml(target.url)}"${titleAttr}>${innerHtml}</a>`;
  if (target.kind === "asset") return assetAnchor(target.ref, innerHtml, titleAttr);
  return innerHtml;
}

function assetAnchor(ref: string, innerHtml: string, titleAttr = ""): string {
  return `<a class="asset-link" data-asset="${escapeHtml(ref)}"${titleAttr}>${innerHtml}</a>`;
}

function plainHtml(text: string): string {
  if (linkDepth > 0) return escapeHtml(text);
  let out = "";
  for (const piece of splitAssetRefs(text)) {
    out += piece.kind === "asset" ? assetAnchor(piece.ref, escapeHtml(piece.text)) : escapeHtml(piece.text);
  }
  return out;
}

const BR_TAG = /^<br\s*\/?>$/i;
const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// Escapes text for HTML element content and quoted attribute values.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}
