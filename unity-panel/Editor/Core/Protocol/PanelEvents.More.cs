using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>The agent asks before using a tool (or asks the user questions when <see cref="IsQuestion"/>).</summary>
    internal sealed class PermissionRequestedEvent : PanelEvent
    {
        public PermissionRequestedEvent() : base(EventTypes.PermissionRequested) { }
        public string TurnId { get; set; }
        public string RequestId { get; set; }
        public string ToolName { get; set; }
        public string ToolUseId { get; set; }
        public JObject Input { get; set; } = new JObject();
        public string Description { get; set; }
        public string Summary { get; set; }
        /// <summary>"Always allow" scopes the CLI suggests; answered by index.</summary>
        public List<JObject> Suggestions { get; set; } = new List<JObject>();
        public string BlockedPath { get; set; }
        public string AgentId { get; set; }
        public bool IsQuestion { get; set; }
        /// <summary>Set when the call is one of the sidecar's own tools (Unity or native).</summary>
        public AgentToolFacts AgentTool { get; set; }
        /// <summary>What a destructive tool of the sidecar would do (its dry run).</summary>
        public ToolResult DryRun { get; set; }
    }

    /// <summary>One of the sidecar's own tools behind a claude tool call.</summary>
    internal sealed class AgentToolFacts
    {
        public string Name { get; set; }
        public string Title { get; set; }
        public bool Destructive { get; set; }
        public bool ReadOnly { get; set; }
    }

    /// <summary>A permission request was answered (by any client) or cancelled.</summary>
    internal sealed class PermissionResolvedEvent : PanelEvent
    {
        /// <summary>Outcomes of a permission request.</summary>
        public const string Allowed = "allowed";
        public const string Denied = "denied";
        public const string Cancelled = "cancelled";

        public PermissionResolvedEvent() : base(EventTypes.PermissionResolved) { }
        public string TurnId { get; set; }
        public string RequestId { get; set; }
        public string Outcome { get; set; }
        public string Detail { get; set; }
        /// <summary>Who settled it (<see cref="Deciders"/>): user, claude (withdrew it), sidecar (chat closed, claude exited); null from an older sidecar.</summary>
        public string By { get; set; }
    }

    /// <summary>Progress of a subagent (background task); fields that are absent keep their previous value.</summary>
    internal sealed class SubagentEvent : PanelEvent
    {
        public SubagentEvent() : base(EventTypes.Subagent) { }
        public string TaskId { get; set; }
        public string ToolUseId { get; set; }
        public string Status { get; set; }
        public string Description { get; set; }
        public string SubagentType { get; set; }
        public bool? Background { get; set; }
        public long? Tokens { get; set; }
        public long? ToolUses { get; set; }
        public double? DurationMs { get; set; }
        public string LastTool { get; set; }
        public string Summary { get; set; }
    }

    /// <summary>The end of a turn: outcome, usage, cost.</summary>
    internal sealed class TurnResultEvent : PanelEvent
    {
        public TurnResultEvent() : base(EventTypes.TurnResult) { }
        public string TurnId { get; set; }
        public bool Ok { get; set; }
        /// <summary>completed / interrupted / failed (see <see cref="TurnStatuses"/>); null from a sidecar older than the field.</summary>
        public string Status { get; set; }
        public string Subtype { get; set; }
        public string Text { get; set; }
        public List<string> Errors { get; set; } = new List<string>();
        public string TerminalReason { get; set; }
        public double? DurationMs { get; set; }
        public long? NumTurns { get; set; }
        public double? CostUsd { get; set; }
        public TokenUsage Usage { get; set; } = new TokenUsage();
        public long? ContextWindow { get; set; }
        public List<PermissionDenial> Denials { get; set; } = new List<PermissionDenial>();
    }

    /// <summary>The values of <see cref="TurnResultEvent.Status"/>.</summary>
    internal static class TurnStatuses
    {
        public const string Completed = "completed";
        public const string Interrupted = "interrupted";
        public const string Failed = "failed";
    }

    /// <summary>Token counts of a turn.</summary>
    internal sealed class TokenUsage
    {
        public long Input { get; set; }
        public long Output { get; set; }
        public long CacheRead { get; set; }
        public long CacheCreation { get; set; }
    }

    /// <summary>A tool use that was denied during a turn.</summary>
    internal sealed class PermissionDenial
    {
        public string ToolName { get; set; }
        public string ToolUseId { get; set; }
    }

    /// <summary>A notice from the engine or the bridge (retrying, compacted, resumed …).</summary>
    internal sealed class NoticeEvent : PanelEvent
    {
        /// <summary>Notice levels.</summary>
        public const string Info = "info";
        public const string Warning = "warning";
        public const string Error = "error";

        public NoticeEvent() : base(EventTypes.Notice) { }
        public string Level { get; set; }
        public string Code { get; set; }
        public string Message { get; set; }
        public JObject Data { get; set; }
    }

    /// <summary>Notice codes the Core gives a meaning to (the set is open; unknown codes show their message).</summary>
    internal static class NoticeCodes
    {
        /// <summary>claude has no usable login: the turn ended with this notice alone; data.turnId, data.detail (claude's words).</summary>
        public const string NotLoggedIn = "not_logged_in";
    }

    /// <summary>The engine's own "unknown" event: CLI output it could not map (shown nowhere, kept for diagnostics).</summary>
    internal sealed class UnknownEngineEvent : PanelEvent
    {
        public UnknownEngineEvent() : base(EventTypes.Unknown) { }
        public string MessageType { get; set; }
        public string Subtype { get; set; }
        public string Reason { get; set; }
        public JToken Raw { get; set; }
    }

    /// <summary>An event type this client does not know (a newer sidecar); ignored by the store, never an error.</summary>
    internal sealed class UnrecognizedEvent : PanelEvent
    {
        public UnrecognizedEvent(string type, JObject json) : base(type)
        {
            Json = json;
        }

        /// <summary>The event as received.</summary>
        public JObject Json { get; }
    }
}
