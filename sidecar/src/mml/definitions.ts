import type { EnvelopeDef, GlideDef, LfoDef, NoteSequence } from "./ir.js";

// The song-wide definition table: envelopes, vibrato LFOs and glides, shared by all channels.
// A slot defined twice with different contents gets a second id, so earlier selections keep theirs.

type Kind = "envelopes" | "lfos" | "glides";
type Def = EnvelopeDef | LfoDef | GlideDef;

/** Collects definitions and hands out stable ids for them. */
export class DefinitionTable {
  readonly defs: NoteSequence["definitions"] = { envelopes: {}, lfos: {}, glides: {} };

  /** Store a definition under `base` (e.g. "env1"); returns the id the selection should use. */
  define<K extends Kind>(kind: K, base: string, def: Omit<NoteSequence["definitions"][K][string], "id">): string {
    const table = this.defs[kind] as Record<string, Def>;
    const same = (d: Def) => JSON.stringify({ ...d, id: "" }) === JSON.stringify({ ...def, id: "" });
    let id = base;
    for (let n = 2; table[id] && !same(table[id]!); n++) id = `${base}_${n}`;
    table[id] = { id, ...def } as unknown as Def;
    return id;
  }

  /** True when an id exists in the given table. */
  has(kind: Kind, id: string): boolean {
    return id in this.defs[kind];
  }
}
