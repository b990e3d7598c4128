using System.Collections.Generic;
using Newtonsoft.Json;

namespace AgentPanel.Core.Protocol
{
    /// <summary>One past session of the project (a transcript the CLI wrote), as the history list shows it.</summary>
    internal sealed class SessionSummary
    {
        public string Id { get; set; }
        public string Title { get; set; }
        /// <summary>custom, ai, summary, prompt, command or none (open set: show any value).</summary>
        public string TitleSource { get; set; }
        public string FirstPrompt { get; set; }
        public string LastPrompt { get; set; }
        public string CreatedAt { get; set; }
        /// <summary>ISO time of the last recorded line.</summary>
        public string LastActivity { get; set; }
        public string Model { get; set; }
        public string GitBranch { get; set; }
        public string Cwd { get; set; }
        public long MessageCount { get; set; }
        public bool MessageCountExact { get; set; }
        public long Size { get; set; }
        public bool HasSubagents { get; set; }
        public bool Archived { get; set; }
        /// <summary>Set when the transcript could not be read completely.</summary>
        public string Warning { get; set; }
    }

    /// <summary>One full-text match in a past session.</summary>
    internal sealed class SearchHit
    {
        public string SessionId { get; set; }
        public string Title { get; set; }
        public string Role { get; set; }
        /// <summary>prompt, text, thinking, tool_use or tool_result.</summary>
        public string Kind { get; set; }
        public string Snippet { get; set; }
        public string Timestamp { get; set; }
        public string Uuid { get; set; }
    }

    /// <summary>history.list's ack result.</summary>
    internal sealed class HistoryListResult
    {
        public List<SessionSummary> Sessions { get; set; } = new List<SessionSummary>();
        /// <summary>False when the sidecar answered from its index cache before checking the transcripts (right after it started); corrections follow as history.changed.</summary>
        public bool Verified { get; set; } = true;
    }

    /// <summary>history.search's ack result; Stopped says why it ended early (max_hits, max_bytes, aborted), if it did.</summary>
    internal sealed class HistorySearchResult
    {
        public List<SearchHit> Hits { get; set; } = new List<SearchHit>();
        public string Stopped { get; set; }
    }

    /// <summary>history.load's ack result: events oldest first, and the cursor of the next older page (null at the beginning).</summary>
    internal sealed class HistoryLoadResult
    {
        public string SessionId { get; set; }
        public List<PanelEvent> Events { get; set; } = new List<PanelEvent>();
        [JsonProperty(NullValueHandling = NullValueHandling.Include)]
        public string Cursor { get; set; }
        public List<string> Warnings { get; set; }
    }

    /// <summary>
    /// history.subagent's ack result: a page of the subagent's events (all with ParentToolUseId = its Agent tool call), or
    /// Missing = true with only what is known about it (Events empty; the card keeps its summary).
    /// </summary>
    internal sealed class HistorySubagentResult
    {
        public string SessionId { get; set; }
        /// <summary>Null when no subagent of the session matches the ToolUseId asked for.</summary>
        public string AgentId { get; set; }
        public string ToolUseId { get; set; }
        public string Description { get; set; }
        public string AgentType { get; set; }
        public string Model { get; set; }
        public bool Missing { get; set; }
        public List<PanelEvent> Events { get; set; } = new List<PanelEvent>();
        [JsonProperty(NullValueHandling = NullValueHandling.Include)]
        public string Cursor { get; set; }
        public List<string> Warnings { get; set; }
    }

    /// <summary>Pushed to history subscribers: sessions added or changed (archived ones with Archived = true), and ids removed.</summary>
    internal sealed class HistoryChangedFrame : ServerFrame
    {
        public HistoryChangedFrame() : base(HistoryChangedKind) { }
        public List<SessionSummary> Sessions { get; set; } = new List<SessionSummary>();
        public List<string> Removed { get; set; } = new List<string>();
    }
}
