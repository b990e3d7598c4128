using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Protocol
{
    /// <summary>A command to the sidecar (`{id, cmd, ...params}`); the connection assigns Id when sending.</summary>
    internal abstract class ClientCommand
    {
        protected ClientCommand(string cmd)
        {
            Cmd = cmd;
        }

        [JsonProperty(Order = -4)]
        public string Id { get; set; }

        [JsonProperty(Order = -3)]
        public string Cmd { get; }

        /// <summary>The command as one text frame.</summary>
        public string ToJson()
        {
            return ProtocolJson.Serialize(this);
        }
    }

    /// <summary>The first command on every connection: protocol version, who we are, which rendered forms we want.</summary>
    internal sealed class HelloCommand : ClientCommand
    {
        public HelloCommand() : base("hello") { }
        public int Protocol { get; set; } = ProtocolJson.ProtocolVersion;
        public string Client { get; set; } = "unity";
        public string ClientVersion { get; set; }
        public List<string> Render { get; set; } = new List<string> { "unity" };
        /// <summary>What this client offers: "tools" = it publishes tools and runs tool.invoke (one client per sidecar).</summary>
        public List<string> Provides { get; set; }
        /// <summary>Stable id of the providing program (the Editor's process id): a new connection with it takes over from one not yet closed.</summary>
        public string ProviderId { get; set; }
    }

    /// <summary>List the open chats.</summary>
    internal sealed class ChatsListCommand : ClientCommand
    {
        public ChatsListCommand() : base("chats.list") { }
    }

    /// <summary>Open a new chat, or resume (and optionally fork) a past session.</summary>
    internal sealed class ChatOpenCommand : ClientCommand
    {
        public ChatOpenCommand() : base("chat.open") { }
        public string Resume { get; set; }
        public bool? Fork { get; set; }
        public string Model { get; set; }
        public string PermissionMode { get; set; }
        public bool? AllowBypassPermissions { get; set; }
        /// <summary>Tool rules allowed without asking (claude --allowedTools); null or empty = none.</summary>
        public List<string> AllowedTools { get; set; }
        /// <summary>Tool rules never allowed (claude --disallowedTools).</summary>
        public List<string> DisallowedTools { get; set; }
        /// <summary>The claude binary for this chat (from the settings); the sidecar refuses a path that does not exist.</summary>
        public string ClaudePath { get; set; }
        /// <summary>Run the sidecar's read-only tools without a permission card (null = the sidecar's default, true).</summary>
        public bool? PreAllowReadOnlyTools { get; set; }
    }

    /// <summary>Commands that name one chat.</summary>
    internal abstract class ChatCommand : ClientCommand
    {
        protected ChatCommand(string cmd, string chatId) : base(cmd)
        {
            ChatId = chatId;
        }

        [JsonProperty(Order = -2)]
        public string ChatId { get; set; }
    }

    /// <summary>Close a chat (ends its claude process).</summary>
    internal sealed class ChatCloseCommand : ChatCommand
    {
        public ChatCloseCommand(string chatId) : base("chat.close", chatId) { }
    }

    /// <summary>Send a prompt (queued by the engine while a turn runs).</summary>
    internal sealed class ChatSendCommand : ChatCommand
    {
        public ChatSendCommand(string chatId, string text) : base("chat.send", chatId)
        {
            Text = text;
        }

        public string Text { get; set; }
        public List<ContextAttachment> Attachments { get; set; }
    }

    /// <summary>Stop the running turn.</summary>
    internal sealed class ChatInterruptCommand : ChatCommand
    {
        public ChatInterruptCommand(string chatId) : base("chat.interrupt", chatId) { }
    }

    /// <summary>Answer a permission card (first answer wins; a second gets `already_answered`).</summary>
    internal sealed class PermissionAnswerCommand : ChatCommand
    {
        public PermissionAnswerCommand(string chatId, string requestId, PermissionAnswer answer) : base("permission.answer", chatId)
        {
            RequestId = requestId;
            Answer = answer;
        }

        public string RequestId { get; set; }
        public PermissionAnswer Answer { get; set; }
    }

    /// <summary>Switch the model (null = the default model).</summary>
    internal sealed class SetModelCommand : ChatCommand
    {
        public SetModelCommand(string chatId, string model) : base("chat.setModel", chatId)
        {
            Model = model;
        }

        [JsonProperty(NullValueHandling = NullValueHandling.Include)]
        public string Model { get; set; }
    }

    /// <summary>Switch the permission mode (default, acceptEdits, plan, …).</summary>
    internal sealed class SetPermissionModeCommand : ChatCommand
    {
        public SetPermissionModeCommand(string chatId, string mode) : base("chat.setPermissionMode", chatId)
        {
            Mode = mode;
        }

        public string Mode { get; set; }
    }

    /// <summary>Receive a chat's events: after AfterSeq (replay or snapshot), then live.</summary>
    internal sealed class SubscribeCommand : ChatCommand
    {
        public SubscribeCommand(string chatId, long? afterSeq) : base("subscribe", chatId)
        {
            AfterSeq = afterSeq;
        }

        public long? AfterSeq { get; set; }
    }

    /// <summary>Stop receiving a chat's events.</summary>
    internal sealed class UnsubscribeCommand : ChatCommand
    {
        public UnsubscribeCommand(string chatId) : base("unsubscribe", chatId) { }
    }

    /// <summary>Ask the Editor (the tool provider) to open a project path from an asset link; the browser panel sends it, Unity opens its own links directly.</summary>
    internal sealed class AssetOpenCommand : ClientCommand
    {
        public AssetOpenCommand(string @ref) : base("asset.open")
        {
            Ref = @ref;
        }

        /// <summary>"Assets/Scripts/Player.cs" or "Assets/Scripts/Player.cs:12".</summary>
        public string Ref { get; set; }
    }

    /// <summary>A command given by name and parameters, for commands this package has no class for yet (newer sidecars).</summary>
    internal sealed class RawCommand : ClientCommand
    {
        public RawCommand(string cmd, JObject parameters) : base(cmd)
        {
            Parameters = parameters ?? new JObject();
        }

        [JsonExtensionData]
        public IDictionary<string, JToken> Parameters { get; }
    }
}
