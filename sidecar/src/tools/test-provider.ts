import { errorResult, textResult, toolEntry, type CatalogListener, type ToolCallContext, type ToolEntry, type ToolProvider, type ToolResult } from "./types.js";

// A provider with one tool of each kind the invoker and transports must handle: safe, unsafe,
// destructive (with a dry run), slow (progress, cancel), main-thread, image, oversize, and one that
// adds a tool at run time (list_changed). Used by the tests, the conformance run and the bench,
// and served by `agent-panel serve --test-tools`; never registered otherwise. Some names and answers
// are the ones the MCP conformance suite's tool scenarios call (test_simple_text, test_image_content…).

/** 1×1 transparent PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** The in-memory test provider; `calls` and `aborted` let tests see what reached it. */
export class TestToolProvider implements ToolProvider {
  readonly id = "test";
  readonly kind = "native" as const;
  /** Every invocation that reached the provider, in order: tool name and callId. */
  readonly calls: { tool: string; callId: string; args: Record<string, unknown> }[] = [];
  /** callIds whose AbortSignal fired while the tool ran. */
  readonly aborted: string[] = [];
  private readonly listeners = new Set<CatalogListener>();
  private extra = false;
  private counter = 0;

  list(): ToolEntry[] {
    return this.extra ? [...BASE, EXTRA] : BASE;
  }

