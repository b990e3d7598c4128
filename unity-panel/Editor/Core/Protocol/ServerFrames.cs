using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>One frame from the sidecar, discriminated by `kind`; read with <see cref="ServerFrameParser"/>.</summary>
    internal abstract class ServerFrame
    {
        /// <summary>Frame kinds.</summary>
        public const string WelcomeKind = "welcome";
        public const string AckKind = "ack";
        public const string ErrorKind = "error";
        public const string EventKind = "event";
        public const string SnapshotKind = "snapshot";
        public const string ChatsKind = "chats";
        public const string HistoryChangedKind = "history.changed";
        public const string ToolInvokeKind = "tool.invoke";
        public const string ToolCancelKind = "tool.cancel";

        protected ServerFrame(string kind)
        {
            Kind = kind;
        }

        public string Kind { get; set; }
    }

    /// <summary>Answer to hello: who the server is and which chats exist.</summary>
    internal sealed class WelcomeFrame : ServerFrame
    {
        public WelcomeFrame() : base(WelcomeKind) { }
        public string Id { get; set; }
        public int Protocol { get; set; }
        public string ServerVersion { get; set; }
        public int SidecarPid { get; set; }
        public string Project { get; set; }
        public List<ChatSummary> Chats { get; set; } = new List<ChatSummary>();
    }

    /// <summary>A command succeeded; `result` depends on the command.</summary>
    internal sealed class AckFrame : ServerFrame
    {
        public AckFrame() : base(AckKind) { }
        public string Id { get; set; }
        public JObject Result { get; set; }
    }

    /// <summary>A command failed (with Id) or the server could not read what the client sent (without).</summary>
    internal sealed class ErrorFrame : ServerFrame
    {
        public ErrorFrame() : base(ErrorKind) { }
        public string Id { get; set; }
        public string Code { get; set; }
        public string Message { get; set; }
        /// <summary>Facts some codes carry (files_changed_since: the paths changed since the turn); null for most.</summary>
        public Newtonsoft.Json.Linq.JToken Data { get; set; }
    }

    /// <summary>One chat event with its per-chat sequence number (1, 2, … without gaps).</summary>
    internal sealed class EventFrame : ServerFrame
    {
        public EventFrame() : base(EventKind) { }
        public string ChatId { get; set; }
        public long Seq { get; set; }
        public PanelEvent Event { get; set; }
    }

    /// <summary>The chat's whole state as a compacted event list covering events up to Seq.</summary>
    internal sealed class SnapshotFrame : ServerFrame
    {
        public SnapshotFrame() : base(SnapshotKind) { }
        public string ChatId { get; set; }
        public long Seq { get; set; }
        public List<PanelEvent> Events { get; set; } = new List<PanelEvent>();
    }

    /// <summary>The chat list changed (opened, closed, state).</summary>
    internal sealed class ChatsFrame : ServerFrame
    {
        public ChatsFrame() : base(ChatsKind) { }
        public List<ChatSummary> Chats { get; set; } = new List<ChatSummary>();
    }

    /// <summary>A frame kind this client does not know (a newer sidecar); ignored.</summary>
    internal sealed class UnrecognizedFrame : ServerFrame
    {
        public UnrecognizedFrame(string kind, JObject json) : base(kind)
        {
            Json = json;
        }

        public JObject Json { get; }
    }

    /// <summary>One line of the chat list.</summary>
    internal sealed class ChatSummary
    {
        public string ChatId { get; set; }
        public string SessionId { get; set; }
        public string State { get; set; }
        public string Title { get; set; }
        public string Model { get; set; }
        public string PermissionMode { get; set; }
        public string Cwd { get; set; }
        public long LastSeq { get; set; }
        public int PendingPermissions { get; set; }
    }

    /// <summary>subscribe's ack result: whether the catch-up is a replay or a snapshot.</summary>
    internal sealed class SubscribeResult
    {
        public const string Replay = "replay";
        public const string Snapshot = "snapshot";

        public string Mode { get; set; }
        public long FromSeq { get; set; }
        public long LastSeq { get; set; }
    }
}
