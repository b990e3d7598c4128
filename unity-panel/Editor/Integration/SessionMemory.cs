using System.Collections.Generic;
using AgentPanel.Core.Store;
using UnityEditor;

namespace AgentPanel.Editor.Integration
{
    /// <summary>Keeps the followed chats (last seq and compacted state) in SessionState across domain reloads; gone when the Editor quits.</summary>
    internal static class SessionMemory
    {
        private const string ChatsKey = "AgentPanel.Chats";
        private const string ActiveKey = "AgentPanel.Active";

        /// <summary>Whether the panel was connected before the reload (so it reconnects by itself after it).</summary>
        public static bool WasActive
        {
            get => SessionState.GetBool(ActiveKey, false);
            set => SessionState.SetBool(ActiveKey, value);
        }

        /// <summary>Save every followed chat.</summary>
        public static void Save(ChatStore store)
        {
            SessionState.SetString(ChatsKey, ChatMemory.Save(store.Chats));
        }

        /// <summary>The chats saved before the reload (empty when none).</summary>
        public static List<ChatModel> Restore()
        {
            return ChatMemory.Restore(SessionState.GetString(ChatsKey, ""));
        }

        /// <summary>Forget the saved chats.</summary>
        public static void Clear()
        {
            SessionState.EraseString(ChatsKey);
        }
    }
}
