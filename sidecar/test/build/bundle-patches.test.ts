import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as sdkTypes from "@modelcontextprotocol/sdk/types.js";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z as plainZod } from "zod";
import { mcpTypeGuardsPlugin, zodFailureResultPlugin } from "../../../scripts/bundle-patches.mjs";

// The bundle patches zod's failed-parse result and the MCP SDK's type guards (scripts/bundle-patches.mjs).
// They must still apply to the installed versions (the build fails otherwise), change nothing a
// caller sees, and do what they are for: a failed parse leaves nothing behind for the old generation.

const root = join(import.meta.dirname, "..", "..", "..");
let dir: string;
let patched: { z: typeof plainZod; types: typeof sdkTypes };
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ap-bundle-patches-"));
  const entry = join(dir, "entry.mjs");
  writeFileSync(entry, 'export { z } from "zod";\nexport * as types from "@modelcontextprotocol/sdk/types.js";\n');
  file = join(dir, "out.mjs");
  await build({ entryPoints: [entry], outfile: file, bundle: true, platform: "node", format: "esm", nodePaths: [join(root, "node_modules")], plugins: [zodFailureResultPlugin(), mcpTypeGuardsPlugin()], logLevel: "silent" });
  patched = await import(pathToFileURL(file).href);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MESSAGES: unknown[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: "s" } } },
  { jsonrpc: "2.0", id: "a", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } } },
  { jsonrpc: "2.0", id: "a", method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {} } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "x" } },
  { jsonrpc: "2.0", id: 2, result: { content: [] } },
  { jsonrpc: "2.0", id: 2, error: { code: -32602, message: "m", data: { x: 1 } } },
  { jsonrpc: "2.0", id: 2, error: { code: "x", message: "m" } },
  { jsonrpc: "1.0", id: 2, method: "x" },
  { id: 2, method: "x" },
  { jsonrpc: "2.0", id: null, method: "x" },
  { jsonrpc: "2.0", id: 3, method: "m", params: [] },
  { task: { ttl: 5 } },
  { task: { ttl: "x" } },
  {},
  null,
  5,
  "text",
  [],
];

describe("the bundle's dependency patches", () => {
  it("keep every MCP type guard's answer on requests, notifications, responses, errors and junk", () => {
    const guards = Object.keys(sdkTypes).filter((k) => /^is[A-Z]/.test(k) && typeof (sdkTypes as Record<string, unknown>)[k] === "function");
    expect(guards).toContain("isInitializeRequest");
    expect(guards).toContain("isJSONRPCErrorResponse");
    for (const name of guards) {
      const original = (sdkTypes as unknown as Record<string, (v: unknown) => boolean>)[name]!;
      const mine = (patched.types as unknown as Record<string, (v: unknown) => boolean>)[name]!;
      for (const m of MESSAGES) expect(mine(m), `${name}(${JSON.stringify(m)})`).toBe(original(m));
    }
  });

  it("keep what a failed safeParse gives: success false, the same issues, an assignable error", () => {
    const schema = patched.z.object({ name: patched.z.string(), n: patched.z.number().int() });
    const same = plainZod.object({ name: plainZod.string(), n: plainZod.number().int() });
    const bad = { name: 5, n: 1.5 };
    const mine = schema.safeParse(bad);
    const original = same.safeParse(bad);
    expect(mine.success).toBe(false);
    expect(mine.error).toBeInstanceOf(patched.z.ZodError);
    expect(mine.error!.issues).toEqual(original.error!.issues);
    expect(mine.error).toBe(mine.error); // built once
    const other = new patched.z.ZodError([]) as NonNullable<typeof mine.error>;
    mine.error = other;
    expect(mine.error).toBe(other);
    expect(schema.safeParse({ name: "x", n: 2 })).toEqual({ success: true, data: { name: "x", n: 2 } });
  });

  it("leave nothing of a failed parse for the old generation to collect", () => {
    // 200,000 failed checks with V8's GC trace: bytes promoted per young-generation GC.
    const code = `const { z } = await import(${JSON.stringify(pathToFileURL(file).href)}); const s = z.object({ method: z.literal("initialize") }); let n = 0; for (let i = 0; i < 200000; i++) n += s.safeParse({ id: i, method: "tools/call", text: "s" + i }).success ? 1 : 0; console.log(n);`;
    const trace = execFileSync(process.execPath, ["--trace-gc-nvp", "--input-type=module", "-e", code], { encoding: "utf8", maxBuffer: 64 << 20 });
    const promoted = [...trace.matchAll(/gc=s .*? promoted=(\d+)/g)].map((m) => Number(m[1]));
    expect(promoted.length).toBeGreaterThan(3);
    const mean = promoted.reduce((a, b) => a + b, 0) / promoted.length;
    expect(mean).toBeLessThan(512 * 1024); // unpatched on Node 20: about 3 MB per scavenge
  });
});
