import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeFs, type HistoryFs } from "../../src/history/fsio.js";
import { afterThisTest } from "../cleanup.js";

// Shared by the history tests: where the real CLI transcripts are, throwaway copies of them, and
// a file system facade that counts what the index reads.

/** fixtures/transcripts: a CLAUDE_CONFIG_DIR holding real CLI 2.1.332 transcripts. */
export const CONFIG_DIR = join(import.meta.dirname, "../../../fixtures/transcripts");
/** The project the reference transcripts were recorded in. */
export const PROJECT = "/home/dev/projects/MyGame";
/** Its transcript directory inside CONFIG_DIR. */
export const GAME_DIR = join(CONFIG_DIR, "projects", "-home-dev-projects-MyGame");

const index = JSON.parse(readFileSync(join(CONFIG_DIR, "INDEX.json"), "utf8")) as Record<string, { sessionId: string; file: string }>;

/** The transcript recorded for a capture scenario (see fixtures/transcripts/INDEX.json). */
export function transcript(scenario: string): { sessionId: string; file: string } {
  const entry = index[scenario];
  if (!entry) throw new Error(`no transcript for scenario ${scenario}`);
  return { sessionId: entry.sessionId, file: join(CONFIG_DIR, entry.file) };
}

/** A temp directory removed after the test. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ap-history-"));
  afterThisTest(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 })); // a title written late may land mid-removal
  return dir;
}

/** A writable copy of the MyGame transcript directory. */
export function copyOfGameDir(): string {
  const dir = join(tempDir(), "-home-dev-projects-MyGame");
  cpSync(GAME_DIR, dir, { recursive: true });
  return dir;
}

/**
 * In a copy of the MyGame transcripts (`dir`), give the last assistant text block of a session that
 * has one the text `text` (a big reply for the paging and rendering tests); answers that session's id.
 */
export function withLastReplyText(dir: string, text: string): string {
  const isReply = (l: string) => /"type":"assistant".*"type":"text"/.test(l);
  const source = readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .map((f) => join(dir, f))
    .find((f) => isReply(readFileSync(f, "utf8")))!;
  const lines = linesOf(source);
  const i = lines.map(isReply).lastIndexOf(true);
  const record = JSON.parse(lines[i]!);
  record.message.content.find((b: { type: string }) => b.type === "text").text = text;
  lines[i] = JSON.stringify(record);
  writeFileSync(source, lines.join("\n") + "\n");
  return source.split("/").pop()!.replace(".jsonl", "");
}

/** The lines of a fixture transcript. */
export function linesOf(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");
}

/** nodeFs with a count of each operation, and an optional hook to fail or alter reads. */
export function countingFs(hook?: { onRead?: (path: string) => void }): HistoryFs & { counts: Record<string, number>; readPaths: string[]; readdirPaths: string[] } {
  const counts: Record<string, number> = {};
  const readPaths: string[] = [];
  const readdirPaths: string[] = [];
  const bump = (op: string) => void (counts[op] = (counts[op] ?? 0) + 1);
  return {
    counts,
    readPaths,
    readdirPaths,
    readdirSync: (dir) => (bump("readdir"), readdirPaths.push(dir), nodeFs.readdirSync(dir)),
    statSync: (path) => (bump("stat"), nodeFs.statSync(path)),
    readRangesSync: (path, ranges) => {
      bump("readRanges");
      readPaths.push(path);
      hook?.onRead?.(path);
      return nodeFs.readRangesSync(path, ranges);
    },
    readRanges: async (path, ranges) => {
      bump("readRanges");
      readPaths.push(path);
      hook?.onRead?.(path);
      return nodeFs.readRanges(path, ranges);
    },
    readFileSync: (path) => (bump("readFile"), nodeFs.readFileSync(path)),
    open: (path) => (bump("open"), nodeFs.open(path)),
    writeFile: (path, data) => (bump("writeFile"), nodeFs.writeFile(path, data)),
    remove: (path) => (bump("remove"), nodeFs.remove(path)),
  };
}
