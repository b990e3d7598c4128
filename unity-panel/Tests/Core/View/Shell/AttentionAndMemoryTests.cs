using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;
using static AgentPanel.Core.Tests.View.Shell.ShellTestChats;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>The tab-title badge and the window's domain-reload memory.</summary>
    public class AttentionAndMemoryTests
    {
        [Test]
        public void WhileUnfocusedNewPermissionsAndEndedTurnsRaiseTheBadgeUntilFocused()
        {
            var tracker = new AttentionTracker();
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.Turn("t1"));
            tracker.Observe(chat);
            tracker.SetFocused(false);
            Add(chat, Ev.Ask("t1", "r1"));
            tracker.Observe(chat);
            tracker.Observe(chat);
            Assert.That(tracker.Unseen, Is.EqualTo(1), "the same waiting permission counts once");
            Add(chat, Ev.Resolved("t1", "r1"), Ev.Result("t1"));
            tracker.Observe(chat);
            Assert.That(tracker.Unseen, Is.EqualTo(2));
            Assert.That(tracker.Title("Agent Panel"), Is.EqualTo("(2) Agent Panel"));
            tracker.SetFocused(true);
            Assert.That(tracker.Unseen, Is.EqualTo(0));
            Assert.That(tracker.Title("Agent Panel"), Is.EqualTo("Agent Panel"));
        }

        [Test]
        public void WhileFocusedOrOnFirstSightNothingIsCounted()
        {
            var tracker = new AttentionTracker();
            tracker.SetFocused(false);
            var restored = NewChat("c", Ev.Turn("t1"), Ev.Ask("t1", "r1"), Ev.Result("t1"));
            tracker.Observe(restored);
            Assert.That(tracker.Unseen, Is.EqualTo(0), "a chat seen for the first time only sets the baseline");
            tracker.SetFocused(true);
            Add(restored, Ev.Turn("t2"), Ev.Result("t2"));
            tracker.Observe(restored);
            Assert.That(tracker.Unseen, Is.EqualTo(0));
        }

        [Test]
        public void MemoryRoundTripsTheWindowState()
        {
            var memory = new WindowMemory { SelectedChatId = "c2", View = PanelView.History };
            memory.Drafts["c2"] = "half a prompt\nsecond line";
            memory.ScrollOffsets["c2"] = 412.5f;
            memory.Chips.Add(new ContextChip("Player", "- GameObject Player"));
            var back = WindowMemory.Restore(memory.Save());
            Assert.That(back.SelectedChatId, Is.EqualTo("c2"));
            Assert.That(back.View, Is.EqualTo(PanelView.History));
            Assert.That(back.Drafts["c2"], Is.EqualTo("half a prompt\nsecond line"));
            Assert.That(back.ScrollOffsets["c2"], Is.EqualTo(412.5f));
            Assert.That(back.Chips[0].Label, Is.EqualTo("Player"));
            Assert.That(back.Chips[0].ToAttachment().Text, Is.EqualTo("- GameObject Player"));
        }

        [TestCase(null)]
        [TestCase("")]
        [TestCase("not json")]
        [TestCase("[1,2]")]
        [TestCase("{\"version\":99,\"selected\":\"c\"}")]
        public void GarbageGivesDefaults(string saved)
        {
            var memory = WindowMemory.Restore(saved);
            Assert.That(memory.SelectedChatId, Is.Null);
            Assert.That(memory.View, Is.EqualTo(PanelView.Chat));
            Assert.That(memory.Drafts, Is.Empty);
        }

        [Test]
        public void BadFieldsAreSkippedAndGoodOnesKept()
        {
            var saved = "{\"version\":1,\"selected\":5,\"view\":\"Nowhere\",\"drafts\":{\"a\":\"x\",\"b\":3},\"scroll\":{\"a\":-1,\"b\":\"2\",\"c\":7},\"chips\":[{\"label\":\"L\"},{\"label\":\"L\",\"text\":\"T\"},3]}";
            var memory = WindowMemory.Restore(saved);
            Assert.That(memory.SelectedChatId, Is.Null);
            Assert.That(memory.View, Is.EqualTo(PanelView.Chat));
            Assert.That(memory.Drafts.Keys, Is.EqualTo(new[] { "a" }));
            Assert.That(memory.ScrollOffsets.Keys, Is.EqualTo(new[] { "c" }));
            Assert.That(memory.Chips.Count, Is.EqualTo(1));
        }
    }
}
