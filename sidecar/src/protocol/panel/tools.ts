import { z } from "zod";
import { ToolEntry, ToolResult } from "../tools.js";

// The tool-provider half of the panel protocol: a client that said `provides: ["tools"]` in hello
// publishes its catalog, runs `tool.invoke` frames and answers with `tool.progress`/`tool.result`;
// after a reconnect (a domain reload) it reports what became of the calls it had (`tools.journal`).

const callId = z.string().min(1).max(200);

/** A tool as a provider publishes it: a catalog entry without `provider` (the sidecar sets it). */
export const PublishedTool = ToolEntry.omit({ provider: true });
export type PublishedTool = z.infer<typeof PublishedTool>;

/** What became of one call the client had received before its connection dropped. */
export const JournalEntry = z.discriminatedUnion("outcome", [
  z.object({ callId, outcome: z.literal("finished"), result: ToolResult }).describe("It ran to the end; `result` is its answer."),
  z.object({ callId, outcome: z.literal("not_started") }).describe("It was received but nothing of it ran; the sidecar runs it again."),
  z.object({ callId, outcome: z.literal("interrupted") }).describe("It started and did not finish (the reload cut it); retried only if the tool is idempotency safe."),
]);
export type JournalEntry = z.infer<typeof JournalEntry>;

/** How the Editor wakes itself for calls while unfocused (an unfocused Editor updates only about every 100 ms). */
export const WakeMode = z
  .enum(["on-demand", "always", "unavailable"])
  .describe("on-demand: woken only while calls wait; always: kept awake; unavailable: this Editor cannot be woken, calls start on its next regular update.");
export type WakeMode = z.infer<typeof WakeMode>;

/** Command shapes (the `{id, cmd}` part is added by commands.ts). */
export const toolCommandShapes = {
  "tools.publish": {
    catalog: z.array(PublishedTool).describe("Every tool this client provides; replaces what it published before."),
    wake: WakeMode.optional().describe("How the Editor is woken for calls (its setting); reported by /health."),
  },
  "tools.journal": {
    calls: z.array(JournalEntry).describe("For each call received on an earlier connection and not yet acknowledged: what became of it. Sent before tools.publish."),
  },
  "tool.progress": {
    callId,
    progress: z.number().optional(),
    total: z.number().optional(),
    message: z.string().optional(),
  },
  "tool.result": {
    callId,
    ...ToolResult.shape,
  },
} as const;

/** Sidecar → provider: run a tool (arguments already validated against its input schema). */
export const ToolInvokeFrame = z.object({
  kind: z.literal("tool.invoke"),
  callId,
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  deadline: z.number().int().describe("Unix time in milliseconds after which nobody waits for the answer."),
  dryRun: z.boolean().optional().describe("Describe what the (destructive) tool would do, changing nothing."),
});

/** Sidecar → provider: the caller gave up on a call; stop it if it has not finished. */
export const ToolCancelFrame = z.object({
  kind: z.literal("tool.cancel"),
  callId,
  reason: z.string().optional(),
});

/** tools.publish's ack result. */
export const ToolsPublishResult = z.object({ tools: z.number().int().nonnegative().describe("How many tools the sidecar now has from this client.") });
