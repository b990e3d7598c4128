import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateMmlFiles } from "../../src/mml/generated.js";
import { NoteSequenceSchema } from "../../src/mml/ir.js";
import { parseMml } from "../../src/mml/parse.js";
import { TEMPLATE_NAMES, template } from "../../src/mml/templates.js";

const root = join(import.meta.dirname, "../../..");

describe("templates and golden IR", () => {
  const files = generateMmlFiles();
  it.each([...files.keys()])("%s matches what the code generates (npm run gen:mml)", (path) => {
    expect(readFileSync(join(root, path), "utf8")).toBe(files.get(path));
  });
  it.each(
    TEMPLATE_NAMES.flatMap(
      (n) =>
        [
          [n, "ppmck"],
          [n, "pyxel"],
        ] as const,
    ),
  )("template %s (%s) parses without errors into a valid IR", (name, mode) => {
    const r = parseMml(template(name, mode).mml, mode);
    expect(r.errors).toEqual([]);
    expect(NoteSequenceSchema.safeParse(r.ir).success).toBe(true);
  });
  it("gives the same notes in both dialects for every template", () => {
    for (const name of TEMPLATE_NAMES) {
      const keys = (mode: "ppmck" | "pyxel") =>
        Object.values(parseMml(template(name, mode).mml, mode).ir.channels).map((c) => c.events.filter((e) => e.type === "note").map((e) => [e.tick, (e as { key: number }).key]));
      expect(keys("ppmck"), name).toEqual(keys("pyxel"));
    }
  });
});

describe("docs/compose-mml.md", () => {
  const md = readFileSync(join(root, "docs/compose-mml.md"), "utf8");
  it("has examples that parse without errors in their dialect", () => {
    const blocks = [...md.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => !b.startsWith("compose_mml"));
    expect(blocks.length).toBe(2);
    for (const b of blocks) {
      const mode = /^\d:/m.test(b) ? "pyxel" : "ppmck";
      expect(parseMml(b, mode).errors, b).toEqual([]);
    }
  });
  it("lists every diagnostic code", async () => {
    const { DIAGNOSTIC_CODES } = await import("../../src/mml/diagnostics.js");
    for (const code of DIAGNOSTIC_CODES) expect(md).toContain(`| \`${code}\` |`);
  });
});
