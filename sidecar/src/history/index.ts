// Session history, in one import: list, watch and search a project's Claude Code sessions,
// restore a transcript page by page as ChatEvents, load subagent transcripts on demand, and keep
// the panel's own side facts (archived, user title).

export { listSessions, SessionIndex, transcriptDirFor, type IndexOptions, type ListOptions } from "./list.js";
export { watchSessions, type SessionChanges, type SessionWatcher, type WatchOptions } from "./watch.js";
export { searchSessions, searchText, normalizeForSearch, type TextHit, type TextSearchDone, type TextSearchOptions } from "./search.js";
export { encodeCursor, loadTranscript, PAGE_BYTES, PAGE_TURNS, type TranscriptPage, type TranscriptPageOptions } from "./transcript.js";
export { listSubagents, loadSubagentTranscript, type SubagentInfo, type SubagentTranscript } from "./subagents.js";
export { setArchived, setCustomTitle } from "./sidefiles.js";
export { defaultCacheDir } from "./cache.js";
export { projectTranscriptDir } from "./paths.js";
export type { SessionList, SessionSummary, TitleSource } from "./types.js";
