import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Normalizer } from "../sidecar/src/claude/normalize.js";
import { LineSplitter } from "../sidecar/src/claude/framing.js";
import { parseInbound } from "../sidecar/src/protocol/claude/parse.js";
import type { Figure } from "./report.js";

// Chat-engine figures: parse + normalize throughput against raw JSON.parse on the same bytes, and
// the relay latency from a child process writing a line to our event being emitted.

const root = join(import.meta.dirname, "..");
const SCENARIOS = ["tool-allow", "text", "thinking", "subagent", "queue", "interrupt", "encoding"];

/** Run both chat-engine benchmarks and return their figures. */
export async function benchChatEngine(targetMb = 100): Promise<Record<string, Figure>> {
  // Latency first, while the heap is small: the 100 MB corpus would otherwise lengthen GC pauses.
  const latency = await relayLatency(2000);
  const corpus = buildCorpus(targetMb * 1024 * 1024);
  const chunks = toChunks(corpus, 64 * 1024);
  const lines = corpus.toString("utf8").split("\n").filter(Boolean);
  // Rounds of the two back to back: the host's speed here changes within minutes, so each round's
  // own ratio is what compares them (the median of those), and the first round only warms up.
  const rounds = 9;
  const raws: number[] = [];
  const ourss: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i <= rounds; i++) {
    const raw = best(1, () => rawParse(lines));
    const ours = best(1, () => engineParse(chunks));
    if (i === 0) continue;
    raws.push(raw);
    ourss.push(ours);
    ratios.push(raw / ours);
  }
  const mbps = (ms: number) => corpus.length / 1024 / 1024 / (ms / 1000);
  return {
    corpus_mb: { value: round(corpus.length / 1024 / 1024), unit: "MB" },
    raw_json_parse_mb_s: { value: round(mbps(median(raws))), unit: `MB/s (median of ${rounds} rounds)` },
    parse_normalize_mb_s: {
      value: round(mbps(median(ourss))),
      unit: `MB/s (median of ${rounds} rounds)`,
      vs: { what: "raw JSON.parse of the same lines (the floor)", value: round(mbps(median(raws))) },
    },
    parse_normalize_ratio: {
      value: round(median(ratios)),
      unit: `x of raw JSON.parse (median of ${rounds} rounds' own ratios, each round both back to back; lowest ${round(Math.min(...ratios))}, highest ${round(Math.max(...ratios))})`,
    },
    relay_latency_p50_ms: { value: round(latency.p50, 3), unit: "ms" },
    relay_latency_p99_ms: { value: round(latency.p99, 3), unit: "ms" },
  };
}

/** Recorded CLI lines repeated until the corpus reaches `bytes` (the mix of a real session). */
function buildCorpus(bytes: number): Buffer {
  const lines = SCENARIOS.flatMap((s) =>
    readFileSync(join(root, "fixtures/reference/cli-2.1.332", `${s}.jsonl`), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  const block = Buffer.from(lines.join("\n") + "\n", "utf8");
  const copies = Math.max(1, Math.ceil(bytes / block.length));
  return Buffer.concat(Array.from({ length: copies }, () => block));
}

function toChunks(buf: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += size) out.push(buf.subarray(i, i + size));
  return out;
}

/** The baseline: JSON.parse of each line, already split and decoded (nothing else timed). */
function rawParse(lines: string[]): number {
  let n = 0;
  for (const line of lines) if (JSON.parse(line)) n++;
  return n;
}

/** Our path: framing, zod classification, normalization into chat events. */
function engineParse(chunks: Buffer[]): number {
  const splitter = new LineSplitter();
  const normalizer = new Normalizer();
  let events = 0;
  for (const chunk of chunks) {
    for (const frame of splitter.push(chunk)) {
      if (frame.kind !== "json") continue;
      const inbound = parseInbound(frame.value);
      if (inbound.kind === "user" && inbound.msg.isReplay) normalizer.turns.enqueue();
      events += normalizer.handle(inbound).length;
    }
  }
  return events;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function best(runs: number, fn: () => number): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

/**
 * A child writes `count` stream_event lines carrying its wall-clock send time (high resolution,
 * comparable across processes); we frame, parse and normalize each and take the difference.
 */
async function relayLatency(count: number): Promise<{ p50: number; p99: number }> {
  const child = spawn(process.execPath, [join(root, "fixtures/fake-claude/latency-writer.mjs"), String(count)], { stdio: ["ignore", "pipe", "inherit"] });
  const splitter = new LineSplitter();
  const normalizer = new Normalizer();
  normalizer.turns.enqueue();
  const samples: number[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    for (const frame of splitter.push(chunk)) {
      if (frame.kind !== "json") continue;
      const inbound = parseInbound(frame.value);
      const events = normalizer.handle(inbound);
      const sentAt = (frame.value as { sent_at?: number }).sent_at;
      if (sentAt !== undefined && events.length > 0) samples.push(performance.timeOrigin + performance.now() - sentAt);
    }
  });
  await new Promise((resolve) => child.on("exit", resolve));
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

function round(n: number, digits = 2): number {
  return Number(n.toFixed(digits));
}
