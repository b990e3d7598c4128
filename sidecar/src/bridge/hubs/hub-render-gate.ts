import type { ChatEvent } from "../../protocol/chat-events.js";
import { reportInternal } from "../../shared/errors.js";
import type { PanelEvent } from "../../protocol/panel/events.js";
import { withJsonForms } from "../../render/json-forms.js";
import type { AsyncRenderer, Renderer } from "./hub-render.js";

// Where a chat's final messages get their rendered forms, in the chat's own order: a small message
// is rendered inline; a big one goes off the event loop (the render worker) and every later event
// of the same chat waits behind it, so a client never sees a turn end before its answer. Other
// chats have their own gate and keep streaming meanwhile.

/** Text length from which a final message is rendered off the event loop. */
export const OFF_THREAD_MIN_CHARS = 4 * 1024;

// Deep nesting costs more than its size: marked lexes a list item's content again at every level
// of nesting (so a list n levels deep, already ~n² characters with its indentation, costs ~n³), and
// blockquotes likewise. A line indented 16 columns or more, or 8 nested quote markers, marks a
// message as expensive whatever its length.
const DEEP_NESTING = /^(?:[ \t]{16,}\S|(?:[ \t]*>){8,})/m;

/** True when rendering `text` inline could stall the event loop noticeably. */
export function expensiveToRender(text: string, minChars = OFF_THREAD_MIN_CHARS): boolean {
  return text.length >= minChars || DEEP_NESTING.test(text);
}

type FinalEvent = Extract<ChatEvent, { type: "message_final" }>;

/** One chat's ordered render stage between the coalescer and the hub's publish. */
export class RenderGate {
  private readonly queue: ChatEvent[] = [];
  private busy = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly where: string,
    private readonly render: Renderer,
    private readonly renderAsync: AsyncRenderer | undefined,
    private readonly out: (event: PanelEvent) => void,
    private readonly minChars = OFF_THREAD_MIN_CHARS,
  ) {}

  /** Take the next event of the chat; it reaches `out` after every earlier one. */
  push(raw: ChatEvent): void {
    this.queue.push(raw);
    if (!this.busy) this.drain();
  }

  /** Resolves once nothing waits for a render. */
  idle(): Promise<void> {
    if (!this.busy && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private drain(): void {
    while (!this.busy && this.queue.length > 0) {
      const next = this.queue[0]!;
      if (next.type === "message_final" && this.renderAsync && this.expensive(next)) {
        this.busy = true;
        void this.renderOffThread(next, this.renderAsync).then((event) => {
          this.queue.shift();
          this.busy = false;
          this.emit(event);
          this.drain();
        });
        return;
      }
      this.queue.shift();
      // Inline (the synchronous caller sees exceptions from `out`, as before the gate existed).
      this.out(next.type === "message_final" ? this.renderInline(next) : next);
    }
    if (!this.busy && this.queue.length === 0) for (const w of this.idleWaiters.splice(0)) w();
  }

  private expensive(event: FinalEvent): boolean {
    return expensiveToRender(textOf(event), this.minChars);
  }

  private renderInline(event: FinalEvent): PanelEvent {
    return { ...event, blocks: event.blocks.map((b) => (b.kind === "text" ? { ...b, ...this.render(b.text) } : b)) };
  }

  /**
   * Every text block through the worker, its forms kept as the worker's JSON (parsed only if
   * something reads them); a block whose render failed keeps its markdown only.
   */
  private async renderOffThread(event: FinalEvent, renderAsync: AsyncRenderer): Promise<PanelEvent> {
    const blocks = await Promise.all(event.blocks.map(async (b) => (b.kind === "text" ? withJsonForms(b, await renderAsync(b.text).catch(() => ({}))) : b)));
    return { ...event, blocks };
  }

  private emit(event: PanelEvent): void {
    try {
      this.out(event);
    } catch (err) {
      reportInternal(this.where, err);
    }
  }
}

function textOf(event: FinalEvent): string {
  let text = "";
  for (const b of event.blocks) if (b.kind === "text") text += `${b.text}\n`;
  return text;
}
