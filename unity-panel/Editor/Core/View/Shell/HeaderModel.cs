using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>One chat tab of the header.</summary>
    internal sealed class ChatTab
    {
        public string ChatId;
        public string Title;
        /// <summary>Permission cards waiting in that chat (0 = no badge).</summary>
        public int Pending;
        public StateDot Dot;
        public bool Selected;

        /// <summary>"Title (2)" when permissions wait.</summary>
        public string Label => Pending > 0 ? Title + " (" + Pending + ")" : Title;
    }

    /// <summary>One entry of a picker: the value sent and its label.</summary>
    internal sealed class Choice
    {
        public Choice(string value, string label, string tooltip = "")
        {
            Value = value;
            Label = label;
            Tooltip = tooltip ?? "";
        }

        /// <summary>The value for the sidecar (null for the model picker's "Default model").</summary>
        public string Value { get; }
        public string Label { get; }
        public string Tooltip { get; }
    }

    /// <summary>The header's content: chat tabs from the sidecar's chat list (titles, pending badges) and the model and permission-mode choices of the shown chat.</summary>
    internal static class HeaderModel
    {
        public const string NewChatTitle = "New chat";
        public const string DefaultModelLabel = "Default model";

        /// <summary>The tabs: every chat the sidecar lists, plus followed chats it does not list yet (just opened).</summary>
        public static List<ChatTab> Tabs(IReadOnlyList<ChatSummary> summaries, IEnumerable<ChatModel> followed, string selectedChatId)
        {
            var tabs = new List<ChatTab>();
            var listed = new HashSet<string>();
            foreach (var s in summaries ?? new List<ChatSummary>())
            {
                if (s?.ChatId == null || !listed.Add(s.ChatId)) continue;
                tabs.Add(new ChatTab { ChatId = s.ChatId, Title = TitleOf(s.Title), Pending = s.PendingPermissions, Dot = StatusLine.DotFor(s.State), Selected = s.ChatId == selectedChatId });
            }
            foreach (var chat in followed ?? new List<ChatModel>())
            {
                if (chat == null || chat.Lost != null || !listed.Add(chat.ChatId)) continue;
                tabs.Add(new ChatTab { ChatId = chat.ChatId, Title = NewChatTitle, Pending = chat.PendingPermissions().Count, Dot = StatusLine.DotFor(chat.Status.State), Selected = chat.ChatId == selectedChatId });
            }
            return tabs;
        }

        /// <summary>The model picker's entries: "Default model", then the CLI's models (from init), plus the current model if it is not listed.</summary>
        public static List<Choice> Models(ChatStatus status)
        {
            var choices = new List<Choice> { new Choice(null, DefaultModelLabel, "The model Claude Code picks by default") };
            var models = status?.Models ?? new List<ModelChoice>();
            var current = status?.Model;
            var listed = false;
            foreach (var m in models)
            {
                if (m?.Value == null || m.Value == "default") continue;
                choices.Add(new Choice(m.Value, string.IsNullOrEmpty(m.DisplayName) ? m.Value : m.DisplayName, m.Description));
                listed |= m.Value == current;
            }
            if (!string.IsNullOrEmpty(current) && !listed) choices.Insert(1, new Choice(current, current));
            return choices;
        }

        /// <summary>The index of the chat's current model among <paramref name="choices"/> (0 = default).</summary>
        public static int SelectedModel(List<Choice> choices, ChatStatus status)
        {
            var current = status?.Model;
            for (var i = 1; i < choices.Count; i++)
            {
                if (choices[i].Value == current) return i;
            }
            return 0;
        }

        /// <summary>The permission-mode picker's entries (bypassPermissions only when allowed, or when the chat already runs in it).</summary>
        public static List<Choice> Modes(bool allowBypass, string current)
        {
            var choices = new List<Choice>();
            foreach (var mode in PermissionModes.Offered(allowBypass, current)) choices.Add(new Choice(mode, ShellFormat.ModeLabel(mode)));
            return choices;
        }

        private static string TitleOf(string title)
        {
            return string.IsNullOrWhiteSpace(title) ? NewChatTitle : title.Trim();
        }
    }
}
