using System;
using System.Collections.Generic;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.Store
{
    /// <summary>
    /// All chats the panel follows, fed by a <see cref="SidecarConnection"/> (on the pump thread), plus the chat list and the
    /// commands the window sends. The connection resubscribes after reconnects; this class only applies what arrives.
    /// </summary>
    internal sealed partial class ChatStore
    {
        private readonly Dictionary<string, ChatModel> chats = new Dictionary<string, ChatModel>();
        private readonly SidecarConnection connection;

        public ChatStore(SidecarConnection connection)
        {
            this.connection = connection ?? throw new ArgumentNullException(nameof(connection));
            connection.Welcomed += OnWelcome;
            connection.ChatsChanged += frame => SetSummaries(frame.Chats);
            connection.HistoryChanged += ApplyHistoryChanged;
            connection.EventReceived += OnEvent;
            connection.SnapshotReceived += OnSnapshot;
            connection.SubscriptionLost += OnLost;
        }

        /// <summary>The sidecar's chat list (from welcome and chats frames).</summary>
        public IReadOnlyList<ChatSummary> Summaries { get; private set; } = new List<ChatSummary>();

        /// <summary>The last welcome (server version, project); null before the first connection.</summary>
        public WelcomeFrame Server { get; private set; }

        /// <summary>The chat list changed.</summary>
        public event Action SummariesChanged;
        /// <summary>A followed chat changed (cards, status, or it was lost).</summary>
        public event Action<ChatModel> ChatChanged;

        /// <summary>The chats followed by this store.</summary>
        public IEnumerable<ChatModel> Chats => chats.Values;

        /// <summary>The followed chat with this id, or null.</summary>
        public ChatModel Get(string chatId)
        {
            return chatId != null && chats.TryGetValue(chatId, out var chat) ? chat : null;
        }

        /// <summary>Follow a chat; with a restored model (after a domain reload) only events after its LastSeq are requested.</summary>
        public ChatModel Follow(string chatId, ChatModel restored = null)
        {
            if (!chats.TryGetValue(chatId, out var chat))
            {
                chat = restored != null && restored.ChatId == chatId ? restored : new ChatModel(chatId);
                chats[chatId] = chat;
            }
            chat.Lost = null;
            _ = connection.SubscribeAsync(chatId, chat.LastSeq).ContinueWith(t => { _ = t.Exception; }, System.Threading.Tasks.TaskContinuationOptions.OnlyOnFaulted);
            return chat;
        }

        /// <summary>Stop following a chat (it keeps running in the sidecar).</summary>
        public void Unfollow(string chatId)
        {
            if (!chats.Remove(chatId)) return;
            _ = connection.UnsubscribeAsync(chatId).ContinueWith(t => { _ = t.Exception; }, System.Threading.Tasks.TaskContinuationOptions.OnlyOnFaulted);
        }

        private void OnWelcome(WelcomeFrame welcome)
        {
            Server = welcome;
            SetSummaries(welcome.Chats);
            ResubscribeHistory();
        }

        private void SetSummaries(List<ChatSummary> summaries)
        {
            Summaries = summaries ?? new List<ChatSummary>();
            SummariesChanged?.Invoke();
        }

        private void OnEvent(EventFrame frame)
        {
            if (!chats.TryGetValue(frame.ChatId, out var chat)) return;
            if (chat.Apply(frame.Seq, frame.Event)) ChatChanged?.Invoke(chat);
        }

        private void OnSnapshot(SnapshotFrame frame)
        {
            if (!chats.TryGetValue(frame.ChatId, out var chat)) return;
            chat.ApplySnapshot(frame.Seq, frame.Events);
            ChatChanged?.Invoke(chat);
        }

        private void OnLost(string chatId, AgentPanelException why)
        {
            if (!chats.TryGetValue(chatId, out var chat)) return;
            chat.Lost = why;
            ChatChanged?.Invoke(chat);
        }
    }
}
