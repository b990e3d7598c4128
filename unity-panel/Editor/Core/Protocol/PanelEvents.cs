using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>One chat event as the sidecar sends it (PanelEvent); concrete classes per `type`, <see cref="UnrecognizedEvent"/> for new ones.</summary>
    internal abstract class PanelEvent
    {
        protected PanelEvent(string type)
        {
            Type = type;
        }

        /// <summary>The discriminator (<see cref="EventTypes"/>).</summary>
        public string Type { get; set; }
    }

    /// <summary>The chat's lifecycle state changed.</summary>
    internal sealed class StateEvent : PanelEvent
    {
        public StateEvent() : base(EventTypes.State) { }
        public string State { get; set; }
        public string Previous { get; set; }
        public string Reason { get; set; }
    }

    /// <summary>Session facts from the CLI (model, mode, tools, models list); later inits merge their defined fields.</summary>
    internal sealed class InitEvent : PanelEvent
    {
        public InitEvent() : base(EventTypes.Init) { }
        public string SessionId { get; set; }
        public string CliVersion { get; set; }
        public string Model { get; set; }
        public string PermissionMode { get; set; }
        public string Cwd { get; set; }
        public List<string> Tools { get; set; }
        public List<ModelChoice> Models { get; set; }
        public List<SlashCommandInfo> Commands { get; set; }
        public JObject Account { get; set; }
    }

    /// <summary>One entry of the model picker.</summary>
    internal sealed class ModelChoice
    {
        public string Value { get; set; }
        public string DisplayName { get; set; }
        public string Description { get; set; }
    }

    /// <summary>One slash command the CLI offers.</summary>
    internal sealed class SlashCommandInfo
    {
        public string Name { get; set; }
        public string Description { get; set; }
    }

    /// <summary>What the user sent (echoed so every client shows it); `queued` while a turn still runs.</summary>
    internal sealed class UserMessageEvent : PanelEvent
    {
        public UserMessageEvent() : base(EventTypes.UserMessage) { }
        public string TurnId { get; set; }
        public string Text { get; set; }
        public bool Queued { get; set; }
        public int Attachments { get; set; }
    }

    /// <summary>A turn began.</summary>
    internal sealed class TurnStartedEvent : PanelEvent
    {
        public TurnStartedEvent() : base(EventTypes.TurnStarted) { }
        public string TurnId { get; set; }
        public bool Prompted { get; set; }
    }

    /// <summary>An assistant message began (parentToolUseId set inside a subagent).</summary>
    internal sealed class MessageStartEvent : PanelEvent
    {
        public MessageStartEvent() : base(EventTypes.MessageStart) { }
        public string TurnId { get; set; }
        public string MessageId { get; set; }
        public string ParentToolUseId { get; set; }
        public string Model { get; set; }
    }

    /// <summary>Streamed text of one block of a message (coalesced by the sidecar).</summary>
    internal sealed class MessageDeltaEvent : PanelEvent
    {
        public MessageDeltaEvent() : base(EventTypes.MessageDelta) { }
        public string TurnId { get; set; }
        public string MessageId { get; set; }
        public int Index { get; set; }
        public string Kind { get; set; }
        public string Text { get; set; }
    }

    /// <summary>The complete message; replaces whatever was streamed for it.</summary>
    internal sealed class MessageFinalEvent : PanelEvent
    {
        public MessageFinalEvent() : base(EventTypes.MessageFinal) { }
        public string TurnId { get; set; }
        public string MessageId { get; set; }
        public string ParentToolUseId { get; set; }
        public List<PanelBlock> Blocks { get; set; } = new List<PanelBlock>();
        public bool Aborted { get; set; }
        public string Error { get; set; }
    }

    /// <summary>One block of a final message; text blocks may carry the markdown rendered for Unity.</summary>
    internal sealed class PanelBlock
    {
        /// <summary>Block kinds of a message.</summary>
        public const string TextKind = "text";
        public const string ThinkingKind = "thinking";

        public int Index { get; set; }
        public string Kind { get; set; }
        public string Text { get; set; }
        public List<UnityBlock> Unity { get; set; }
        public string Html { get; set; }
    }

    /// <summary>A tool call began.</summary>
    internal sealed class ToolStartedEvent : PanelEvent
    {
        public ToolStartedEvent() : base(EventTypes.ToolStarted) { }
        public string TurnId { get; set; }
        public string ToolUseId { get; set; }
        public string Name { get; set; }
        public JToken Input { get; set; }
        public string Summary { get; set; }
        public string ParentToolUseId { get; set; }
        /// <summary>The title of one of the sidecar's own tools (mcp__agent-panel__…), when it has one.</summary>
        public string Title { get; set; }
    }

    /// <summary>A tool call ended (ok or error) with its result text and duration.</summary>
    internal sealed class ToolFinishedEvent : PanelEvent
    {
        public ToolFinishedEvent() : base(EventTypes.ToolFinished) { }
        public string TurnId { get; set; }
        public string ToolUseId { get; set; }
        public string Name { get; set; }
        public bool IsError { get; set; }
        public string Result { get; set; }
        /// <summary>Images in the result (base64), shown as pictures.</summary>
        public List<ToolImage> Images { get; set; }
        public double DurationMs { get; set; }
        public string Decision { get; set; }
        /// <summary>Who allowed or denied the call (<see cref="Deciders"/>), when the sidecar knows.</summary>
        public string DecidedBy { get; set; }
        public string ParentToolUseId { get; set; }
    }

    /// <summary>Who decided a permission, as the sidecar names it (permission_resolved.by, tool_finished.decidedBy).</summary>
    internal static class Deciders
    {
        public const string User = "user";
        /// <summary>claude's own settings: an allow or deny rule, a saved "always allow", the permission mode.</summary>
        public const string Rule = "rule";
        /// <summary>The panel's "pre-allow read-only tools" setting.</summary>
        public const string ReadOnlySetting = "read_only_setting";
        public const string Claude = "claude";
        public const string Sidecar = "sidecar";
    }

    /// <summary>An image a tool returned.</summary>
    internal sealed class ToolImage
    {
        public string MediaType { get; set; }
        /// <summary>Base64 bytes.</summary>
        public string Data { get; set; }
    }
}
