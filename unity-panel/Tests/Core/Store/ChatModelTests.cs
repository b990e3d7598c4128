using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Store
{
    /// <summary>ChatModel turns events into the cards the window shows.</summary>
    public class ChatModelTests
    {
        private static ChatModel Live(IEnumerable<PanelEvent> events)
        {
            var chat = new ChatModel("c1");
            long seq = 0;
            foreach (var e in events) Assert.That(chat.Apply(++seq, e), Is.True);
            return chat;
        }

        [Test]
        public void StreamedTextGrowsOneCardPerBlockAndTheFinalReplacesIt()
        {
            var chat = new ChatModel("c1");
            var events = Ev.StreamingTurn();
            for (var i = 0; i < 7; i++) chat.Apply(i + 1, events[i]);
            var streaming = chat.Cards.OfType<BlockCard>().ToList();
            Assert.That(streaming.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.Thinking, CardKind.AssistantText }));
            Assert.That(streaming[1].Text, Is.EqualTo("The jump "));
            Assert.That(streaming[1].Final, Is.False);
            var textCard = streaming[1];
            var before = textCard.Revision;
            for (var i = 7; i < events.Count; i++) chat.Apply(i + 1, events[i]);
            Assert.That(chat.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.Thinking, CardKind.AssistantText, CardKind.TurnResult }));
            Assert.That(textCard.Text, Is.EqualTo("The jump runs twice."), "the same card object is updated in place");
            Assert.That(textCard.Final, Is.True);
            Assert.That(textCard.Revision, Is.GreaterThan(before));
            Assert.That(((AssistantTextCard)textCard).Blocks.Single().Type, Is.EqualTo("paragraph"));
            Assert.That(chat.Status.State, Is.EqualTo(ChatStates.Ready));
            Assert.That(chat.Status.Busy, Is.False);
            Assert.That(chat.Status.OpenTurns, Is.Empty);
            Assert.That(chat.LastSeq, Is.EqualTo(events.Count));
        }

        [Test]
        public void ThreeOrMoreConsecutiveToolsBecomeOneGroupWhoseStatusSumsThemUp()
        {
            var chat = Live(Ev.ToolTurn());
            var kinds = chat.Cards.Select(c => c.Kind).ToList();
            Assert.That(kinds, Is.EqualTo(new[] { CardKind.UserMessage, CardKind.ToolGroup, CardKind.AssistantText, CardKind.TurnResult }));
            var group = (ToolGroupCard)chat.Cards[1];
            Assert.That(group.Tools.Select(t => t.ToolUseId), Is.EqualTo(new[] { "a", "b", "c", "d" }));
            Assert.That(group.Status, Is.EqualTo(ToolStatus.Failed), "one of the four failed");
            Assert.That(group.Tools[0].Status, Is.EqualTo(ToolStatus.Succeeded));
            Assert.That(group.Tools[0].Result, Is.EqualTo("ok a"));
            Assert.That(chat.Status.Totals.Input, Is.EqualTo(5));
        }

        [Test]
        public void TwoToolsStayTwoCardsAndARunningToolShowsRunning()
        {
            var chat = Live(new PanelEvent[] { Ev.User("t", "x"), Ev.ToolStart("t", "a"), Ev.ToolEnd("t", "a"), Ev.ToolStart("t", "b") });
            Assert.That(chat.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.Tool, CardKind.Tool }));
            Assert.That(((ToolCard)chat.Cards[2]).Status, Is.EqualTo(ToolStatus.Running));
            chat.Apply(5, Ev.ToolStart("t", "c"));
            var group = (ToolGroupCard)chat.Cards[1];
            Assert.That(group.Status, Is.EqualTo(ToolStatus.Running));
            Assert.That(chat.Root.GroupOf((ToolCard)group.Tools[0]), Is.SameAs(group));
        }

        [Test]
        public void PermissionCardsArePendingUntilResolvedByAnyone()
        {
            var chat = new ChatModel("c1");
            var events = Ev.PermissionTurn();
            for (var i = 0; i < 4; i++) chat.Apply(i + 1, events[i]);
            var pending = chat.PendingPermissions();
            Assert.That(pending.Select(p => p.RequestId), Is.EqualTo(new[] { "r1" }));
            Assert.That(pending[0].Request.Summary, Is.EqualTo("Run rm -rf Library"));
            Assert.That(pending[0].Request.Suggestions, Has.Count.EqualTo(1));
            for (var i = 4; i < events.Count; i++) chat.Apply(i + 1, events[i]);
            Assert.That(chat.PendingPermissions(), Is.Empty);
            var cards = chat.Cards.OfType<PermissionCard>().ToList();
            Assert.That(cards.Select(c => c.Outcome), Is.EqualTo(new[] { "denied" }), "the allowed request folded into its tool's card; the denied one has no tool card");
            var tool = chat.Cards.OfType<ToolCard>().Single();
            Assert.That(tool.Permission.RequestId, Is.EqualTo("r1"));
            Assert.That(tool.Permission.Outcome, Is.EqualTo("allowed"));
        }

        [Test]
        public void ARepeatedPendingRequestFromAReplayKeepsItsPlaceAndOtherDuplicatesAreIgnored()
        {
            var chat = Live(new PanelEvent[] { Ev.User("t", "x"), Ev.Ask("t", "r1"), Ev.Notice("n") });
            var revision = chat.Revision;
            Assert.That(chat.Apply(2, Ev.Ask("t", "r1")), Is.True, "a pending request is re-applied");
            Assert.That(chat.Apply(3, Ev.Notice("n")), Is.False, "a duplicate notice is dropped");
            Assert.That(chat.Apply(1, Ev.User("t", "changed")), Is.False);
            Assert.That(chat.Cards.Select(c => c.Key), Is.EqualTo(new[] { "user:t", "perm:r1", "notice:1" }));
            Assert.That(((UserMessageCard)chat.Cards[0]).Text, Is.EqualTo("x"));
            Assert.That(chat.LastSeq, Is.EqualTo(3));
            Assert.That(chat.Revision, Is.EqualTo(revision + 1));
        }

        [Test]
        public void ASubagentTakesTheTaskToolsPlaceAndKeepsItsOwnNestedTranscript()
        {
            var chat = Live(Ev.SubagentTurn());
            Assert.That(chat.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.Subagent, CardKind.TurnResult }));
            var sub = (SubagentCard)chat.Cards[1];
            Assert.That(sub.Status, Is.EqualTo("completed"));
            Assert.That(sub.Tokens, Is.EqualTo(1500));
            Assert.That(sub.LastTool, Is.EqualTo("Grep"), "fields a later update leaves out keep their value");
            Assert.That(sub.Description, Is.EqualTo("Search input handling"));
            Assert.That(sub.Tool.Status, Is.EqualTo(ToolStatus.Succeeded));
            var nested = chat.Nested("task1");
            Assert.That(nested.Cards.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.AssistantText, CardKind.Tool }));
            Assert.That(((BlockCard)nested.Cards[0]).Text, Is.EqualTo("Looking around."));
        }

        [Test]
        public void AnInterruptedTurnEndsWithAnAbortedMessageAndAFailedResult()
        {
            var chat = Live(Ev.InterruptTurn());
            var text = chat.Cards.OfType<AssistantTextCard>().Single();
            Assert.That(text.Aborted, Is.True);
            Assert.That(text.Text, Is.EqualTo("Once upon"));
            var result = chat.Cards.OfType<TurnResultCard>().Single();
            Assert.That(result.Result.Ok, Is.False);
            Assert.That(chat.Status.LastResult.Subtype, Is.EqualTo("error_during_execution"));
        }

        [Test]
        public void AMessageThatFailedBeforeAnyTextShowsAnErrorCard()
        {
            var chat = Live(new PanelEvent[] { Ev.Start("t", "m"), Ev.Final("t", "m", null, false, "overloaded") });
            var card = chat.Cards.OfType<NoticeCard>().Single();
            Assert.That(card.Level, Is.EqualTo("error"));
            Assert.That(card.Message, Is.EqualTo("overloaded"));
        }

        [Test]
        public void CostIsTheRunningTotalOfEachProcessCarriedOverWhenAProcessIsReplaced()
        {
            // claude reports a running session total; a replaced process (crash recovery) starts again from 0.
            var chat = Live(new PanelEvent[] { Ev.Result("a", true, 1, 1, 0.5), Ev.Result("b", true, 1, 1, 0.8), Ev.Result("c", true, 1, 1, 0.1) });
            Assert.That(chat.Status.CostUsd, Is.EqualTo(0.9).Within(1e-9));
        }

        [Test]
        public void InitFieldsMergeAndTotalsAddUp()
        {
            var chat = Live(new PanelEvent[] { Ev.Init(), new InitEvent { Model = "other" }, Ev.Result("a", true, 1, 2, 0.5), Ev.Result("b", true, 3, 4, 0.25) });
            Assert.That(chat.Status.Model, Is.EqualTo("other"));
            Assert.That(chat.Status.PermissionMode, Is.EqualTo("default"));
            Assert.That(chat.Status.SessionId, Is.EqualTo("s-1"));
            Assert.That(chat.Status.Totals.Input, Is.EqualTo(4));
            Assert.That(chat.Status.Totals.Output, Is.EqualTo(6));
            Assert.That(chat.Status.CostUsd, Is.EqualTo(0.75).Within(1e-9));
            Assert.That(chat.Status.Turns, Is.EqualTo(2));
        }

        [Test]
        public void UnknownEventTypesChangeNothingVisible()
        {
            var chat = Live(new PanelEvent[] { Ev.User("t", "x"), new UnrecognizedEvent("future_thing", new Newtonsoft.Json.Linq.JObject()), new UnknownEngineEvent { Reason = "odd" } });
            Assert.That(chat.Cards, Has.Count.EqualTo(1));
            Assert.That(chat.LastSeq, Is.EqualTo(3), "their seq still counts");
        }
    }
}
