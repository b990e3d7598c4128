import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

// Shared output of all benchmarks: a printed table and bench/results.json, merged by figure name
// so separate benchmark groups can be run on their own.

/** One measured figure, with the target and the baseline it is compared against. */
export interface Figure {
  value: number;
  unit: string;
  target?: string;
  baseline?: number;
}

/** Print figures as a table and merge them into the results file. */
export function report(group: string, figures: Record<string, Figure>, file: string): void {
  const rows = Object.entries(figures).map(([name, f]) => [name, `${f.value} ${f.unit}`, f.baseline === undefined ? "" : `baseline ${f.baseline}`, f.target ? `target ${f.target}` : ""]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(`\n${group}`);
  for (const r of rows) console.log("  " + r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
  let existing: Record<string, Figure> = {};
  try {
    existing = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    // first run
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...existing, ...figures }, null, 2) + "\n");
}
