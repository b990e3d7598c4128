import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

// Shared output of all benchmarks: a printed table where each figure a user would feel stands
// beside the peer or floor it is measured against, as a ratio, and a JSON file of the run in .tmp/
// (merged by figure name, so groups can be run on their own). Figures are reported, never judged:
// no benchmark passes or fails on a number.

/** One measured figure, and what it is compared with when there is something to compare. */
export interface Figure {
  value: number;
  unit: string;
  /** The peer (another program doing the same job) or floor (the least the job can cost) measured in the same run. */
  vs?: { what: string; value: number };
}

/** ours ÷ reference to three significant digits (0.0048, 0.193, 1.07, 134), so a small ratio never reads as 0; undefined without a reference or when it is 0. */
export function ratio(f: Figure): number | undefined {
  if (!f.vs || f.vs.value === 0) return undefined;
  return Number((f.value / f.vs.value).toPrecision(3));
}

/** Print figures as a table (with their ratios) and merge them into the results file. */
export function report(group: string, figures: Record<string, Figure>, file: string): void {
  const rows = Object.entries(figures).map(([name, f]) => [name, `${f.value} ${f.unit}`, f.vs ? `${ratio(f) ?? "-"}x of ${f.vs.what} (${f.vs.value})` : ""]);
  const widths = [0, 1].map((i) => Math.min(90, Math.max(...rows.map((r) => r[i]!.length))));
  console.log(`\n${group}`);
  for (const r of rows) console.log("  " + [r[0]!.padEnd(widths[0]!), r[1]!.padEnd(widths[1]!), r[2]].join("  ").trimEnd());
  let existing: Record<string, Figure> = {};
  try {
    existing = JSON.parse(readFileSync(file, "utf8")) as Record<string, Figure>;
  } catch {
    // first run
  }
  const withRatios = Object.fromEntries(Object.entries(figures).map(([k, f]) => [k, f.vs ? { ...f, ratio: ratio(f) } : f]));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...existing, ...withRatios }, null, 2) + "\n");
}
