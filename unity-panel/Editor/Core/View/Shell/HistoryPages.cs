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
        private readonly List<PanelEvent> events = new List<PanelEvent>();

        public HistoryPages(string sessionId, string title)
        {
            SessionId = sessionId;
            Title = title ?? "";
            Chat = new ChatModel("history:" + sessionId);
        }

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
            Chat.ApplySnapshot(0, events);
        }
    }
}
