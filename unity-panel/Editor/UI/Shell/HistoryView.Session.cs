using System.Collections.Generic;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;

namespace AgentPanel.Editor.UI
{
    // One past session opened read-only: its pages ("Load older"), its subagents' transcripts on expand, Resume and Resume as fork.
    internal sealed partial class HistoryView
    {
        private async Task OpenSession(string sessionId)
        {
            var s = store();
            if (s == null) return;
            opened = new HistoryPages(sessionId, model.TitleOf(sessionId));
            chatView.Show(s, opened.Chat, true);
            Render();
            await LoadPage(s, opened, null);
        }

        private async Task LoadOlder()
        {
            var s = store();
            if (s == null || opened == null || !opened.HasOlder || opened.Loading) return;
            opened.Loading = true;
            Render();
            // Older cards are added above: keep the same distance from the bottom so the view stays on what was read.
            var fromBottom = chatView.DistanceFromBottom;
            var pages = opened;
            await LoadPage(s, pages, pages.Cursor);
            if (pages == opened) chatView.RestoreScroll(fromBottom, true);
        }

        private async Task LoadPage(ChatStore s, HistoryPages pages, string cursor)
        {
            HistoryLoadResult page = null;
            try
            {
                page = await s.HistoryLoadAsync(pages.SessionId, cursor);
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                Failed?.Invoke(e.Message);
            }
            pages.Loading = false;
            if (page != null) pages.AddPage(page);
            if (pages != opened) return;
            if (page == null && pages.Pages == 0)
            {
                Close();
                return;
            }
            chatView.Refresh();
            Render();
        }

        private async Task LoadSubagent(string toolUseId)
        {
            var s = store();
            var pages = opened;
            if (s == null || pages == null || !pages.WantSubagent(toolUseId)) return;
            var loaded = new List<HistorySubagentResult>();
            try
            {
                string cursor = null;
                do
                {
                    var page = await s.HistorySubagentAsync(pages.SessionId, toolUseId: toolUseId, cursor: cursor);
                    loaded.Add(page);
                    cursor = page.Cursor;
                } while (cursor != null && loaded.Count < HistoryPages.MaxSubagentPages);
            }
            catch (AgentPanel.Core.AgentPanelException e)
            {
                pages.SubagentFailed(toolUseId);
                Failed?.Invoke(e.Message);
                return;
            }
            pages.AddSubagent(toolUseId, loaded);
            if (pages == opened) chatView.Refresh();
        }

        private void Close()
        {
            opened = null;
            Render();
        }

        private void ResumeOpened(bool fork)
        {
            if (opened == null) return;
            var id = opened.SessionId;
            Close();
            Resume?.Invoke(id, fork);
        }
    }
}
