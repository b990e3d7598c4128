using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using AgentPanel.Core.Protocol;

namespace AgentPanel.Core.View
{
    /// <summary>One row of the History list.</summary>
    internal sealed class HistoryRow
    {
        public string SessionId;
        public string Title;
        /// <summary>ISO time of the last activity (or of the hit), also the tooltip.</summary>
        public string TimeTooltip;
        /// <summary>The last prompt, or the matching snippet of a full-text search.</summary>
        public string Preview;
        /// <summary>"main · claude-sonnet · ~42 messages · 1.2 MB" for a session; empty for a search hit.</summary>
        public string Details = "";
        /// <summary>Short markers: "archived", "subagents", "incomplete", or a search hit's kind.</summary>
        public List<string> Flags = new List<string>();

        /// <summary>The relative time ("5 min ago") at <paramref name="nowUtc"/>: computed when the row is bound, so a clock tick rebinds the visible rows instead of rebuilding the list.</summary>
        public string TimeAt(DateTime nowUtc) => ShellFormat.RelativeTime(TimeTooltip, nowUtc);
    }

    /// <summary>
    /// The History list: past sessions (filtered by title and prompts, or full-text hits), kept current by history.changed frames,
    /// as rows with title, relative time, preview and flags. Mirrors the browser panel's history-model.ts.
    /// </summary>
    internal sealed class HistoryListModel
    {
        private List<SessionSummary> sessions = new List<SessionSummary>();
        private List<SearchHit> hits;
        private List<HistoryRow> rows;

        /// <summary>The filter typed in the search box.</summary>
        public string Query { get; private set; } = "";
        /// <summary>True when the list shows full-text hits instead of sessions.</summary>
        public bool FullText { get; private set; }
        /// <summary>Why a full-text search stopped early ("" when it did not).</summary>
        public string Stopped { get; private set; } = "";
        /// <summary>How many times the rows were built (once per change of the list, never per redraw).</summary>
        public int RowBuilds { get; private set; }

        /// <summary>Show a history.list result for <paramref name="query"/>.</summary>
        public void SetSessions(string query, IEnumerable<SessionSummary> list)
        {
            Query = query ?? "";
            FullText = false;
            hits = null;
            Stopped = "";
            sessions = (list ?? Enumerable.Empty<SessionSummary>()).Where(s => s?.Id != null && !s.Archived).ToList();
            rows = null;
        }

        /// <summary>Show a history.search result for <paramref name="text"/>.</summary>
        public void SetHits(string text, HistorySearchResult result)
        {
            Query = text ?? "";
            FullText = true;
            hits = (result?.Hits ?? new List<SearchHit>()).Where(h => h?.SessionId != null).ToList();
            Stopped = result?.Stopped ?? "";
            rows = null;
        }

        /// <summary>Merge a history.changed frame (only into the session list; full-text hits are a snapshot).</summary>
        public void Apply(HistoryChangedFrame frame)
        {
            if (frame == null || FullText) return;
            var gone = new HashSet<string>(frame.Removed ?? new List<string>());
            var byId = new Dictionary<string, SessionSummary>();
            foreach (var s in sessions)
            {
                if (!gone.Contains(s.Id)) byId[s.Id] = s;
            }
            foreach (var s in frame.Sessions ?? new List<SessionSummary>())
            {
                if (s?.Id == null) continue;
                if (s.Archived || !Matches(s, Query)) byId.Remove(s.Id);
                else byId[s.Id] = s;
            }
            sessions = byId.Values.OrderByDescending(s => s.LastActivity ?? "", StringComparer.Ordinal).ToList();
            rows = null;
        }

        /// <summary>The title of a listed session, or "Session 1a2b3c4d".</summary>
        public string TitleOf(string sessionId)
        {
            var s = sessions.FirstOrDefault(x => x.Id == sessionId);
            if (!string.IsNullOrWhiteSpace(s?.Title)) return s.Title;
            var hit = hits?.FirstOrDefault(h => h.SessionId == sessionId);
            if (!string.IsNullOrWhiteSpace(hit?.Title)) return hit.Title;
            return "Session " + (sessionId ?? "").Substring(0, Math.Min(8, (sessionId ?? "").Length));
        }

        /// <summary>The rows to show, newest first; built once per change and shared until the next one (the list view's items source).</summary>
        public IReadOnlyList<HistoryRow> Rows
        {
            get
            {
                if (rows != null) return rows;
                RowBuilds++;
                rows = FullText ? hits.Select(HitRow).ToList() : sessions.Select(SessionRow).ToList();
                return rows;
            }
        }

        /// <summary>What the empty list says.</summary>
        public string EmptyText(bool loading)
        {
            if (loading) return "Loading…";
            return Query.Trim().Length > 0 ? "No session matches." : "No past sessions in this project yet.";
        }

        /// <summary>The sidecar's list filter, for sessions arriving in history.changed (title, prompts, id prefix; case-insensitive).</summary>
        public static bool Matches(SessionSummary s, string query)
        {
            var q = (query ?? "").Trim().Normalize(System.Text.NormalizationForm.FormKC).ToLower(CultureInfo.InvariantCulture);
            if (q.Length == 0) return true;
            if (s.Id != null && s.Id.StartsWith(q, StringComparison.Ordinal)) return true;
            return new[] { s.Title, s.FirstPrompt, s.LastPrompt }.Any(t => t != null && t.Normalize(System.Text.NormalizationForm.FormKC).ToLower(CultureInfo.InvariantCulture).Contains(q));
        }

        private static HistoryRow SessionRow(SessionSummary s)
        {
            var row = new HistoryRow
            {
                SessionId = s.Id,
                Title = string.IsNullOrWhiteSpace(s.Title) ? "Session " + s.Id.Substring(0, Math.Min(8, s.Id.Length)) : s.Title,
                TimeTooltip = s.LastActivity ?? "",
                Preview = OneLine(s.LastPrompt ?? s.FirstPrompt ?? ""),
                Details = ShellFormat.SessionDetails(s.GitBranch, s.Model, s.MessageCount, s.MessageCountExact, s.Size),
            };
            if (s.Archived) row.Flags.Add("archived");
            if (s.HasSubagents) row.Flags.Add("subagents");
            if (!string.IsNullOrEmpty(s.Warning)) row.Flags.Add("incomplete");
            return row;
        }

        private static HistoryRow HitRow(SearchHit h)
        {
            var row = new HistoryRow
            {
                SessionId = h.SessionId,
                Title = string.IsNullOrWhiteSpace(h.Title) ? "Session " + h.SessionId.Substring(0, Math.Min(8, h.SessionId.Length)) : h.Title,
                TimeTooltip = h.Timestamp ?? "",
                Preview = OneLine(h.Snippet ?? ""),
            };
            if (!string.IsNullOrEmpty(h.Kind)) row.Flags.Add(h.Kind.Replace('_', ' '));
            return row;
        }

        private static string OneLine(string text)
        {
            var flat = text.Replace("\r", " ").Replace("\n", " ").Trim();
            return flat.Length <= 200 ? flat : flat.Substring(0, 200) + "…";
        }
    }
}
