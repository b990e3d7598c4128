// Shapes shared by the history index, its cache, the watcher, search and the `sessions` command.

/** Where a session's title came from, best first. */
export type TitleSource = "custom" | "ai" | "summary" | "prompt" | "command" | "none";

/**
 * What the index learns from one transcript's head and tail windows. Cached per file by
 * (size, mtime): an unchanged file is never read again.
 */
export interface ScanResult {
  customTitle?: string;
  aiTitle?: string;
  summary?: string;
  firstPrompt?: string;
  /** The first slash command, used as a title only when the session has no typed prompt. */
  firstCommand?: string;
  lastPrompt?: string;
  createdAt?: string;
  lastTimestamp?: string;
  model?: string;
  gitBranch?: string;
  cwd?: string;
  /**
   * Number of user + assistant records (every tool result and every content block of a reply is
   * one record, as the CLI writes them). Exact for files up to 128 KiB, which are read whole;
   * otherwise estimated as (such records in the head and tail windows) / (window bytes) × size.
   * On real transcripts the estimate is usually within a factor of 1.5 (big attachment records
   * are unevenly spread), good enough for "about 40 messages" in a list.
   */
  messageCount: number;
  messageCountExact: boolean;
  warning?: string;
}

/** One session in the history list. */
export interface SessionSummary {
  id: string;
  file: string;
  title: string;
  titleSource: TitleSource;
  firstPrompt?: string;
  lastPrompt?: string;
  createdAt?: string;
  /** ISO time of the last recorded line (the file's mtime when no line has a timestamp). */
  lastActivity: string;
  mtimeMs: number;
  model?: string;
  gitBranch?: string;
  cwd?: string;
  messageCount: number;
  messageCountExact: boolean;
  size: number;
  hasSubagents: boolean;
  archived: boolean;
  /** Set when the transcript could not be read completely; the session is still listed. */
  warning?: string;
}

/** The result of listing one project's sessions. */
export interface SessionList {
  /** The transcript directory that was listed. */
  dir: string;
  /** False when the directory does not exist yet (no session was ever started there). */
  exists: boolean;
  /** Newest first; archived sessions only when asked for. */
  sessions: SessionSummary[];
  /** Transcripts read during this call, and transcripts answered from the cache. */
  scanned: number;
  cached: number;
  /**
   * True when every transcript's size and mtime were checked during this call; false for a list
   * answered from the persisted cache alone (SessionIndex.cachedList), which may be out of date.
   */
  verified: boolean;
}
