using System.Collections.Generic;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// The tab-title badge: counts what happened while the window was unfocused (a permission started waiting, a turn ended) until the
    /// window is focused again. A chat seen for the first time only sets the baseline (a restored chat does not raise a badge).
    /// </summary>
    internal sealed class AttentionTracker
    {
        private readonly Dictionary<string, Seen> chats = new Dictionary<string, Seen>();
        private bool focused = true;

        /// <summary>Things not seen yet (0 = no badge).</summary>
        public int Unseen { get; private set; }

        /// <summary>Raised when <see cref="Unseen"/> changes.</summary>
        public event System.Action Changed;

        /// <summary>The window gained or lost focus; gaining it clears the badge.</summary>
        public void SetFocused(bool value)
        {
            focused = value;
            if (value) Set(0);
        }

        /// <summary>Look at a chat after it changed; counts new pending permissions and ended turns while unfocused.</summary>
        public void Observe(ChatModel chat)
        {
            if (chat == null) return;
            var pending = new HashSet<string>();
            foreach (var card in chat.PendingPermissions()) pending.Add(card.RequestId);
            var turns = chat.Status.Turns;
            if (!chats.TryGetValue(chat.ChatId, out var seen))
            {
                chats[chat.ChatId] = new Seen { Pending = pending, Turns = turns };
                return;
            }
            var fresh = 0;
            foreach (var id in pending)
            {
                if (!seen.Pending.Contains(id)) fresh++;
            }
            if (turns > seen.Turns) fresh += turns - seen.Turns;
            seen.Pending = pending;
            seen.Turns = turns;
            if (!focused && fresh > 0) Set(Unseen + fresh);
        }

        /// <summary>Stop tracking a chat (closed or unfollowed).</summary>
        public void Forget(string chatId)
        {
            if (chatId != null) chats.Remove(chatId);
        }

        /// <summary>The window's tab title: "Agent Panel" or "(2) Agent Panel".</summary>
        public string Title(string baseTitle)
        {
            return Unseen > 0 ? "(" + Unseen + ") " + baseTitle : baseTitle;
        }

        private void Set(int value)
        {
            if (value == Unseen) return;
            Unseen = value;
            Changed?.Invoke();
        }

        private sealed class Seen
        {
            public HashSet<string> Pending;
            public int Turns;
        }
    }
}
