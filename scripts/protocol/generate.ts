import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import type { Renderer } from "../../sidecar/src/bridge/hubs/hub-render.js";
import { ClientCommand } from "../../sidecar/src/protocol/panel/commands.js";
import { ChatStateName, ChatSummary, PanelBlock, PanelEvent } from "../../sidecar/src/protocol/panel/events.js";
import { CommandResults, ServerFrame } from "../../sidecar/src/protocol/panel/frames.js";
import { SessionSummary } from "../../sidecar/src/protocol/panel/history.js";
import { ContextAttachment, PermissionAnswer } from "../../sidecar/src/protocol/panel/inputs.js";
import { buildSamples } from "./samples.js";
import { UnityBlock } from "../../sidecar/src/protocol/panel/unity-block.js";
import { JournalEntry, PublishedTool } from "../../sidecar/src/protocol/panel/tools.js";
import { ToolResult } from "../../sidecar/src/protocol/tools.js";
import { PROTOCOL_VERSION } from "../../sidecar/src/protocol/panel/version.js";
import { PROTOCOL_LIMITS } from "../../sidecar/src/protocol/panel/limits.js";
import { ErrorCode } from "../../sidecar/src/protocol/error-codes.js";

// Generates docs/protocol/: JSON Schema (draft 2020-12) of ServerFrame, ClientCommand and
// PanelEvent, and the golden samples, each validated against its zod schema first. `check`
// compares the committed files with what would be generated (run by a unit test).

const schemas = { ServerFrame, ClientCommand, PanelEvent } as const;
const files = { ServerFrame: "server-frame.schema.json", ClientCommand: "client-command.schema.json", PanelEvent: "panel-event.schema.json" } as const;
const named: [z.ZodType, string][] = [
  [UnityBlock, "UnityBlock"],
  [PanelEvent, "PanelEvent"],
  [PanelBlock, "PanelBlock"],
  [ChatSummary, "ChatSummary"],
  [ChatStateName, "ChatStateName"],
  [PermissionAnswer, "PermissionAnswer"],
  [ContextAttachment, "ContextAttachment"],
  [SessionSummary, "SessionSummary"],
  [PublishedTool, "PublishedTool"],
  [ToolResult, "ToolResult"],
  [JournalEntry, "JournalEntry"],
];

/** Every generated file: path relative to docs/protocol → content. Throws if a sample is invalid. */
export function generateProtocolFiles(render: Renderer): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, schema] of Object.entries(schemas) as [keyof typeof schemas, z.ZodType][]) {
    out.set(files[key], json(jsonSchema(schema, key)));
  }
  out.set("limits.json", json(PROTOCOL_LIMITS));
  out.set("error-codes.json", json(ErrorCode.options));
  for (const sample of buildSamples(render)) {
    validateSample(sample.name, schemas[sample.schema], sample.value);
    if (sample.schema === "ServerFrame" && sample.value.kind === "ack" && "result" in sample && sample.result) {
      validateSample(sample.name, CommandResults[sample.result], sample.value.result);
    }
    out.set(`samples/${sample.name}.json`, json(sample.value));
  }
  return out;
}

/** Differences between `dir` and the generated files (empty = up to date). */
export function checkProtocolFiles(dir: string, render: Renderer): string[] {
  const expected = generateProtocolFiles(render);
  const problems: string[] = [];
  for (const [path, content] of expected) {
    let actual: string | undefined;
    try {
      actual = readFileSync(join(dir, path), "utf8");
    } catch {
      problems.push(`missing: ${path}`);
      continue;
    }
    if (actual !== content) problems.push(`outdated: ${path}`);
  }
  for (const path of listedFiles(dir)) if (!expected.has(path)) problems.push(`not generated (remove it): ${path}`);
  return problems;
}

/** Files currently in `dir` that the generator owns (schemas and samples). */
export function listedFiles(dir: string): string[] {
  const list = (sub: string) => {
    try {
      return readdirSync(join(dir, sub))
        .filter((f) => f.endsWith(".json"))
        .map((f) => (sub ? `${sub}/${f}` : f));
    } catch {
      return [];
    }
  };
  return [...list("").filter((f) => f.endsWith(".schema.json")), ...list("samples")];
}

function jsonSchema(schema: z.ZodType, title: string): Record<string, unknown> {
  const ids = new Map<z.ZodType, string>(named.filter(([s]) => s !== schema));
  // Descriptions live in zod's global registry; ids only name shared definitions in $defs.
  const metadata = { get: (s: z.ZodType) => ({ ...z.globalRegistry.get(s), ...(ids.has(s) ? { id: ids.get(s) } : {}) }) };
  const body = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any", metadata: metadata as never });
  const { $schema, ...rest } = body as Record<string, unknown>;
  return {
    $schema,
    $id: `urn:agent-panel:protocol:v${PROTOCOL_VERSION}:${files[title as keyof typeof files].replace(".schema.json", "")}`,
    title: `${title} (Agent Panel protocol v${PROTOCOL_VERSION})`,
    ...rest,
  };
}

function validateSample(name: string, schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`sample ${name} does not match its schema: ${z.prettifyError(parsed.error)}`);
  // Strict objects strip unknown keys: a difference means the sample has a field the schema lacks.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), JSON.parse(JSON.stringify(value)))) throw new Error(`sample ${name} has fields its schema does not declare`);
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
