import { exactAssetRef } from "./asset-refs.js";
import { decodeEntities } from "./entities.js";

// One link policy for both renderers: http(s) and mailto stay links, project paths become asset
// links, everything else (javascript:, data:, file:, relative paths, anchors) is shown as text.

/** What a markdown link destination may become. */
export type LinkTarget = { kind: "web"; url: string } | { kind: "asset"; ref: string } | { kind: "none" };

const WEB_SCHEME = /^(?:https?:\/\/|mailto:)/i;

/**
 * Classifies a link destination from a marked token. `literal` is true for autolinks, whose
 * destination marked leaves exactly as written; other destinations still hold character
 * references (a browser would decode "&#106;avascript:" to "javascript:", so we decode first).
 */
export function classifyLink(href: string, literal: boolean): LinkTarget {
  const decoded = (literal ? href : decodeEntities(href)).trim();
  if (WEB_SCHEME.test(decoded)) {
    const url = encodeUrl(decoded);
    return url === null ? { kind: "none" } : { kind: "web", url };
  }
  const ref = exactAssetRef(safeDecodeUri(decoded));
  return ref === null ? { kind: "none" } : { kind: "asset", ref };
}

// Percent-encodes what a URL must not carry raw (spaces, quotes, angle brackets, controls) while
// keeping existing escapes, like marked does; null when the string is not encodable (lone
// surrogates).
function encodeUrl(url: string): string | null {
  try {
    return encodeURI(url).replace(/%25([0-9A-Fa-f]{2})/g, "%$1");
  } catch {
    return null;
  }
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
