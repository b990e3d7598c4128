import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { AgentPanelError } from "../shared/errors.js";

// DOMPurify over one jsdom window, created on first use. The markdown renderer already escapes
// everything it did not build itself; this is the second wall, with an allowlist so strict that
// even raw attacker HTML comes out inert: no scripts, handlers, styles, forms, frames, media,
// SVG/MathML, and only http(s)/mailto link targets. Links open in a new tab without referrer.

const CONFIG: Config = {
  ALLOWED_TAGS: [
    "a",
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "strong",
    "em",
    "del",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
  ],
  ALLOWED_ATTR: ["href", "title", "class", "align", "start", "data-asset", "target", "rel"],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:)/i,
  // Attributes whose values are not URLs (DOMPurify checks every other allowed attribute's value
  // against ALLOWED_URI_REGEXP, which would drop align="left" or an asset path).
  ADD_URI_SAFE_ATTR: ["data-asset", "align", "start"],
  KEEP_CONTENT: true,
};

/** Produces the window DOMPurify runs on; replaceable so tests can simulate a broken jsdom. */
export type WindowFactory = () => WindowLike;

/** A sanitize function bound to its own DOMPurify instance. */
export type Sanitizer = (html: string) => string;

let shared: Sanitizer | undefined;

/** Sanitizes HTML with the shared instance (jsdom window made on the first call). */
export function sanitizeHtml(html: string): string {
  shared ??= createSanitizer();
  return shared(html);
}

/** Builds a sanitizer; throws AgentPanelError "render_html_unavailable" if no DOM can be made. */
export function createSanitizer(makeWindow: WindowFactory = jsdomWindow): Sanitizer {
  let purify: DOMPurify;
  try {
    purify = createDOMPurify(makeWindow());
  } catch (cause) {
    throw unavailable(cause);
  }
  if (!purify.isSupported) throw unavailable(undefined);
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName !== "A") return;
    if (node.hasAttribute("href")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    } else {
      node.removeAttribute("target");
      node.removeAttribute("rel");
    }
  });
  return (html) => purify.sanitize(html, CONFIG);
}

function jsdomWindow(): WindowLike {
  return new JSDOM("<!DOCTYPE html>").window as unknown as WindowLike;
}

function unavailable(cause: unknown): AgentPanelError {
  return new AgentPanelError(
    "render_html_unavailable",
    "The HTML sanitizer could not start (jsdom/DOMPurify failed to load); the browser panel cannot show formatted messages. Reinstall or rebuild the sidecar.",
    cause === undefined ? undefined : { cause },
  );
}
