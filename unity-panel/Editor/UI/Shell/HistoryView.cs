using System.Collections.Generic;
using System;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using AgentPanel.Editor.UI.Chat;
using UnityEngine.UIElements;

namespace AgentPanel.Editor.UI
{
    /// <summary>
    /// The History view: search box (titles and prompts, or full text), the list of past sessions, and one session opened read-only
    /// in a <see cref="ChatView"/> with "Load older", Resume and Resume as fork. Mirrors the browser panel's history view.
    /// </summary>
    internal sealed partial class HistoryView
    {
        private readonly VisualElement listPane;
        private readonly TextField search;
        private readonly Toggle fullText;
        private readonly VisualElement list;
        private readonly Label note;
        private readonly VisualElement sessionPane;
        private readonly Label sessionTitle;
        private readonly Button older;
        private readonly ChatView chatView = new ChatView();
        private readonly HistoryListModel model = new HistoryListModel();
        private readonly Func<ChatStore> store;
        private HistoryPages opened;
        private bool open;
        private bool loading;
        private int searchSeq;

        public HistoryView(VisualElement root, Func<ChatStore> store)
        {
            this.store = store;
            listPane = root.Q<VisualElement>("history-list-pane");
            search = root.Q<TextField>("history-search");
            fullText = root.Q<Toggle>("history-fulltext");
            list = root.Q<VisualElement>("history-list");
            note = root.Q<Label>("history-note");
            sessionPane = root.Q<VisualElement>("history-session");
            sessionTitle = root.Q<Label>("history-title");
            sessionTitle.enableRichText = false;
            older = root.Q<Button>("history-older");
            root.Q<VisualElement>("history-chat-host").Add(chatView);
            chatView.NestedWanted = id => _ = LoadSubagent(id);
            search.RegisterValueChangedCallback(_ => Search());
            fullText.RegisterValueChangedCallback(_ => Search());
            older.clicked += () => _ = LoadOlder();
            root.Q<Button>("history-back").clicked += () => Close();
            root.Q<Button>("history-resume").clicked += () => ResumeOpened(false);
            root.Q<Button>("history-fork").clicked += () => ResumeOpened(true);
        }

        /// <summary>Resume was clicked: session id and whether to fork.</summary>
        public event Action<string, bool> Resume;
        /// <summary>A command failed (message for the banner).</summary>
        public event Action<string> Failed;

        /// <summary>Enter the view: subscribe to history changes and list.</summary>
        public void Show()
        {
            if (open) return;
            open = true;
            var s = store();
            if (s == null) return;
            s.HistoryChanged += OnChanged;
            _ = Run(s.HistorySubscribeAsync());
            Search();
        }

        /// <summary>Leave the view (stops the change frames).</summary>
        public void Hide()
        {
            if (!open) return;
            open = false;
            var s = store();
            if (s == null) return;
            s.HistoryChanged -= OnChanged;
            _ = Run(s.HistoryUnsubscribeAsync());
        }

        /// <summary>The connection (re)connected: list again (a search made while offline, e.g. right after a domain reload, failed).</summary>
        public void Reconnected()
        {
            if (open && opened == null) Search();
        }

        /// <summary>Refresh relative times and the opened session's chat.</summary>
        public void Render()
        {
            PanelAssets.Show(listPane, opened == null);
            PanelAssets.Show(sessionPane, opened != null);
            if (opened != null)
            {
                sessionTitle.text = opened.Title;
                PanelAssets.Show(older, opened.HasOlder);
                older.text = opened.OlderLabel;
                older.SetEnabled(!opened.Loading);
                return;
            }
            list.Clear();
            foreach (var row in model.Rows(DateTime.UtcNow)) list.Add(RowElement(row));
            var empty = model.Rows(DateTime.UtcNow).Count == 0;
            note.text = empty ? model.EmptyText(loading) : model.Stopped.Length > 0 ? "Search stopped early (" + model.Stopped.Replace('_', ' ') + "); refine it to see more." : "";
            PanelAssets.Show(note, note.text.Length > 0);
        }

        private VisualElement RowElement(HistoryRow row)
        {
            var id = row.SessionId;
            var button = new Button(() => _ = OpenSession(id)) { tooltip = "Session " + id };
            button.AddToClassList("ap-history-row");
            var head = new VisualElement();
            head.AddToClassList("ap-history-row__head");
            var title = new Label(row.Title) { enableRichText = false };
            title.AddToClassList("ap-history-row__title");
            var time = new Label(row.Time) { tooltip = row.TimeTooltip };
            time.AddToClassList("ap-muted");
            head.Add(title);
            foreach (var flag in row.Flags)
            {
                var f = new Label(flag);
                f.AddToClassList("ap-flag");
                head.Add(f);
            }
            head.Add(time);
            button.Add(head);
            if (row.Preview.Length > 0)
            {
                var preview = new Label(row.Preview) { enableRichText = false };
                preview.AddToClassList("ap-history-row__preview");
                button.Add(preview);
            }
            if (row.Details.Length > 0)
            {
                var details = new Label(row.Details) { enableRichText = false };
                details.AddToClassList("ap-muted");
                details.AddToClassList("ap-history-row__details");
                button.Add(details);
            }
            return button;
        }

        private async void Search()
        {
            var s = store();
            if (s == null || !open) return;
            var seq = ++searchSeq;
            var query = search.value ?? "";
            loading = true;
            Render();
            try
            {
                if (fullText.value && query.Trim().Length > 0)
                {
                    var hits = await s.HistorySearchAsync(query.Trim());
                    if (seq == searchSeq) model.SetHits(query, hits);
                }
                else
                {
                    var result = await s.HistoryListAsync(query);
                    if (seq == searchSeq) model.SetSessions(query, result.Sessions);
                }
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                // Offline (e.g. right after a domain reload): the list keeps saying "Loading…" and Reconnected() searches again.
                if (seq == searchSeq && Offline(e)) return;
                Failed?.Invoke(e.Message);
            }
            if (seq != searchSeq) return;
            loading = false;
            Render();
        }

        private void OnChanged(HistoryChangedFrame frame)
        {
            model.Apply(frame);
            if (opened == null) Render();
        }

        private async Task Run(Task task)
        {
            try
            {
                await task;
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                // The store takes the history subscription again on every welcome, so an offline (un)subscribe needs no banner.
                if (!Offline(e)) Failed?.Invoke(e.Message);
            }
        }

        private static bool Offline(AgentPanel.Core.AgentPanelException e)
        {
            return e.Code == AgentPanel.Core.ErrorCodes.NotConnected || e.Code == AgentPanel.Core.ErrorCodes.ConnectionLost || e.Code == AgentPanel.Core.ErrorCodes.Closed;
        }
    }
}
