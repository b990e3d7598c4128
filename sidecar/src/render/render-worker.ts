import { parentPort } from "node:worker_threads";
import { renderUnityBlocks } from "./unity-blocks.js";

// The render worker's side: markdown in, Unity blocks and sanitized HTML out, one request at a
// time, so rendering a huge reply (hundreds of KB, or deeply nested lists, which marked lexes
// once per nesting level) never blocks the sidecar's event loop. jsdom loads here on the first
// request that wants HTML.

/** A request from the pool. */
export interface RenderRequest { id: number; markdown: string; html: boolean }
/** The answer; a form that failed is left out, as in the inline renderer. */
export interface RenderReply { id: number; unity?: unknown; html?: string }

let htmlRenderer: Promise<(markdown: string) => string> | undefined;

/** Serve render requests on the worker's parent port (called in the worker only). */
export function runRenderWorker(): void {
  const port = parentPort;
  if (!port) return;
  port.on("message", (req: RenderRequest) => {
    void answer(req).then((reply) => port.postMessage(reply));
  });
}

async function answer(req: RenderRequest): Promise<RenderReply> {
  const reply: RenderReply = { id: req.id };
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
