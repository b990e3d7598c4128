import type { UnityBlock } from "../protocol/panel/unity-block.js";
import { renderHtml } from "../render/html.js";
import { renderUnityBlocks } from "../render/unity-blocks.js";

// Rendering of a final message's markdown, done once per message in the hub: Unity blocks for
// the Unity panel and sanitized HTML for the browser. A renderer failure never loses the message:
// the block keeps its markdown `text` and only lacks the form that failed.

/** Markdown → the rendered forms a text block carries. */
export type Renderer = (markdown: string) => { unity?: UnityBlock[]; html?: string };

/** The sidecar's renderer (sidecar/src/render). */
export const renderBlocks: Renderer = (markdown) => ({ ...attempt("unity", () => renderUnityBlocks(markdown)), ...attempt("html", () => renderHtml(markdown)) });

function attempt<K extends string, T>(key: K, fn: () => T): { [P in K]?: T } {
  try {
    return { [key]: fn() } as { [P in K]: T };
  } catch {
    return {};
  }
}
