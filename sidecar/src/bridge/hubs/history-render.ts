import type { ChatEvent } from "../../protocol/chat-events.js";
import type { PanelEvent } from "../../protocol/panel/events.js";
import { withJsonForms } from "../../render/json-forms.js";
import type { AsyncRenderer, Renderer } from "./hub-render.js";
import { expensiveToRender } from "./hub-render-gate.js";

// Rendering of a restored history page (up to 20 turns, 8 MB) without stalling the event loop:
// each text block that is big or deeply nested goes to the render worker (its forms stay JSON, as
// for live messages), and small ones render inline in slices of at most SLICE_MS, with other
// work let in between. The page keeps its order and content; a failed render leaves the markdown.

/** Longest run of inline rendering before other work of the event loop gets a turn. */
export const SLICE_MS = 10;

/** The page's events with final text blocks rendered like live messages. */
export async function renderPage(events: ChatEvent[], render: Renderer, renderAsync: AsyncRenderer | undefined): Promise<PanelEvent[]> {
  const out: PanelEvent[] = [];
  let sliceStart = performance.now();
  for (const e of events) {
    if (e.type !== "message_final") {
      out.push(e);
      continue;
    }
    const blocks: Array<Extract<PanelEvent, { type: "message_final" }>["blocks"][number]> = [];
    for (const b of e.blocks) {
      if (b.kind !== "text") blocks.push(b);
      else if (renderAsync && expensiveToRender(b.text)) {
        blocks.push(withJsonForms(b, await renderAsync(b.text).catch(() => ({}))));
        sliceStart = performance.now();
      } else {
        blocks.push({ ...b, ...render(b.text) });
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        }
      }
    }
    out.push({ ...e, blocks });
  }
  return out;
}
