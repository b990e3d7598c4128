import type { UnityBlock } from "../../protocol/panel/unity-block.js";
import type { JsonForms } from "../../render/json-forms.js";
import { RenderPool } from "../../render/render-pool.js";
import { renderUnityBlocks } from "../../render/unity-blocks.js";
import { CLIPPED_STRING_CHARS } from "./hub-bounds.js";

// Rendering of a final message's markdown, done once per message in the hub: Unity blocks for
// the Unity panel and sanitized HTML for the browser. A renderer failure never loses the message:
// the block keeps its markdown `text` and only lacks the form that failed.

/** Markdown → the rendered forms a text block carries. */
export type Renderer = (markdown: string) => { unity?: UnityBlock[]; html?: string };

// The HTML renderer pulls in jsdom (about a second of the event loop and ~30 MB to load), so it is
// imported only once some client wants HTML (a browser connects, or a hello lists "html"): a sidecar
// serving only Unity never loads it, and no chat stalls for it in the middle of a turn.
let htmlRenderer: ((markdown: string) => string) | undefined;
let htmlLoading: Promise<void> | undefined;

/** The same forms as JSON text, produced off the event loop (the render worker); rejects when the worker failed or timed out. */
export type AsyncRenderer = (markdown: string) => Promise<JsonForms>;

let pool: RenderPool | undefined;

/**
 * renderBlocks in the shared render worker: the same output (HTML only once a client wanted it,
 * as inline), without blocking the event loop for a big message.
 */
export const renderBlocksOffThread: AsyncRenderer = (markdown) => {
  pool ??= new RenderPool(60_000, CLIPPED_STRING_CHARS);
  return pool.render(markdown, htmlRenderer !== undefined);
};

/** Start loading the HTML renderer in the background; resolves when it is ready. */
export function preloadHtmlRenderer(): Promise<void> {
  htmlLoading ??= import("../../render/html.js").then((m) => {
    htmlRenderer = m.renderHtml;
  });
  return htmlLoading;
}

/** The load under way when some client wants HTML and it is not ready yet (undefined otherwise). */
export function htmlRendererPending(): Promise<void> | undefined {
  return htmlRenderer === undefined ? htmlLoading : undefined;
}

/** The sidecar's renderer (sidecar/src/render). Until a client wanted HTML, blocks carry Unity blocks only. */
export const renderBlocks: Renderer = (markdown) => {
  const html = htmlRenderer;
  return { ...attempt("unity", () => renderUnityBlocks(markdown)), ...(html ? attempt("html", () => html(markdown)) : {}) };
};

function attempt<K extends string, T>(key: K, fn: () => T): { [P in K]?: T } {
  try {
    return { [key]: fn() } as { [P in K]: T };
  } catch {
    return {};
  }
}
