import { parentPort } from "node:worker_threads";
import { renderUnityBlocks } from "./unity-blocks.js";

// The render worker's side: markdown in, Unity blocks and sanitized HTML out, one request at a
// time, so rendering a huge reply (hundreds of KB, or deeply nested lists, which marked lexes
// once per nesting level) never blocks the sidecar's event loop. jsdom loads here on the first
// request that wants HTML.

/** A request from the pool. */
export interface RenderRequest { id: number; markdown: string; html: boolean }
/** The forms rendered; a form that failed is left out, as in the inline renderer. */
export interface RenderForms { unity?: unknown; html?: string }
/**
 * The answer: the forms as UTF-8 JSON in a transferred buffer. Thousands of Unity block objects
 * cost the receiving thread far more to structured-clone than one JSON.parse of the same data.
 */
export interface RenderReply { id: number; json: Uint8Array }

let htmlRenderer: Promise<(markdown: string) => string> | undefined;

/** Serve render requests on the worker's parent port (called in the worker only). */
export function runRenderWorker(): void {
  const port = parentPort;
  if (!port) return;
  port.on("message", (req: RenderRequest) => {
    void answer(req).then((forms) => {
      const json = new TextEncoder().encode(JSON.stringify(forms));
      port.postMessage({ id: req.id, json } satisfies RenderReply, [json.buffer as ArrayBuffer]);
    });
  });
}

async function answer(req: RenderRequest): Promise<RenderForms> {
  const reply: RenderForms = {};
  try {
    reply.unity = renderUnityBlocks(req.markdown);
  } catch {
    // the block keeps its markdown; Unity shows it as text
  }
  if (req.html) {
    try {
      htmlRenderer ??= import("./html.js").then((m) => m.renderHtml);
      reply.html = (await htmlRenderer)(req.markdown);
    } catch {
      // likewise for the browser
    }
  }
  return reply;
}
