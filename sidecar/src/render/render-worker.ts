import { parentPort } from "node:worker_threads";
import { clipStrings } from "../protocol/json-bounds.js";
import { toJsonForm, transferList, type JsonForms } from "./json-forms.js";
import { renderUnityBlocks } from "./unity-blocks.js";

// The render worker's side: markdown in, Unity blocks and sanitized HTML out, one request at a
// time, so rendering a huge reply (hundreds of KB, or deeply nested lists, which marked lexes
// once per nesting level) never blocks the sidecar's event loop. jsdom loads here on the first
// request that wants HTML.

/** A request from the pool; `clipChars` is the length the hub cuts strings to in an over-size event. */
export interface RenderRequest {
  id: number;
  markdown: string;
  html: boolean;
  clipChars: number;
}
/**
 * The answer: each form already serialized to UTF-8 (and shortened, for an over-size event) in
 * transferred buffers, so the event loop never parses, re-serializes or encodes thousands of Unity blocks.
 */
export interface RenderReply {
  id: number;
  forms: JsonForms;
}

let htmlRenderer: Promise<(markdown: string) => string> | undefined;

/** Serve render requests on the worker's parent port (called in the worker only). */
export function runRenderWorker(): void {
  const port = parentPort;
  if (!port) return;
  port.on("message", (req: RenderRequest) => {
    void answer(req).then((forms) => port.postMessage({ id: req.id, forms } satisfies RenderReply, transferList(forms)));
  });
}

async function answer(req: RenderRequest): Promise<JsonForms> {
  const clip = (value: unknown): unknown => clipStrings(value, req.clipChars);
  const forms: JsonForms = {};
  try {
    forms.unity = toJsonForm(renderUnityBlocks(req.markdown), clip);
  } catch {
    // the block keeps its markdown; Unity shows it as text
  }
  if (req.html) {
    try {
      htmlRenderer ??= import("./html.js").then((m) => m.renderHtml);
      forms.html = toJsonForm((await htmlRenderer)(req.markdown), clip);
    } catch {
      // likewise for the browser
    }
  }
  return forms;
}
