using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>Sidecar → provider: run a tool (its arguments already validated against the input schema).</summary>
    internal sealed class ToolInvokeFrame : ServerFrame
    {
        public ToolInvokeFrame() : base(ToolInvokeKind) { }
        public string CallId { get; set; }
        public string Tool { get; set; }
        public JObject Arguments { get; set; } = new JObject();
        /// <summary>Unix time in milliseconds after which nobody waits for the answer.</summary>
        public long Deadline { get; set; }
        /// <summary>Describe what the (destructive) tool would do, changing nothing.</summary>
        public bool? DryRun { get; set; }
    }

    /// <summary>Sidecar → provider: the caller gave up on a call; stop it if it has not finished.</summary>
    internal sealed class ToolCancelFrame : ServerFrame
    {
        public ToolCancelFrame() : base(ToolCancelKind) { }
        public string CallId { get; set; }
        public string Reason { get; set; }
    }

    /// <summary>Publish (replace) the tools this client provides.</summary>
    internal sealed class ToolsPublishCommand : ClientCommand
    {
        public ToolsPublishCommand() : base("tools.publish") { }
        public List<PublishedTool> Catalog { get; set; } = new List<PublishedTool>();
        /// <summary>How an unfocused Editor is woken for calls (<see cref="WakeModes"/>); shown by the sidecar's /health. Null: not reported.</summary>
        public string Wake { get; set; }
    }

    /// <summary>The values of <see cref="ToolsPublishCommand.Wake"/>.</summary>
    internal static class WakeModes
    {
        /// <summary>Woken only while calls wait (the default).</summary>
        public const string OnDemand = "on-demand";
        /// <summary>Kept awake all the time.</summary>
        public const string Always = "always";
        /// <summary>This Editor cannot be woken from another thread: calls start on its next regular update.</summary>
        public const string Unavailable = "unavailable";
    }

    /// <summary>After a reconnect, before tools.publish: what became of the calls received on the earlier connection.</summary>
    internal sealed class ToolsJournalCommand : ClientCommand
    {
        public ToolsJournalCommand() : base("tools.journal") { }
        public List<JournalEntry> Calls { get; set; } = new List<JournalEntry>();
    }

    /// <summary>Progress of a running call (forwarded to MCP clients as progress notifications).</summary>
    internal sealed class ToolProgressCommand : ClientCommand
    {
        public ToolProgressCommand() : base("tool.progress") { }
        public string CallId { get; set; }
        public double? Progress { get; set; }
        public double? Total { get; set; }
        public string Message { get; set; }
    }

    /// <summary>The answer of a call; its ack means the sidecar has it (the journal entry can go).</summary>
    internal sealed class ToolResultCommand : ClientCommand
    {
        public ToolResultCommand() : base("tool.result") { }
        public string CallId { get; set; }
        public bool Ok { get; set; }
        public List<ToolContent> Content { get; set; } = new List<ToolContent>();
        public JObject Structured { get; set; }
        public ToolError Error { get; set; }
    }

    /// <summary>tools.publish's ack result.</summary>
    internal sealed class ToolsPublishResult
    {
        public int Tools { get; set; }
    }
}
