using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>Builds chats for the shell's view-model tests.</summary>
    internal static class ShellTestChats
    {
        public static ChatModel NewChat(string id, params PanelEvent[] events)
        {
            var chat = new ChatModel(id);
            Add(chat, events);
            return chat;
        }

        public static void Add(ChatModel chat, params PanelEvent[] events)
        {
            foreach (var e in events) chat.Apply(chat.LastSeq + 1, e);
        }
    }
}
