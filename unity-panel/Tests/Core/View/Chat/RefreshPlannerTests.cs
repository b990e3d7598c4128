using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>RefreshPlanner redraws only changed cards, and streamed text at most once per interval.</summary>
    public class RefreshPlannerTests
    {
        [Test]
        public void NewCardsAreCreatedThenUnchangedCardsAreLeftAlone()
        {
            var chat = new ChatModel("c");
            var events = Ev.StreamingTurn();
            for (var i = 0; i < 7; i++) chat.Apply(i + 1, events[i]);
            var planner = new RefreshPlanner();
            var first = planner.Plan(chat.Cards, 0);
            Assert.That(first.Create.Select(c => c.Kind), Is.EqualTo(new[] { CardKind.UserMessage, CardKind.Thinking, CardKind.AssistantText }));
            Assert.That(first.Reorder, Is.True);
            Assert.That(planner.Plan(chat.Cards, 10).IsEmpty, Is.True);
        }

        [Test]
        public void StreamedTextIsUpdatedAtMostOncePerInterval()
        {
            var chat = new ChatModel("c");
            var events = Ev.StreamingTurn();
            long seq = 0;
            for (; seq < 7; seq++) chat.Apply(seq + 1, events[(int)seq]);
            var planner = new RefreshPlanner();
            planner.Plan(chat.Cards, 0);
            chat.Apply(++seq, events[7]);
            var early = planner.Plan(chat.Cards, 20);
            Assert.That(early.Update, Is.Empty, "the delta came 20 ms after the last draw");
            Assert.That(early.RetryInMs, Is.EqualTo(RefreshPlanner.IntervalMs - 20));
            var due = planner.Plan(chat.Cards, RefreshPlanner.IntervalMs);
            Assert.That(due.Update.Single().Kind, Is.EqualTo(CardKind.AssistantText));
            Assert.That(due.RetryInMs, Is.EqualTo(-1));
        }

        [Test]
        public void CardsLeavingAreRemovedAndAppendedCardsCounted()
        {
            var a = new NoticeCard("notice:a");
            var b = new NoticeCard("notice:b");
            var c = new NoticeCard("notice:c");
            var planner = new RefreshPlanner();
            planner.Plan(new List<Card> { a, b }, 0);
            var plan = planner.Plan(new List<Card> { b, c, new NoticeCard("notice:d") }, 100);
            Assert.That(plan.Remove, Is.EqualTo(new[] { "notice:a" }));
            Assert.That(plan.Create.Select(x => x.Key), Is.EqualTo(new[] { "notice:c", "notice:d" }));
            Assert.That(plan.Appended, Is.EqualTo(2));
        }

        [Test]
        public void AStampChangeRedrawsACardWhoseRevisionDidNotMove()
        {
            var tool = new ToolCard("x");
            var planner = new RefreshPlanner();
            var awaiting = true;
            planner.Plan(new List<Card> { tool }, 0, _ => awaiting ? 1 : 0);
            awaiting = false;
            Assert.That(planner.Plan(new List<Card> { tool }, 100, _ => awaiting ? 1 : 0).Update, Is.EqualTo(new[] { tool }));
        }

        [Test]
        public void AReplacedCardObjectIsBuiltAgain()
        {
            var planner = new RefreshPlanner();
            planner.Plan(new List<Card> { new NoticeCard("notice:1") }, 0);
            var plan = planner.Plan(new List<Card> { new NoticeCard("notice:1") }, 100);
            Assert.That(plan.Create.Count, Is.EqualTo(1), "a snapshot rebuilt the chat: same key, new object");
        }
    }
}
