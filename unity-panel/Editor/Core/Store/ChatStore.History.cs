using System;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Store
{
    // Session history (the History tab): list, search and read past sessions (and their subagents, on demand), and follow changes of the list. Resuming a
    // session as a live chat is ResumeAsync. The history subscription is taken again after every reconnect.
    internal sealed partial class ChatStore
    {
        private bool historyWanted;

        /// <summary>Sessions were added, changed (Archived included) or removed; only while subscribed.</summary>
        public event Action<HistoryChangedFrame> HistoryChanged;

        /// <summary>Past sessions, newest first; <paramref name="query"/> filters by title and prompts.</summary>
        public async Task<HistoryListResult> HistoryListAsync(string query = null, bool includeArchived = false)
        {
            var list = new HistoryListCommand { Query = string.IsNullOrWhiteSpace(query) ? null : query, IncludeArchived = includeArchived ? (bool?)true : null };
            return Read<HistoryListResult>(await connection.SendAsync(list).ConfigureAwait(false));
        }

        /// <summary>Full-text search over past sessions (bounded by <paramref name="limit"/> hits, and by the sidecar in bytes and time).</summary>
        public async Task<HistorySearchResult> HistorySearchAsync(string text, int? limit = null)
        {
            return Read<HistorySearchResult>(await connection.SendAsync(new HistorySearchCommand { Text = text, Limit = limit }).ConfigureAwait(false));
        }

        /// <summary>One page of a past session, read-only: the newest without a cursor, then pass the returned Cursor for older pages.</summary>
        public async Task<HistoryLoadResult> HistoryLoadAsync(string sessionId, string cursor = null)
        {
            return Read<HistoryLoadResult>(await connection.SendAsync(new HistoryLoadCommand { SessionId = sessionId, Cursor = cursor }).ConfigureAwait(false));
        }

        /// <summary>
        /// A subagent's transcript, loaded when its card is expanded: by <paramref name="agentId"/> (the card's TaskId) or
        /// <paramref name="toolUseId"/> (its Agent tool call); pass the returned Cursor for older pages. A transcript that
        /// is gone comes back with Missing = true and no events, not as an error.
        /// </summary>
        public async Task<HistorySubagentResult> HistorySubagentAsync(string sessionId, string agentId = null, string toolUseId = null, string cursor = null)
        {
            if (agentId == null && toolUseId == null) throw new ArgumentException("Pass the subagent's agentId (its card's TaskId) or the toolUseId of its Agent tool call.", nameof(agentId));
            var command = new HistorySubagentCommand { SessionId = sessionId, AgentId = agentId, ToolUseId = toolUseId, Cursor = cursor };
            return Read<HistorySubagentResult>(await connection.SendAsync(command).ConfigureAwait(false));
        }

        /// <summary>Receive <see cref="HistoryChanged"/> from now on (and after reconnects) until <see cref="HistoryUnsubscribeAsync"/>.</summary>
        public Task HistorySubscribeAsync()
        {
            historyWanted = true;
            return connection.SendAsync(new HistorySubscribeCommand());
        }

        /// <summary>Stop receiving history changes.</summary>
        public Task HistoryUnsubscribeAsync()
        {
            historyWanted = false;
            return connection.SendAsync(new HistoryUnsubscribeCommand());
        }

        /// <summary>Deliver a history.changed frame (the connection's frame routing calls this; tests may too).</summary>
        public void ApplyHistoryChanged(HistoryChangedFrame frame)
        {
            if (historyWanted && frame != null) HistoryChanged?.Invoke(frame);
        }

        private readonly System.Collections.Generic.Dictionary<string, AgentPanel.Core.View.HistoryPages> earlier = new System.Collections.Generic.Dictionary<string, AgentPanel.Core.View.HistoryPages>();

        /// <summary>The earlier conversation of a chat this store resumed (shown above its own cards), or null.</summary>
        public AgentPanel.Core.View.HistoryPages EarlierOf(string chatId)
        {
            return chatId != null && earlier.TryGetValue(chatId, out var pages) ? pages : null;
        }

        /// <summary>
        /// Load the next older page of a resumed chat's earlier conversation (the first call loads the newest page before the chat
        /// opened). False when there is nothing (more) to load or a load is under way; fails with the sidecar's error.
        /// </summary>
        public async Task<bool> LoadEarlierAsync(string chatId)
        {
            var pages = EarlierOf(chatId);
            if (pages == null || (pages.Pages > 0 && (!pages.HasOlder || pages.Loading))) return false;
            pages.Loading = true;
            HistoryLoadResult page;
            try
            {
                page = await HistoryLoadAsync(pages.SessionId, pages.NextCursor).ConfigureAwait(false);
            }
            finally
            {
                pages.Loading = false;
            }
            pages.AddPage(page);
            return true;
        }

        // chat.open's answer to a resume names where the session's earlier conversation ends.
        private void RememberEarlier(string chatId, JObject openResult)
        {
            var handle = openResult?["history"] as JObject;
            var sessionId = handle == null ? null : ProtocolJson.StringField(handle, "sessionId");
            var cursor = handle == null ? null : ProtocolJson.StringField(handle, "cursor");
            if (sessionId == null || cursor == null || earlier.ContainsKey(chatId)) return;
            earlier[chatId] = new AgentPanel.Core.View.HistoryPages(sessionId, null, cursor);
        }

        private void ResubscribeHistory()
        {
            if (!historyWanted) return;
            _ = connection.SendAsync(new HistorySubscribeCommand()).ContinueWith(t => { _ = t.Exception; }, TaskContinuationOptions.OnlyOnFaulted);
        }

        private static T Read<T>(JObject result) where T : new()
        {
            return result == null ? new T() : ProtocolJson.ToObject<T>(result);
        }
    }
}
