using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;
using static AgentPanel.Core.Tests.View.Shell.ShellTestChats;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>The header's tabs and pickers, and the History list and pages.</summary>
    public class HeaderAndHistoryTests
    {
        private static readonly DateTime Now = new DateTime(2025, 6, 10, 12, 0, 0, DateTimeKind.Utc);

        [Test]
        public void TabsComeFromTheChatListWithTitlesAndPendingBadges()
        {
            var summaries = new List<ChatSummary>
            {
                new ChatSummary { ChatId = "a", Title = "Fix the jump", State = ChatStates.WaitingPermission, PendingPermissions = 2 },
                new ChatSummary { ChatId = "b", Title = null, State = ChatStates.Ready },
            };
            var justOpened = new ChatModel("c");
            var tabs = HeaderModel.Tabs(summaries, new[] { justOpened, new ChatModel("a") }, "b");
            Assert.That(tabs.Select(t => t.ChatId), Is.EqualTo(new[] { "a", "b", "c" }));
            Assert.That(tabs[0].Label, Is.EqualTo("Fix the jump (2)"));
            Assert.That(tabs[0].Dot, Is.EqualTo(StateDot.Waiting));
            Assert.That(tabs[1].Label, Is.EqualTo(HeaderModel.NewChatTitle));
            Assert.That(tabs.Single(t => t.Selected).ChatId, Is.EqualTo("b"));
        }

        [Test]
        public void ModelChoicesComeFromInitAndKeepTheCurrentModel()
        {
            var init = Ev.Init(model: "claude-custom");
            init.Models = new List<ModelChoice> { new ModelChoice { Value = "default", DisplayName = "Default" }, new ModelChoice { Value = "opus", DisplayName = "Opus", Description = "Most capable" } };
            var chat = NewChat("c", init);
            var models = HeaderModel.Models(chat.Status);
            Assert.That(models.Select(m => m.Value), Is.EqualTo(new[] { null, "claude-custom", "opus" }));
            Assert.That(models[2].Label, Is.EqualTo("Opus"));
            Assert.That(models[2].Tooltip, Is.EqualTo("Most capable"));
            Assert.That(HeaderModel.SelectedModel(models, chat.Status), Is.EqualTo(1));
            Assert.That(HeaderModel.SelectedModel(HeaderModel.Models(null), null), Is.EqualTo(0));
        }

        [Test]
        public void BypassPermissionsIsOfferedOnlyWhenAllowedOrCurrent()
        {
            Assert.That(HeaderModel.Modes(false, "default").Select(c => c.Value), Is.EqualTo(new[] { "default", "acceptEdits", "plan" }));
            Assert.That(HeaderModel.Modes(true, "default").Select(c => c.Value), Does.Contain("bypassPermissions"));
            Assert.That(HeaderModel.Modes(false, "bypassPermissions").First().Value, Is.EqualTo("bypassPermissions"));
            Assert.That(HeaderModel.Modes(false, "plan").Select(c => c.Label), Does.Contain("Plan only"));
        }

        [Test]
        public void HistoryRowsShowTitleRelativeTimePreviewAndFlags()
        {
            var list = new HistoryListModel();
            list.SetSessions("", new[]
            {
                new SessionSummary { Id = "s1", Title = "Jump bug", LastActivity = "2025-06-10T11:55:00Z", LastPrompt = "why\ntwice?", HasSubagents = true },
                new SessionSummary { Id = "s2abcdef99", Title = "", LastActivity = "2025-06-09T10:00:00Z", FirstPrompt = "hello", Warning = "truncated" },
                new SessionSummary { Id = "s3", Title = "old", Archived = true },
            });
            var rows = list.Rows;
            Assert.That(rows.Count, Is.EqualTo(2), "archived sessions are not listed");
            Assert.That(rows[0].TimeAt(Now), Is.EqualTo("5 min ago"));
            Assert.That(rows[0].Preview, Is.EqualTo("why twice?"));
            Assert.That(rows[0].Flags, Is.EqualTo(new[] { "subagents" }));
            Assert.That(rows[1].Title, Is.EqualTo("Session s2abcdef"));
            Assert.That(rows[1].TimeAt(Now), Is.EqualTo("yesterday"));
            Assert.That(rows[1].Flags, Is.EqualTo(new[] { "incomplete" }));
            Assert.That(list.EmptyText(false), Is.EqualTo("No past sessions in this project yet."));
        }

        [Test]
        public void ChangesMergeIntoTheFilteredListNewestFirst()
        {
            var list = new HistoryListModel();
            list.SetSessions("jump", new[] { new SessionSummary { Id = "s1", Title = "Jump bug", LastActivity = "2025-06-10T10:00:00Z" } });
            list.Apply(new HistoryChangedFrame
            {
                Sessions = new List<SessionSummary>
                {
                    new SessionSummary { Id = "s2", Title = "Double JUMP", LastActivity = "2025-06-10T11:00:00Z" },
                    new SessionSummary { Id = "s3", Title = "Shaders", LastActivity = "2025-06-10T11:30:00Z" },
                },
            });
            Assert.That(list.Rows.Select(r => r.SessionId), Is.EqualTo(new[] { "s2", "s1" }));
            list.Apply(new HistoryChangedFrame { Removed = new List<string> { "s2" } });
            Assert.That(list.Rows.Select(r => r.SessionId), Is.EqualTo(new[] { "s1" }));
            Assert.That(list.EmptyText(false), Is.EqualTo("No session matches."));
        }

        [Test]
        public void RowsAreBuiltOncePerChangeNotPerRedrawOrClockTick()
        {
            var list = new HistoryListModel();
            list.SetSessions("", new[] { new SessionSummary { Id = "s1", Title = "Jump bug", LastActivity = "2025-06-10T11:55:00Z" } });
            var first = list.Rows;
            Assert.That(list.Rows, Is.SameAs(first), "a redraw (or the 30 s tick rebinding relative times) reuses the rows");
            Assert.That(list.Rows.Count, Is.EqualTo(1));
            Assert.That(list.RowBuilds, Is.EqualTo(1));
            Assert.That(first[0].TimeAt(Now.AddHours(1)), Is.EqualTo("1 h ago"), "the relative time follows the clock without a rebuild");
            list.Apply(new HistoryChangedFrame { Sessions = new List<SessionSummary> { new SessionSummary { Id = "s2", Title = "New", LastActivity = "2025-06-10T11:58:00Z" } } });
            Assert.That(list.Rows.Select(r => r.SessionId), Is.EqualTo(new[] { "s2", "s1" }));
            Assert.That(list.RowBuilds, Is.EqualTo(2), "one build for the change");
            list.SetHits("jump", new HistorySearchResult { Hits = new List<SearchHit> { new SearchHit { SessionId = "s1", Snippet = "jump" } } });
            list.Apply(new HistoryChangedFrame { Removed = new List<string> { "s1" } });
            Assert.That(list.Rows.Single().SessionId, Is.EqualTo("s1"), "full-text hits are a snapshot");
            Assert.That(list.RowBuilds, Is.EqualTo(3));
        }

        [Test]
        public void FullTextHitsShowTheirSnippetAndKind()
        {
            var list = new HistoryListModel();
            list.SetHits("AddForce", new HistorySearchResult { Hits = new List<SearchHit> { new SearchHit { SessionId = "s9", Title = "Physics", Kind = "tool_use", Snippet = "rb.AddForce(…)", Timestamp = "2025-06-10T09:00:00Z" } }, Stopped = "max_hits" });
            var row = list.Rows.Single();
            Assert.That(row.Preview, Is.EqualTo("rb.AddForce(…)"));
            Assert.That(row.Flags, Is.EqualTo(new[] { "tool use" }));
            Assert.That(row.TimeAt(Now), Is.EqualTo("3 h ago"));
            Assert.That(list.Stopped, Is.EqualTo("max_hits"));
            Assert.That(list.TitleOf("s9"), Is.EqualTo("Physics"));
        }

        [Test]
        public void PagesPrependOlderEventsAndRebuildTheReadOnlyChat()
        {
            var pages = new HistoryPages("s1", "Jump bug");
            Assert.That(pages.HasOlder, Is.False);
            pages.AddPage(new HistoryLoadResult { Events = new List<PanelEvent> { Ev.User("t2", "second"), Ev.Result("t2") }, Cursor = "c1" });
            Assert.That(pages.HasOlder, Is.True);
            pages.Loading = true;
            Assert.That(pages.OlderLabel, Is.EqualTo("Loading…"));
            pages.AddPage(new HistoryLoadResult { Events = new List<PanelEvent> { Ev.User("t1", "first"), Ev.Result("t1") }, Cursor = null });
            var prompts = pages.Chat.Cards.OfType<UserMessageCard>().Select(c => c.Text);
            Assert.That(prompts, Is.EqualTo(new[] { "first", "second" }));
            Assert.That(pages.HasOlder, Is.False);
            Assert.That(pages.Pages, Is.EqualTo(2));
        }
    
        [Test]
        public void ASubagentTranscriptIsFetchedOnceAndLandsUnderItsToolCall()
        {
            var pages = new HistoryPages("s1", "Jump bug");
            pages.AddPage(new HistoryLoadResult { Events = new List<PanelEvent> { Ev.User("t1", "find the jump code"), Ev.ToolStart("t1", "toolu_agent", "Agent"), Ev.Result("t1") } });
            Assert.That(pages.WantSubagent("toolu_agent"), Is.True);
            Assert.That(pages.WantSubagent("toolu_agent"), Is.False, "a second expand while loading does not fetch again");
            Assert.That(pages.WantSubagent(null), Is.False);
            var older = new HistorySubagentResult { Events = new List<PanelEvent> { SubagentText("m1", "Looking for the input code.") } };
            var newer = new HistorySubagentResult { Events = new List<PanelEvent> { SubagentText("m2", "Found it in Player.cs.") } };
            pages.AddSubagent("toolu_agent", new[] { newer, older });
            var nested = pages.Chat.Nested("toolu_agent");
            Assert.That(nested, Is.Not.Null);
            Assert.That(nested.Cards.OfType<AssistantTextCard>().Select(c => c.Text), Is.EqualTo(new[] { "Looking for the input code.", "Found it in Player.cs." }));
            Assert.That(pages.Chat.Cards.OfType<UserMessageCard>().Count(), Is.EqualTo(1), "the session itself is unchanged");
            pages.AddPage(new HistoryLoadResult { Events = new List<PanelEvent> { Ev.User("t0", "earlier") } });
            Assert.That(pages.Chat.Nested("toolu_agent").Cards.Count, Is.EqualTo(2), "loading older pages keeps the subagent transcript");
        }

        [Test]
        public void AFailedSubagentLoadIsRetriedOnTheNextExpand()
        {
            var pages = new HistoryPages("s1", "t");
            Assert.That(pages.WantSubagent("toolu_x"), Is.True);
            pages.SubagentFailed("toolu_x");
            Assert.That(pages.WantSubagent("toolu_x"), Is.True);
        }

        private static PanelEvent SubagentText(string messageId, string text)
        {
            return new MessageFinalEvent { TurnId = "agent", MessageId = messageId, ParentToolUseId = "toolu_agent", Blocks = new List<PanelBlock> { new PanelBlock { Index = 0, Kind = PanelBlock.TextKind, Text = text } } };
        }
    
        [Test]
        public void ARowSaysBranchModelMessagesAndSize()
        {
            Assert.That(ShellFormat.SessionDetails("main", "claude-sonnet", 42, false, 1288490), Is.EqualTo("main · claude-sonnet · ~42 messages · 1.2 MB"));
            Assert.That(ShellFormat.SessionDetails(" ", null, 1, true, 820), Is.EqualTo("1 message · 820 B"));
            Assert.That(ShellFormat.SessionDetails(null, null, 0, true, 14 * 1024 + 300), Is.EqualTo("14 KB"));
            Assert.That(ShellFormat.Bytes(3L * 1024 * 1024 * 1024 + 400L * 1024 * 1024), Is.EqualTo("3.4 GB"));
            Assert.That(ShellFormat.Bytes(-5), Is.EqualTo("0 B"));
        }
    }
}
