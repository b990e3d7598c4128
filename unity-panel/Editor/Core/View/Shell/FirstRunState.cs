using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>The first-run panels: what stops the panel from working before the first chat can run.</summary>
    internal enum FirstRunPanel
    {
        None,
        NodeNotFound,
        ClaudeNotFound,
        NotLoggedIn,
        SidecarFailed,
    }

    /// <summary>
    /// Which first-run panel to show and what it says: from a launch error (node, the bundled sidecar, its start) or from a chat's
    /// error notice (claude missing or not runnable, not logged in). Each panel has a Retry; some a path field, a command or the log.
    /// </summary>
    internal sealed class FirstRunState
    {
        public const string InstallClaudeCommand = "npm install -g @anthropic-ai/claude-code";
        public const string LoginCommand = "claude";

        private FirstRunState(FirstRunPanel panel, string title, string message)
        {
            Panel = panel;
            Title = title;
            Message = message ?? "";
        }

        /// <summary>Nothing to show: the chat view is usable.</summary>
        public static readonly FirstRunState None = new FirstRunState(FirstRunPanel.None, "", "");

        public FirstRunPanel Panel { get; }
        public string Title { get; }
        /// <summary>What went wrong, with what to do (the error's own text).</summary>
        public string Message { get; }
        /// <summary>A command the user runs in a terminal ("" when none).</summary>
        public string Command { get; private set; } = "";
        /// <summary>Which path the panel lets the user set: "node", "claude" or "" (none).</summary>
        public string PathField { get; private set; } = "";
        /// <summary>True when the sidecar log helps (a button opens it).</summary>
        public bool ShowLog { get; private set; }
        public string RetryLabel { get; private set; } = "Retry";
        public bool Visible => Panel != FirstRunPanel.None;

        /// <summary>The panel for an error from starting or reaching the sidecar.</summary>
        public static FirstRunState FromLaunchError(AgentPanelException error)
        {
            if (error == null) return None;
            switch (error.Code)
            {
                case ErrorCodes.NodeNotFound:
                case ErrorCodes.NodeTooOld:
                    return new FirstRunState(FirstRunPanel.NodeNotFound, error.Code == ErrorCodes.NodeTooOld ? "Node.js is too old" : "Node.js not found", error.Message) { PathField = "node" };
                case ErrorCodes.ProtocolMismatch:
                    return new FirstRunState(FirstRunPanel.SidecarFailed, "The sidecar speaks another protocol version", error.Message) { ShowLog = true };
                default:
                    return new FirstRunState(FirstRunPanel.SidecarFailed, "The Agent Panel sidecar did not start", error.Message) { ShowLog = true };
            }
        }

        /// <summary>The panel for a chat that cannot run claude (its latest error notice), or <see cref="None"/>.</summary>
        public static FirstRunState FromChat(ChatModel chat)
        {
            if (chat == null || chat.Lost != null) return None;
            var state = chat.Status.State;
            if (state != ChatStates.Errored && state != ChatStates.AuthRequired) return None;
            var notice = LatestErrorNotice(chat);
            var code = notice?.Code ?? (state == ChatStates.AuthRequired ? NoticeCodes.NotLoggedIn : null);
            var message = notice?.Message ?? chat.Status.StateReason;
            switch (code)
            {
                case SidecarErrorCodes.ClaudeNotFound:
                case SidecarErrorCodes.ClaudeNotRunnable:
                case SidecarErrorCodes.ClaudeVersionTimeout:
                case SidecarErrorCodes.ClaudeVersionUnparsable:
                    return new FirstRunState(FirstRunPanel.ClaudeNotFound, code == SidecarErrorCodes.ClaudeNotFound ? "Claude Code not found" : "Claude Code cannot be run", message)
                    {
                        Command = InstallClaudeCommand,
                        PathField = "claude",
                        RetryLabel = "Retry in a new chat",
                    };
                case NoticeCodes.NotLoggedIn:
                case "auth_required":
                    return new FirstRunState(FirstRunPanel.NotLoggedIn, "Not logged in to Claude", message ?? "Claude Code is not logged in.")
                    {
                        Command = LoginCommand,
                        RetryLabel = "I have logged in — retry",
                    };
                default:
                    return None;
            }
        }

        private static NoticeCard LatestErrorNotice(ChatModel chat)
        {
            for (var i = chat.Cards.Count - 1; i >= 0; i--)
            {
                if (chat.Cards[i] is NoticeCard notice && notice.Level == NoticeEvent.Error) return notice;
            }
            return null;
        }
    }
}
