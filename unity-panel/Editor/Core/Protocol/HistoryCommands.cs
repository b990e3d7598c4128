namespace AgentPanel.Core.Protocol
{
    /// <summary>List the project's past sessions, newest first; Query filters by title and prompts.</summary>
    internal sealed class HistoryListCommand : ClientCommand
    {
        public HistoryListCommand() : base("history.list") { }
        public string Query { get; set; }
        public bool? IncludeArchived { get; set; }
    }

    /// <summary>Full-text search over every past session's prompts, replies, thinking and tool calls (bounded).</summary>
    internal sealed class HistorySearchCommand : ClientCommand
    {
        public HistorySearchCommand() : base("history.search") { }
        public string Text { get; set; }
        public int? Limit { get; set; }
    }

    /// <summary>One page of a past session (newest without a cursor), as panel events.</summary>
    internal sealed class HistoryLoadCommand : ClientCommand
    {
        public HistoryLoadCommand() : base("history.load") { }
        public string SessionId { get; set; }
        public string Cursor { get; set; }
    }

    /// <summary>
    /// One page of a subagent's transcript (loaded when its card is expanded): by AgentId (the card's TaskId) or by the
    /// ToolUseId of the Agent tool call that started it. A missing transcript is not an error (the result says Missing).
    /// </summary>
    internal sealed class HistorySubagentCommand : ClientCommand
    {
        public HistorySubagentCommand() : base("history.subagent") { }
        public string SessionId { get; set; }
        public string AgentId { get; set; }
        public string ToolUseId { get; set; }
        public string Cursor { get; set; }
    }

    /// <summary>Receive history.changed frames until unsubscribed (taken again after every reconnect).</summary>
    internal sealed class HistorySubscribeCommand : ClientCommand
    {
        public HistorySubscribeCommand() : base("history.subscribe") { }
    }

    /// <summary>Stop the history.changed frames.</summary>
    internal sealed class HistoryUnsubscribeCommand : ClientCommand
    {
        public HistoryUnsubscribeCommand() : base("history.unsubscribe") { }
    }
}
