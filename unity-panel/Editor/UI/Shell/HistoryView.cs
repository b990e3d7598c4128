using System;
using System.Collections;
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
        private readonly ListView list;
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
            // Virtualized: only the visible rows exist; makeItem builds a recycled row, bindItem fills it from the model's rows.
            list = root.Q<ListView>("history-list");
            list.selectionType = SelectionType.None;
            list.virtualizationMethod = CollectionVirtualizationMethod.DynamicHeight;
            list.makeItem = () => new HistoryRowElement(id => _ = OpenSession(id));
            list.bindItem = (element, index) => ((HistoryRowElement)element).Bind((HistoryRow)list.itemsSource[index], DateTime.UtcNow);
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
            var rows = model.Rows;
            // A new rows list (the model changed) replaces the source; the same one (a clock tick) only rebinds the visible rows.
            if (!ReferenceEquals(list.itemsSource, rows)) list.itemsSource = (IList)rows;
            else list.RefreshItems();
            var empty = rows.Count == 0;
            note.text = empty ? model.EmptyText(loading) : model.Stopped.Length > 0 ? "Search stopped early (" + model.Stopped.Replace('_', ' ') + "); refine it to see more." : "";
            PanelAssets.Show(note, note.text.Length > 0);
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
