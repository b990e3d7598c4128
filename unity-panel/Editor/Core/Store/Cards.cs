using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Store
{
    /// <summary>Kinds of cards the transcript shows.</summary>
    internal enum CardKind
    {
        UserMessage,
        AssistantText,
        Thinking,
        Tool,
        ToolGroup,
        Permission,
        Subagent,
        Notice,
        TurnResult,
        TurnFiles,
    }

    /// <summary>One item of a chat's transcript as the window draws it; mutable, with a <see cref="Revision"/> that grows on every change so views redraw only what changed.</summary>
    internal abstract class Card
    {
        protected Card(string key, CardKind kind)
        {
            Key = key;
            Kind = kind;
        }

        /// <summary>Stable identity ("user:&lt;turn&gt;", "msg:&lt;id&gt;:&lt;index&gt;", "tool:&lt;id&gt;", …).</summary>
        public string Key { get; }

        public CardKind Kind { get; }

        /// <summary>Grows on every change of this card (not part of equality).</summary>
        [JsonIgnore]
        public int Revision { get; private set; }

        internal void Touch()
        {
            Revision++;
        }
    }

    /// <summary>What the user sent.</summary>
    internal sealed class UserMessageCard : Card
    {
        public UserMessageCard(string turnId) : base("user:" + turnId, CardKind.UserMessage)
        {
            TurnId = turnId;
        }

        public string TurnId { get; }
        public string Text { get; set; }
        /// <summary>Sent while a turn was running; answered after it.</summary>
        public bool Queued { get; set; }
        public int Attachments { get; set; }
    }

    /// <summary>One text or thinking block of an assistant message; streams until <see cref="Final"/>.</summary>
    internal abstract class BlockCard : Card
    {
        protected BlockCard(string messageId, int index, CardKind kind) : base("msg:" + messageId + ":" + index, kind)
        {
            MessageId = messageId;
            Index = index;
        }

        public string MessageId { get; }
        public int Index { get; }
        public string TurnId { get; set; }
        public string Text { get; set; } = "";
        public bool Final { get; set; }
        /// <summary>The message was cut short (interrupt).</summary>
        public bool Aborted { get; set; }
        /// <summary>An API error that ended the message.</summary>
        public string Error { get; set; }
    }

    /// <summary>Assistant text; <see cref="Blocks"/> holds the sidecar's rendering once final.</summary>
    internal sealed class AssistantTextCard : BlockCard
    {
        public AssistantTextCard(string messageId, int index) : base(messageId, index, CardKind.AssistantText) { }

        public List<UnityBlock> Blocks { get; set; }
    }

    /// <summary>The model's thinking (shown collapsed).</summary>
    internal sealed class ThinkingCard : BlockCard
    {
        public ThinkingCard(string messageId, int index) : base(messageId, index, CardKind.Thinking) { }
    }

    /// <summary>Status of a tool call.</summary>
    internal enum ToolStatus
    {
        Running,
        Succeeded,
        Failed,
    }

    /// <summary>A tool call: spinner while running, then ✓/✗ with result and duration.</summary>
    internal sealed class ToolCard : Card
    {
        public ToolCard(string toolUseId) : base("tool:" + toolUseId, CardKind.Tool)
        {
            ToolUseId = toolUseId;
        }

        public string ToolUseId { get; }
        public string TurnId { get; set; }
        public string Name { get; set; }
        public string Summary { get; set; } = "";
        public JToken Input { get; set; }
        public string ParentToolUseId { get; set; }
        public ToolStatus Status { get; set; }
        public string Result { get; set; }
        public double? DurationMs { get; set; }
        /// <summary>How the permission decision went (e.g. "allowed by rule"), when the engine knows.</summary>
        public string Decision { get; set; }
        /// <summary>Who allowed or denied the call (user, rule, read_only_setting, …), when the sidecar knows.</summary>
        public string DecidedBy { get; set; }
        /// <summary>The settled permission request of this call, folded into this card; null when there was none (or it still waits).</summary>
        [JsonIgnore]
        public PermissionCard Permission { get; set; }
        /// <summary>The title of one of the sidecar's own tools (shown instead of mcp__agent-panel__…).</summary>
        public string Title { get; set; }
        /// <summary>Pictures in the result (base64).</summary>
        public List<AgentPanel.Core.Protocol.ToolImage> Images { get; set; }
    }

    /// <summary>Three or more consecutive tool calls shown as one collapsible card.</summary>
    internal sealed class ToolGroupCard : Card
    {
        public ToolGroupCard(string firstToolKey) : base("group:" + firstToolKey, CardKind.ToolGroup) { }

        public List<ToolCard> Tools { get; } = new List<ToolCard>();

        /// <summary>Running while any member runs; Failed when any failed; else Succeeded.</summary>
        public ToolStatus Status
        {
            get
            {
                var failed = false;
                foreach (var tool in Tools)
                {
                    if (tool.Status == ToolStatus.Running) return ToolStatus.Running;
                    failed |= tool.Status == ToolStatus.Failed;
                }
                return failed ? ToolStatus.Failed : ToolStatus.Succeeded;
            }
        }
    }

    /// <summary>A permission request; pending until <see cref="Outcome"/> is set (by any client).</summary>
    internal sealed class PermissionCard : Card
    {
        public PermissionCard(string requestId) : base("perm:" + requestId, CardKind.Permission)
        {
            RequestId = requestId;
        }

        public string RequestId { get; }
        public PermissionRequestedEvent Request { get; set; }
        /// <summary>allowed / denied / cancelled; null while pending.</summary>
        public string Outcome { get; set; }
        public string Detail { get; set; }
        /// <summary>Who settled it (user, claude, sidecar); null from an older sidecar.</summary>
        public string By { get; set; }
        /// <summary>The tool card this settled request is shown in (it then has no card of its own); null while pending or with no tool card.</summary>
        [JsonIgnore]
        public ToolCard FoldedInto { get; set; }

        public bool Pending => Outcome == null;
    }

    /// <summary>A subagent (Task tool or background task) with its latest progress; its transcript is the chat's nested transcript of <see cref="ToolUseId"/>.</summary>
    internal sealed class SubagentCard : Card
    {
        public SubagentCard(string taskId) : base("task:" + taskId, CardKind.Subagent)
        {
            TaskId = taskId;
        }

        public string TaskId { get; }
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
        /// <summary>The tool call that started this subagent, when it is in the transcript (the card stands in its place).</summary>
        [JsonIgnore]
        public ToolCard Tool { get; set; }
    }

    /// <summary>A notice from the engine or the bridge.</summary>
    internal sealed class NoticeCard : Card
    {
        public NoticeCard(string key) : base(key, CardKind.Notice) { }

        public string Level { get; set; }
        public string Code { get; set; }
        public string Message { get; set; }
        public JObject Data { get; set; }
    }

    /// <summary>The end of a turn: ok or error, duration, usage, cost.</summary>
    internal sealed class TurnResultCard : Card
    {
        public TurnResultCard(string turnId) : base("result:" + turnId, CardKind.TurnResult)
        {
            TurnId = turnId;
        }

        public string TurnId { get; }
        public TurnResultEvent Result { get; set; }
    }

    /// <summary>The files one turn wrote (turn_files), with how a revert of them went (files_reverted).</summary>
    internal sealed class TurnFilesCard : Card
    {
        public TurnFilesCard(string turnId) : base("files:" + turnId, CardKind.TurnFiles)
        {
            TurnId = turnId;
        }

        public string TurnId { get; }
        public List<TurnFileChange> Files { get; set; } = new List<TurnFileChange>();
        /// <summary>The last files_reverted of this turn, or null.</summary>
        public FilesRevertedEvent Reverted { get; set; }
    }
}