  subscribe(listener: CatalogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Add or remove `test_extra` (tests of list_changed). */
  setExtra(on: boolean): void {
    if (this.extra === on) return;
    this.extra = on;
    for (const l of [...this.listeners]) l();
  }

  async dryRun(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return textResult(`Would delete ${String(args.path)} (${name} dry run).`, { would_delete: args.path });
  }

  async invoke(name: string, args: Record<string, unknown>, ctx: ToolCallContext): Promise<ToolResult> {
    this.calls.push({ tool: name, callId: ctx.callId, args });
    switch (name) {
      case "test_echo":
        return textResult(String(args.text), { text: args.text });
      case "test_increment":
        this.counter += typeof args.by === "number" ? args.by : 1;
        return textResult(String(this.counter), { value: this.counter });
      case "test_delete":
        return textResult(`Deleted ${String(args.path)}.`, { deleted: args.path });
      case "test_slow":
      case "test_main_slow":
        return this.slow(Number(args.ms ?? 1000), Number(args.steps ?? 4), ctx);
      case "test_simple_text":
        return textResult("This is a simple text response for testing.");
      case "test_tool_with_progress":
        for (const progress of [0, 50, 100]) {
          ctx.progress({ progress, total: 100 });
          await new Promise((r) => setTimeout(r, 50));
        }
        return textResult("Progress test completed.");
      case "json_schema_2020_12_tool":
        return textResult(JSON.stringify(args));
      case "test_image_content":
        return {
          ok: true,
          content: [
            { type: "image", data: PNG, mimeType: "image/png" },
            { type: "text", text: "a 1×1 PNG" },
          ],
        };
      case "test_big":
        return textResult("x".repeat(Number(args.chars)));
      case "test_error_handling":
        return errorResult("test_failure", "This tool intentionally returns an error for testing");
      case "test_fail":
        return errorResult("test_failure", "test_fail always fails; this is expected.");
      case "test_toggle_extra":
        this.setExtra(args.on !== false);
        return textResult(`test_extra is ${this.extra ? "listed" : "gone"}`);
      case "test_extra":
        return textResult("extra");
      default:
        return errorResult("unknown_tool", `test provider has no ${name}`);
    }
  }

  private slow(ms: number, steps: number, ctx: ToolCallContext): Promise<ToolResult> {
    return new Promise((resolve) => {
      let step = 0;
      const each = Math.max(1, Math.floor(ms / Math.max(1, steps)));
      const timer = setInterval(() => {
        step++;
        ctx.progress({ progress: step, total: steps, message: `step ${step} of ${steps}` });
        if (step >= steps) {
          clearInterval(timer);
          resolve(textResult(`slept ${ms} ms`, { slept_ms: ms }));
        }
      }, each);
      ctx.signal.addEventListener(
        "abort",
        () => {
          clearInterval(timer);
          this.aborted.push(ctx.callId);
          resolve(errorResult("cancelled", `stopped after ${step} of ${steps} steps`));
        },
        { once: true },
      );
    });
  }
}

const str = { type: "string" } as const;
const BASE: ToolEntry[] = [
  toolEntry({
    name: "test_echo",
    description: "Echo the text back.",
    inputSchema: { type: "object", properties: { text: { ...str, description: "What to echo" } }, required: ["text"], additionalProperties: false },
    annotations: { title: "Echo", idempotency: "safe", readOnly: true, examples: [{ arguments: { text: "hi" } }] },
    provider: "native",
  }),
  toolEntry({
    name: "test_increment",
    description: "Add to a counter (not safe to repeat).",
    inputSchema: { type: "object", properties: { by: { type: "integer", minimum: 1 } } },
    annotations: { title: "Increment" },
    provider: "native",
  }),
  toolEntry({
    name: "test_delete",
    description: "Pretend to delete a path.",
    inputSchema: { type: "object", properties: { path: str }, required: ["path"], additionalProperties: false },
    annotations: { title: "Delete", destructive: true },
    provider: "native",
  }),
  toolEntry({
    name: "test_slow",
    description: "Sleep for ms milliseconds in steps, reporting progress; stops when cancelled.",
    inputSchema: { type: "object", properties: { ms: { type: "integer", minimum: 0 }, steps: { type: "integer", minimum: 1 } }, required: ["ms"] },
    annotations: { idempotency: "safe", readOnly: true },
    provider: "native",
  }),
  toolEntry({
    name: "test_main_slow",
    description: "Like test_slow, but on the main-thread lane (one at a time).",
    inputSchema: { type: "object", properties: { ms: { type: "integer", minimum: 0 }, steps: { type: "integer", minimum: 1 } }, required: ["ms"] },
    annotations: { idempotency: "safe", readOnly: true, mainThread: true },
    provider: "native",
  }),
  toolEntry({ name: "test_image_content", description: "Answer a tiny PNG.", inputSchema: { type: "object" }, annotations: { idempotency: "safe", readOnly: true }, provider: "native" }),
  toolEntry({ name: "test_simple_text", description: "Answer a fixed sentence.", inputSchema: { type: "object" }, annotations: { idempotency: "safe", readOnly: true }, provider: "native" }),
  toolEntry({
    name: "test_tool_with_progress",
    description: "Report progress 0, 50, 100 of 100, then answer.",
    inputSchema: { type: "object" },
    annotations: { idempotency: "safe", readOnly: true },
    provider: "native",
  }),
  toolEntry({
    name: "json_schema_2020_12_tool",
    description: "Tool with JSON Schema 2020-12 features ($schema, $defs, $ref).",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      $defs: { address: { type: "object", properties: { street: { type: "string" }, city: { type: "string" } } } },
      properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
      additionalProperties: false,
    },
    annotations: { idempotency: "safe", readOnly: true },
    provider: "native",
  }),
  toolEntry({
    name: "test_big",
    description: "Answer `chars` characters (limit 1000).",
    inputSchema: { type: "object", properties: { chars: { type: "integer", minimum: 0 } }, required: ["chars"] },
    annotations: { idempotency: "safe", readOnly: true, maxResultSizeChars: 1000 },
    provider: "native",
  }),
  toolEntry({ name: "test_error_handling", description: "Always fails (the conformance suite's name).", inputSchema: { type: "object" }, provider: "native" }),
  toolEntry({ name: "test_fail", description: "Always fails.", inputSchema: { type: "object" }, provider: "native" }),
  toolEntry({
    name: "test_toggle_extra",
    description: "Add (on, default) or remove the tool test_extra.",
    inputSchema: { type: "object", properties: { on: { type: "boolean" } } },
    provider: "native",
  }),
];
const EXTRA = toolEntry({
  name: "test_extra",
  description: "Exists only after test_toggle_extra.",
  inputSchema: { type: "object" },
  annotations: { idempotency: "safe", readOnly: true },
  provider: "native",
});
