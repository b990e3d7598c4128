import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fastCheck } from "../../src/protocol/claude/fast-check.js";
import { InitializeResponse } from "../../src/protocol/claude/inbound.js";
import { inboundSchemas, parseInbound } from "../../src/protocol/claude/parse.js";
import { systemSchemas } from "../../src/protocol/claude/system.js";

// The fast check must never say yes where zod would say no or return something else: every
// recorded stdout line of the real CLI, and thousands of damaged copies of them, are checked
// against zod itself.

const root = join(import.meta.dirname, "../../../fixtures");
const dirs = [join(root, "reference/cli-2.1.332"), join(root, "captures")];
const values: unknown[] = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl") && !f.endsWith(".stdin.jsonl") && !f.endsWith(".api.jsonl") && !f.endsWith(".timeline.jsonl"))
    .flatMap((f) =>
      readFileSync(join(dir, f), "utf8")
        .split("\n")
        .filter((l) => l.trim() !== ""),
    )
    .map((l) => JSON.parse(l) as unknown),
);

function schemaOf(value: unknown): z.ZodType | undefined {
  const v = value as { type?: unknown; subtype?: unknown };
  if (v.type === "system") return (systemSchemas as Record<string, z.ZodType>)[String(v.subtype)];
  return (inboundSchemas as Record<string, z.ZodType>)[String(v.type)];
}

/** Fails the test when the fast check says yes and zod disagrees or returns something else; true when it said yes. */
function agrees(schema: z.ZodType, value: unknown): boolean {
  const check = fastCheck(schema);
  if (!check?.(value)) return false;
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(value).slice(0, 300)).toBe(true);
  expect(parsed.data).toStrictEqual(value);
  return true;
}

/** Copies of `value` with one nested place changed: another type, removed, or a key added. */
function damaged(value: unknown, rand: () => number): unknown[] {
  const out: unknown[] = [];
  const paths: Array<Array<string | number>> = [];
  const walk = (v: unknown, path: Array<string | number>) => {
    paths.push(path);
    if (Array.isArray(v)) v.forEach((c, i) => walk(c, [...path, i]));
    else if (typeof v === "object" && v !== null) for (const [k, c] of Object.entries(v)) walk(c, [...path, k]);
  };
  walk(value, []);
  const replacements: unknown[] = [null, 0, 1.5, "", "x", true, [], {}, ["x"], { type: 1 }, Infinity];
  for (let n = 0; n < 12 && paths.length > 1; n++) {
    const path = paths[1 + Math.floor(rand() * (paths.length - 1))]!;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent: Record<string | number, unknown> = copy;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path.at(-1)!;
    const pick = rand();
    if (pick < 0.15 && !Array.isArray(parent)) delete parent[last];
    else if (pick < 0.2 && !Array.isArray(parent)) Object.defineProperty(parent, "__proto__", { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
    else parent[last] = replacements[Math.floor(rand() * replacements.length)];
    out.push(copy);
  }
  return out;
}

describe("fast checks of claude's messages", () => {
  it("say yes to nearly every recorded line, and only where zod returns the line as it is", () => {
    let yes = 0;
    let checked = 0;
    for (const value of values) {
      const schema = schemaOf(value);
      if (!schema) continue;
      checked++;
      if (agrees(schema, value)) yes++;
    }
    expect(checked).toBeGreaterThan(1000);
    expect(yes / checked).toBeGreaterThan(0.95);
  });

  it("never say yes to a damaged line that zod rejects or would change", () => {
    let s = 11;
    const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let yes = 0;
    let no = 0;
    for (const value of values) {
      const schema = schemaOf(value);
      if (!schema) continue;
      for (const copy of damaged(value, rand)) {
        if (agrees(schema, copy)) yes++;
        else no++;
      }
    }
    expect(yes).toBeGreaterThan(1000); // damage where the schema does not look is still accepted
    expect(no).toBeGreaterThan(1000);
  });

  it("mirror the schema's rules one by one", () => {
    const loose = z.looseObject({
      a: z.string(),
      b: z.number().optional(),
      c: z.string().nullish(),
      d: z.union([z.string(), z.array(z.literal("x"))]),
      e: z.record(z.string(), z.boolean()).optional(),
      f: z.enum(["p", "q"]).optional(),
    });
    const check = fastCheck(loose)!;
    expect(check({ a: "s", d: "t", extra: { deep: [1] } })).toBe(true);
    expect(check({ a: "s", d: ["x", "x"], b: 2, c: null, e: { k: true }, f: "q" })).toBe(true);
    expect(check({ d: "t" })).toBe(false); // a required key missing
    expect(check({ a: "s", d: ["y"] })).toBe(false);
    expect(check({ a: "s", d: "t", b: Infinity })).toBe(false);
    expect(check({ a: "s", d: "t", e: { k: 1 } })).toBe(false);
    expect(check({ a: "s", d: "t", f: "r" })).toBe(false);
    expect(check(JSON.parse('{"a":"s","d":"t","__proto__":{"x":1}}'))).toBe(false);
    expect(check(Object.assign(Object.create(null), { a: "s", d: "t" }))).toBe(false);
    expect(check([])).toBe(false);
    // What the check cannot mirror is left to zod entirely.
    expect(fastCheck(z.object({ a: z.string() }))).toBeUndefined(); // strips unknown keys
    expect(fastCheck(z.looseObject({ a: z.string().min(1) }))).toBeUndefined();
    expect(fastCheck(z.looseObject({ a: z.string().default("x") }))).toBeUndefined();
    expect(fastCheck(z.looseObject({ a: z.string().transform((x) => x.length) }))).toBeUndefined();
    expect(fastCheck(InitializeResponse)).toBeDefined();
  });

  it("give parseInbound the same messages as zod alone", () => {
    for (const value of values) {
      const schema = schemaOf(value);
      if (!schema) continue;
      const parsed = parseInbound(value);
      const zod = schema.safeParse(value);
      if (!zod.success) continue;
      expect(parsed.kind).not.toBe("unknown");
      expect((parsed as { msg: unknown }).msg).toStrictEqual(zod.data);
    }
  });
});
