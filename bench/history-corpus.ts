import { closeSync, mkdirSync, openSync, readFileSync, statfsSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";

// Generates a transcript corpus for the history benchmark from real CLI lines: each session is
// the tool-allow reference transcript's header, then a mix of small text turns and heavy tool
// turns (with the ~63 KB prompt snapshot the CLI records), ids and prompts varied per turn.
// Templates are serialized once and filled by joining parts, so gigabytes are written quickly.

const FIXTURE = join(import.meta.dirname, "../fixtures/transcripts/projects/-home-dev-projects-MyGame");
const SOURCE = "2c54866b-7cd0-4caf-b231-cd4dc52df7b3";
const SUB_SOURCE = "49af0e96-b633-49e7-b2f0-321f5e96533b";

/** What was generated. */
export interface Corpus {
  dir: string;
  sessions: number;
  bytes: number;
  biggest: string;
  biggestBytes: number;
}

const PROMPTS = [
  "Fix the jump height of the player controller",
  "Why does the build fail on Android?",
  "Refactor the inventory system to use ScriptableObjects",
  "プレイヤーのジャンプの高さを修正して",
  "シーンのライティングが暗すぎる原因を調べて",
  "Add unit tests for the save system",
  "敵のAIが壁を通り抜けるバグを直して",
  "Explain the NullReferenceException in GameManager.Start",
  "Make the camera follow smoother",
  "UIのボタンが反応しない問題を調査",
];

/** Write `sessions` transcripts (≈ 0.75 MB on average, `big` of them ≈ 50 MB) into `dir`. */
export function generateCorpus(dir: string, sessions: number, big: number): Corpus {
  const lines = readFileSync(join(FIXTURE, `${SOURCE}.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean);
  const estimate = sessions * 700 * 1024 + big * 50 * 1024 * 1024;
  const fsStat = statfsSync(dir);
  if (fsStat.bavail * fsStat.bsize < estimate * 2) throw new Error(`Not enough free disk space for the history corpus (${Math.round(estimate / 1e6)} MB needed twice over).`);
  const header = template(lines.slice(0, 28).join("\n") + "\n", true);
  const small = template([lines[28], lines[29], lines[30], lines[31], lines[36], lines[37]].join("\n") + "\n", false);
  const heavy = template([...lines.slice(28, 35), lines[23]!, ...lines.slice(35, 38)].join("\n") + "\n", false); // snapshot after the tool result, as the CLI writes it
  const footer = template(lines[38] + "\n", false);
  const rand = mulberry32(42);
  let bytes = 0;
  let biggest = "";
  let biggestBytes = 0;
  const start = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < sessions; i++) {
    const id = uuid(rand);
    const file = join(dir, `${id}.jsonl`);
    const isBig = i < big;
    const turns = isBig ? 1650 : 1 + Math.floor(rand() ** 2 * 48);
    let t = start + i * 3_600_000;
    const prompt = () => `${PROMPTS[Math.floor(rand() * PROMPTS.length)]} (#${i})`;
    const fd = openSync(file, "w");
    let size = 0;
    let pending: string[] = [];
    let pendingLen = 0;
    const put = (s: string) => {
      pending.push(s);
      pendingLen += s.length;
      if (pendingLen > 4 * 1024 * 1024) flush();
    };
    const flush = () => {
      size += writeSync(fd, pending.join(""));
      pending = [];
      pendingLen = 0;
    };
    put(header({ SID: id, UUID: uuid(rand), TS: iso((t += 1000)), PROMPT: json(prompt()) }));
    for (let k = 1; k < turns; k++) put((rand() < 0.4 ? heavy : small)({ SID: id, UUID: uuid(rand), TS: iso((t += 20_000)), PROMPT: json(prompt()) }));
    if (i % 10 === 3) put(`{"type":"custom-title","customTitle":"Custom title ${i}","sessionId":"${id}"}\n`);
    if (i % 10 === 6) put(`{"type":"ai-title","aiTitle":"AI title ${i}","sessionId":"${id}"}\n`);
    put(footer({ SID: id, UUID: "", TS: "", PROMPT: "" }));
    flush();
    closeSync(fd);
    bytes += size;
    if (size > biggestBytes) [biggest, biggestBytes] = [file, size];
    if (i % 10 === 5) addSubagent(dir, id);
    if (i % 20 === 7) writeFileSync(join(mkdirp(join(dir, id)), "archived.json"), `{"archived":true}\n`);
  }
  return { dir, sessions, bytes, biggest, biggestBytes };
}

function addSubagent(dir: string, id: string): void {
  const from = join(FIXTURE, SUB_SOURCE, "subagents");
  const to = mkdirp(join(dir, id, "subagents"));
  for (const name of ["agent-a46d31f47e0595601.jsonl", "agent-a46d31f47e0595601.meta.json"]) writeFileSync(join(to, name), readFileSync(join(from, name)));
}

/** A line template whose tokens (session id, prompt uuid, timestamps, prompt text) are filled per use. */
function template(text: string, first: boolean): (v: Record<string, string>) => string {
  let t = text.replaceAll(SOURCE, "@@SID@@").replace(/"timestamp":"[^"]+"/g, '"timestamp":"@@TS@@"');
  // The prompt record: its uuid (the turn id in history) and its text; last-prompt lines too.
  t = t.replace(/("promptId":"[^"]+","type":"user","message":\{"role":"user","content":\[\{"type":"text","text":")((?:[^"\\]|\\.)*)("\}\]\},"uuid":")([^"]+)"/g, '$1@@PROMPT@@$3@@UUID@@"');
  t = t.replace(/("lastPrompt":")((?:[^"\\]|\\.)*)"/g, '$1@@PROMPT@@"');
  if (!t.includes("@@UUID@@") && first) throw new Error("corpus template: prompt line not found");
  const parts = t.split(/@@(SID|UUID|TS|PROMPT)@@/);
  return (v) => {
    let out = "";
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : v[parts[i]!]!;
    return out;
  };
}

function mkdirp(p: string): string {
  mkdirSync(p, { recursive: true });
  return p;
}

function json(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function uuid(rand: () => number): string {
  const hex = () =>
    Math.floor(rand() * 0x10000)
      .toString(16)
      .padStart(4, "0");
  return `${hex()}${hex()}-${hex()}-4${hex().slice(1)}-a${hex().slice(1)}-${hex()}${hex()}${hex()}`;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
