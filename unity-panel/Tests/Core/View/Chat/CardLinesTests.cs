using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>Tool, group, subagent and result cards turn into the lines the window shows.</summary>
    public class CardLinesTests
    {
        private static ChatModel Live(IEnumerable<PanelEvent> events)
        {
            var chat = new ChatModel("c1");
            long seq = 0;
            foreach (var e in events) chat.Apply(++seq, e);
            return chat;
        }

        [Test]
        public void ARunningToolShowsTheHourglassThenTheOutcomeAndDuration()
        {
            var tool = new ToolCard("x") { Name = "Bash", Summary = "Bash: npm test", Input = new Newtonsoft.Json.Linq.JObject { ["command"] = "npm test" } };
            var running = ToolLine.Of(tool, false);
            Assert.That(running.Icon, Is.EqualTo(ToolIcon.Running));
            Assert.That(running.IconText, Is.EqualTo("⏳"));
            Assert.That(running.Summary, Is.EqualTo("npm test"));
            Assert.That(running.Duration, Is.EqualTo(""));
            Assert.That(running.ResultLabel, Is.Null);
            Assert.That(running.Input, Does.Contain("npm test"));
            Assert.That(ToolLine.Of(tool, true).Icon, Is.EqualTo(ToolIcon.Awaiting), "a pending permission for it shows as waiting");

            tool.Status = ToolStatus.Failed;
            tool.Result = "exit 1";
            tool.DurationMs = 1200;
            var failed = ToolLine.Of(tool, true);
            Assert.That(failed.IconText, Is.EqualTo("✗"));
            Assert.That(failed.ResultLabel, Is.EqualTo("Error"));
            Assert.That(failed.Duration, Is.EqualTo("1.2 s"));
        }

        [Test]
        public void AHugeResultIsCappedWithAMoreLinesNote()
        {
            var tool = new ToolCard("x") { Name = "Read", Status = ToolStatus.Succeeded, Result = string.Join("\n", Enumerable.Range(1, 500)) };
            var line = ToolLine.Of(tool, false);
            Assert.That(line.Result.Split('\n').Length, Is.EqualTo(ToolLine.MaxLines + 1));
            Assert.That(line.Result, Does.EndWith("… " + (500 - ToolLine.MaxLines) + " more lines"));
        }

        [Test]
        public void AGroupTitleCountsToolsAndListsDistinctNames()
        {
            var chat = Live(Ev.ToolTurn());
            var group = chat.Cards.OfType<ToolGroupCard>().Single();
            group.Tools[1].Name = "Edit";
            group.Tools[3].Name = "Bash";
            var line = ToolGroupLine.Of(group, new HashSet<string>());
            Assert.That(line.Title, Is.EqualTo("4 tools · Read, Edit, Bash"));
            Assert.That(line.Icon, Is.EqualTo(ToolIcon.Failed));
            Assert.That(line.Detail, Is.EqualTo("1 failed"));
            Assert.That(line.Duration, Is.EqualTo("48 ms"));
        }

        [Test]
        public void ARunningGroupWaitingForApprovalShowsTheQuestionMark()
        {
            var group = new ToolGroupCard("tool:a");
            group.Tools.Add(new ToolCard("a") { Name = "Read", Status = ToolStatus.Succeeded });
            group.Tools.Add(new ToolCard("b") { Name = "Read", Status = ToolStatus.Succeeded });
            group.Tools.Add(new ToolCard("c") { Name = "Bash" });
            Assert.That(ToolGroupLine.Of(group, new HashSet<string>()).Icon, Is.EqualTo(ToolIcon.Running));
            var waiting = ToolGroupLine.Of(group, new HashSet<string> { "c" });
            Assert.That(waiting.Icon, Is.EqualTo(ToolIcon.Awaiting));
            Assert.That(waiting.Detail, Is.EqualTo("1 running"));
        }

        [Test]
        public void ASubagentShowsItsLiveActivityThenItsOutcome()
        {
            var events = Ev.SubagentTurn();
            var chat = Live(events.Take(8));
            var card = chat.Cards.OfType<SubagentCard>().Single();
            var running = SubagentLine.Of(card);
            Assert.That(running.Running, Is.True);
            Assert.That(running.Activity, Is.EqualTo("Using Grep…"));
            Assert.That(running.Title, Is.EqualTo("Search input handling"));
            Assert.That(running.Facts, Is.EqualTo("100 tokens"));

            chat = Live(events);
            var done = SubagentLine.Of(chat.Cards.OfType<SubagentCard>().Single());
            Assert.That(done.Running, Is.False);
            Assert.That(done.Activity, Is.EqualTo("Completed"));
            Assert.That(done.Facts, Is.EqualTo("1.5k tokens"));
        }

        [Test]
        public void ASubagentWhoseToolFinishedIsNoLongerRunningEvenWithoutAFinalStatus()
        {
            var card = new SubagentCard("t") { Status = "running", Tool = new ToolCard("x") { Status = ToolStatus.Failed } };
            var line = SubagentLine.Of(card);
            Assert.That(line.Running, Is.False);
            Assert.That(line.Failed, Is.True);
            Assert.That(line.Activity, Is.EqualTo("Failed"));
        }

        [Test]
        public void TurnResultsSayDoneInterruptedOrFailedWithUsage()
        {
            var ok = TurnResultLine.Of(Ev.Result("t", true, 1200, 340, 0.0123));
            Assert.That(ok.Outcome, Is.EqualTo(TurnOutcome.Done));
            // No cost here: claude reports a running session total, not the turn's cost (the status bar shows the total).
            Assert.That(ok.Text, Is.EqualTo("Done · 1.5 s · 1.2k in · 340 out"));

            var interrupted = Ev.Result("t", false);
            interrupted.TerminalReason = "aborted_streaming";
            interrupted.Errors.Add("aborted");
            var line = TurnResultLine.Of(interrupted);
            Assert.That(line.Outcome, Is.EqualTo(TurnOutcome.Interrupted));
            Assert.That(line.Errors, Is.Empty, "an interruption is not an error to show");

            // The status the sidecar sends decides (live and history word a turn alike), whatever the subtype.
            var fromHistory = Ev.Result("t", false, subtype: "history");
            fromHistory.Status = TurnStatuses.Interrupted;
            fromHistory.TerminalReason = "aborted_streaming";
            Assert.That(TurnResultLine.Of(fromHistory).Text, Does.StartWith("Interrupted · "));
            var apiError = Ev.Result("t", false, subtype: "history");
            apiError.Status = TurnStatuses.Failed;
            Assert.That(TurnResultLine.Of(apiError).Text, Does.StartWith("Failed · "), "no \"(history)\" or \"(success)\" in the footer");
            Assert.That(TurnResultLine.Of(Ev.Result("t", false, subtype: "success")).Text, Does.StartWith("Failed · "));

            var failed = Ev.Result("t", false, subtype: "error_max_turns");
            failed.Errors.Add("Too many turns");
            failed.Errors.Add("  ");
            var f = TurnResultLine.Of(failed);
            Assert.That(f.Text, Does.StartWith("Failed (error_max_turns)"));
            Assert.That(f.Errors, Is.EqualTo(new[] { "Too many turns" }));
        }

        [Test]
        public void UserMetaMentionsQueueAndAttachments()
        {
            Assert.That(UserLine.Meta(new UserMessageCard("t") { Queued = true, Attachments = 2 }), Is.EqualTo("queued · 2 attachments"));
            Assert.That(UserLine.Meta(new UserMessageCard("t")), Is.EqualTo(""));
        }
    }
}
