import { z } from "zod";
import { NoteSequenceSchema } from "./ir.js";
import { parseMml, type MmlMode } from "./parse.js";
import { TEMPLATE_NAMES, template } from "./templates.js";

// The files generated from the mml code and checked in: the golden IR of every template in both
// dialects (fixtures/mml/golden/) and the IR's JSON Schema (docs/compose-mml/). One function makes
// them, so `npm run gen:mml` writes them and the tests compare against the same output.

/** Relative path (from the repository root) → content, for every generated mml file. */
export function generateMmlFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of TEMPLATE_NAMES) {
    for (const mode of ["ppmck", "pyxel"] as MmlMode[]) {
      const { ir } = parseMml(template(name, mode).mml, mode);
      files.set(`fixtures/mml/golden/${name}.${mode}.json`, JSON.stringify(ir, null, 2) + "\n");
    }
  }
  const schema = { $id: "note-sequence.schema.json", title: "compose_mml note_sequence (IR v2)", ...z.toJSONSchema(NoteSequenceSchema) };
  files.set("docs/compose-mml/note-sequence.schema.json", JSON.stringify(schema, null, 2) + "\n");
  return files;
}
