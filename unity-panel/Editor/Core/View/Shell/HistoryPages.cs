using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;

namespace AgentPanel.Core.View
{
    /// <summary>
    /// A past session opened read-only, page by page: the newest page first, then "Load older" prepends older pages. Rebuilds a
    /// <see cref="ChatModel"/> from every loaded event so the chat view renders it like a live chat.
    /// </summary>
    internal sealed class HistoryPages
    {
        /// <summary>Pages of a subagent transcript loaded per expand, at most (a subagent page holds up to 8 MB).</summary>
        public const int MaxSubagentPages = 4;

        private readonly List<PanelEvent> events = new List<PanelEvent>();
        private readonly Dictionary<string, List<PanelEvent>> subagents = new Dictionary<string, List<PanelEvent>>();
        private readonly HashSet<string> requested = new HashSet<string>();

        public HistoryPages(string sessionId, string title)
        {
            SessionId = sessionId;
            Title = title ?? "";
            Chat = new ChatModel("history:" + sessionId);
        }

        /// <summary>
        /// The earlier conversation of a resumed chat: pages end at <paramref name="cursor"/> (chat.open's history handle: the
        /// transcript's end when the chat opened), so the chat's own new turns are never loaded twice.
        /// </summary>
        public HistoryPages(string sessionId, string title, string cursor) : this(sessionId, title)
        {
            Cursor = cursor;
        }

        /// <summary>The cursor of the next page to load: the start cursor before the first page, null for the newest page or at the beginning.</summary>
        public string NextCursor => Cursor;

        public string SessionId { get; }
        public string Title { get; }
        /// <summary>The read-only chat built from the loaded events.</summary>
        public ChatModel Chat { get; }
        /// <summary>Cursor of the next older page (null when the beginning is loaded or nothing is loaded yet).</summary>
        public string Cursor { get; private set; }
        public bool Loading { get; set; } = true;
        /// <summary>Pages loaded so far.</summary>
        public int Pages { get; private set; }
        public bool HasOlder => Pages > 0 && Cursor != null;
        public string OlderLabel => Loading && Pages > 0 ? "Loading…" : "Load older";

        /// <summary>Add a loaded page (older than everything loaded so far) and rebuild the chat.</summary>
        public void AddPage(HistoryLoadResult page)
        {
            Loading = false;
            if (page == null) return;
            events.InsertRange(0, page.Events ?? new List<PanelEvent>());
            Cursor = page.Cursor;
            Pages++;
            Rebuild();
        }

        /// <summary>
        /// Whether the transcript of the subagent started by tool call <paramref name="toolUseId"/> should be fetched now: true
        /// once per subagent (the first time its card is expanded), false when it is loaded or being loaded.
        /// </summary>
        public bool WantSubagent(string toolUseId)
        {
            return !string.IsNullOrEmpty(toolUseId) && requested.Add(toolUseId);
        }

        /// <summary>Add the loaded pages of a subagent's transcript (newest first, as fetched); its events carry the tool call as their parent, so they land in <see cref="ChatModel.Nested"/>.</summary>
        public void AddSubagent(string toolUseId, IEnumerable<HistorySubagentResult> pages)
        {
            var loaded = new List<PanelEvent>();
            foreach (var page in pages)
            {
                if (page?.Events != null) loaded.InsertRange(0, page.Events);
            }
            subagents[toolUseId] = loaded;
            Rebuild();
        }

        /// <summary>Forget a failed subagent load so expanding the card again retries it.</summary>
        public void SubagentFailed(string toolUseId)
        {
            requested.Remove(toolUseId);
        }

        private void Rebuild()
        {
            var all = new List<PanelEvent>(events);
            foreach (var nested in subagents.Values) all.AddRange(nested);
            Chat.ApplySnapshot(0, all);
        }
    }
}
