// The panel protocol v1 in one import: schemas and types for frames, commands and events.

export { PROTOCOL_VERSION } from "./version.js";
export { PermissionAnswer, ContextAttachment, ImageMediaType } from "./inputs.js";
export { PanelEvent, PanelBlock, PanelMessageFinal, ChatSummary, ChatStateName, type PanelEventOf } from "./events.js";
export { ServerFrame, WelcomeFrame, AckFrame, ErrorFrame, EventFrame, SnapshotFrame, ChatsFrame, HistoryChangedFrame, SubscribeResult, CommandResults, type ServerFrameOf } from "./frames.js";
export { ClientCommand, ClientKind, RenderFormat, COMMAND_NAMES, parseClientCommand, type ClientCommandOf, type ParsedCommand } from "./commands.js";
export { UnityBlock } from "./unity-block.js";
export { SessionSummary, SearchHit, TitleSource, HistoryListResult, HistorySearchResult, HistoryLoadResult, HistorySubagentResult } from "./history.js";
export { PublishedTool, JournalEntry, ToolInvokeFrame, ToolCancelFrame, ToolsPublishResult } from "./tools.js";
