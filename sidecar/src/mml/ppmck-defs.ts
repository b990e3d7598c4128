import type { ChannelBuilder } from "./channel-builder.js";
import type { Cursor } from "./cursor.js";
import type { DefinitionTable } from "./definitions.js";
import type { DiagnosticSink } from "./diagnostics.js";
import type { ChannelName, IrChannel } from "./ir.js";

// ppmck-style definition lines: `@v<n> = { 15 12 10 | 8 6 }` (a volume per 1/60 s frame; `|`
// marks where it loops), `@MP<n> = { delay, period, depth_cents }` (vibrato in frames) and
// `@GL<n> = { offset_cents, ticks }` (glide; `*` = automatic). Tracks select them with @v, MP, GL.

const HEAD = /^@(v|MP|GL)(\d+)[ \t]*=/;

/** At a line start: read a definition line if there is one (true), else leave the cursor. */
export function readPpmckDefinition(cur: Cursor, table: DefinitionTable, sink: DiagnosticSink): boolean {
  const m = HEAD.exec(cur.text.slice(cur.pos, cur.pos + 16));
  if (!m) return false;
  const start = cur.pos;
  cur.pos += m[0].length;
  const kind = m[1]!;
  const slot = Number(m[2]);
  const items = readItems(cur, sink, start);
  if (items === null) return true;
  if (kind === "v") {
    const loopAt = items.indexOf("|");
    const levels = items.filter((x) => x !== "|");
    if (levels.length === 0 || levels.some((x) => typeof x !== "number" || x < 0 || x > 15) || items.lastIndexOf("|") !== loopAt || loopAt === items.length - 1) {
      sink.error(start, "DEFINITION_SYNTAX", `@v${slot} needs volumes 0–15, with at most one '|' before the looped part.`, "Example: @v1 = { 15 13 11 9 | 8 7 }.");
      return true;
    }
    const segs = (levels as number[]).map((level) => ({ length: 1, level, ramp: false }));
    table.define("envelopes", `v${slot}`, { unit: "frame", initial: segs[0]!.level, segments: segs, loop: loopAt === -1 ? null : loopAt });
  } else if (kind === "MP") {
    if (items.length !== 3 || items.some((x) => typeof x !== "number") || (items[0] as number) < 0 || (items[1] as number) < 0) {
      sink.error(start, "DEFINITION_SYNTAX", `@MP${slot} needs three numbers: delay frames, period frames, depth cents.`, "Example: @MP1 = { 12, 6, 40 }.");
      return true;
    }
    const [delay, period, depth] = items as number[];
    table.define("lfos", `mp${slot}`, { unit: "frame", delay: delay!, period: period!, depth_cents: depth! });
  } else {
    if (items.length !== 2 || items.includes("|") || (typeof items[1] === "number" && items[1] < 0)) {
      sink.error(start, "DEFINITION_SYNTAX", `@GL${slot} needs two values: offset cents and ticks (each may be *).`, "Example: @GL1 = { -200, 12 }.");
      return true;
    }
    table.define("glides", `gl${slot}`, { offset_cents: items[0] === "*" ? "auto" : (items[0] as number), length: items[1] === "*" ? "auto" : (items[1] as number) });
  }
  return true;
}

/** Turn selections of undefined ids off, with one warning per id and channel. */
export function resolvePpmckSelections(builders: ChannelBuilder[], channels: Record<ChannelName, IrChannel>, table: DefinitionTable, sink: DiagnosticSink): void {
  const kinds = { envelope: "envelopes", lfo: "lfos", glide: "glides" } as const;
  for (const b of builders) {
    for (const [id, ref] of b.selectionRefs) {
      const kind = id.startsWith("v") ? "envelopes" : id.startsWith("mp") ? "lfos" : "glides";
      if (!table.has(kind, id))
        sink.warn(ref.offset, "DEFINITION_UNDEFINED", `${ref.name} is selected but never defined; it is off.`, `Add a definition line such as @${ref.name.replace(/^@/, "")} = { ... }.`);
    }
    for (const e of channels[b.name].events) {
      if ((e.type === "envelope" || e.type === "lfo" || e.type === "glide") && e.id !== null && !table.has(kinds[e.type], e.id)) e.id = null;
    }
  }
}

function readItems(cur: Cursor, sink: DiagnosticSink, start: number): (number | "*" | "|")[] | null {
  cur.skipSpace();
  if (!cur.accept("{")) {
    sink.error(cur.pos, "DEFINITION_SYNTAX", "A definition's values go in braces.", "Example: @v1 = { 15 12 9 6 }.");
    skipLine(cur);
    return null;
  }
  const items: (number | "*" | "|")[] = [];
  for (;;) {
    cur.skipSpace();
    if (cur.accept("}")) return items;
    if (cur.accept(",")) continue;
    if (cur.accept("*")) items.push("*");
    else if (cur.accept("|")) items.push("|");
    else {
      const n = cur.readInt(true);
      if (n === null || items.length > 1024) break;
      items.push(n);
    }
  }
  sink.error(cur.pos, "DEFINITION_SYNTAX", "This definition has something other than numbers before its closing brace.", "Use numbers separated by spaces or commas, e.g. @v1 = { 15 12 9 6 }.");
  const close = cur.text.indexOf("}", start);
  cur.pos = close === -1 ? cur.text.length : close + 1;
  return null;
}

function skipLine(cur: Cursor): void {
  const nl = cur.text.indexOf("\n", cur.pos);
  cur.pos = nl === -1 ? cur.text.length : nl;
}
