using System.Linq;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;
using static AgentPanel.Core.Tests.View.Shell.ShellTestChats;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>The composer's keyboard rules and state (drafts per chat, Send vs Stop, queued prompts).</summary>
    public class ComposerTests
    {
        private static ComposerKeyAction Key(ComposerKey key, bool shift = false, bool command = false, bool alt = false, bool composing = false, SendKey mode = SendKey.Enter, bool busy = false)
        {
            return ComposerKeys.Decide(key, shift, command, alt, composing, mode, busy);
        }

        [Test]
        public void EnterSendsAndShiftEnterBreaksTheLine()
        {
            Assert.That(Key(ComposerKey.Enter), Is.EqualTo(ComposerKeyAction.Send));
            Assert.That(Key(ComposerKey.Enter, shift: true), Is.EqualTo(ComposerKeyAction.NewLine));
            Assert.That(Key(ComposerKey.Enter, alt: true), Is.EqualTo(ComposerKeyAction.NewLine));
            Assert.That(Key(ComposerKey.Enter, command: true), Is.EqualTo(ComposerKeyAction.Send));
        }

        [Test]
        public void EnterWhileAnInputMethodComposesNeverSends()
        {
            Assert.That(Key(ComposerKey.Enter, composing: true), Is.EqualTo(ComposerKeyAction.None));
            Assert.That(Key(ComposerKey.Enter, command: true, composing: true, mode: SendKey.CtrlEnter), Is.EqualTo(ComposerKeyAction.None));
            Assert.That(Key(ComposerKey.Escape, composing: true, busy: true), Is.EqualTo(ComposerKeyAction.None));
        }

        [Test]
        public void InCtrlEnterModeOnlyCtrlEnterSends()
        {
            Assert.That(Key(ComposerKey.Enter, mode: SendKey.CtrlEnter), Is.EqualTo(ComposerKeyAction.NewLine));
            Assert.That(Key(ComposerKey.Enter, command: true, mode: SendKey.CtrlEnter), Is.EqualTo(ComposerKeyAction.Send));
            Assert.That(ComposerKeys.Hint(SendKey.CtrlEnter), Does.StartWith("Ctrl+Enter to send"));
        }

        [Test]
        public void EscInterruptsOnlyWhileATurnRuns()
        {
            Assert.That(Key(ComposerKey.Escape, busy: true), Is.EqualTo(ComposerKeyAction.Interrupt));
            Assert.That(Key(ComposerKey.Escape), Is.EqualTo(ComposerKeyAction.None));
            Assert.That(Key(ComposerKey.Other, busy: true), Is.EqualTo(ComposerKeyAction.None));
        }

        [Test]
        public void DraftsAreKeptPerChat()
        {
            var state = new ComposerState();
            state.SwitchTo("a");
            state.Draft = "for a";
            state.SwitchTo("b");
            Assert.That(state.Draft, Is.EqualTo(""));
            state.Draft = "for b";
            state.SwitchTo("a");
            Assert.That(state.Draft, Is.EqualTo("for a"));
            Assert.That(state.Drafts.Count, Is.EqualTo(2));
            state.Forget("b");
            Assert.That(state.Drafts.ContainsKey("b"), Is.False);
        }

        [Test]
        public void RestoredDraftsDoNotOverwriteNewerOnes()
        {
            var state = new ComposerState();
            state.Draft = "typed now";
            state.RestoreDrafts(new System.Collections.Generic.Dictionary<string, string> { [""] = "old", ["c"] = "saved" });
            Assert.That(state.Draft, Is.EqualTo("typed now"));
            state.SwitchTo("c");
            Assert.That(state.Draft, Is.EqualTo("saved"));
        }

        [Test]
        public void TakingTheDraftClearsItAndBlocksASecondSendUntilTheFirstEnds()
        {
            var state = new ComposerState();
            state.SwitchTo("c");
            state.Update(null, connected: true);
            state.Draft = "hello";
            Assert.That(state.TakeForSend(), Is.EqualTo("hello"));
            Assert.That(state.Draft, Is.EqualTo(""));
            state.Draft = "next";
            Assert.That(state.TakeForSend(), Is.Null, "a send is in flight");
            state.SendFinished("c", "hello", sent: true);
            Assert.That(state.TakeForSend(), Is.EqualTo("next"));
        }

        [Test]
        public void NothingIsSentWhenBlankOrDisconnected()
        {
            var state = new ComposerState();
            state.Update(null, connected: true);
            state.Draft = "   \n ";
            Assert.That(state.TakeForSend(), Is.Null);
            state.Draft = "hi";
            state.Update(null, connected: false);
            Assert.That(state.TakeForSend(), Is.Null);
            Assert.That(state.ButtonEnabled, Is.False);
        }

        [Test]
        public void AFailedSendGivesTheTextBackUnlessSomethingNewWasTyped()
        {
            var state = new ComposerState();
            state.Update(null, connected: true);
            state.Draft = "first";
            var text = state.TakeForSend();
            state.SendFinished(ComposerState.NoChat, text, sent: false);
            Assert.That(state.Draft, Is.EqualTo("first"));

            text = state.TakeForSend();
            state.Draft = "newer";
            state.SendFinished(ComposerState.NoChat, text, sent: false);
            Assert.That(state.Draft, Is.EqualTo("newer"));
        }

        [Test]
        public void TheButtonReadsStopWhileATurnRunsAndQueuedPromptsAreListed()
        {
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.User("t1", "first"), Ev.Turn("t1"), Ev.State(ChatStates.Streaming), Ev.User("t2", "second", queued: true));
            var state = new ComposerState();
            state.SwitchTo("c");
            state.Update(chat, connected: true);
            Assert.That(state.Busy, Is.True);
            Assert.That(state.ButtonLabel, Is.EqualTo("Stop"));
            Assert.That(state.ButtonEnabled, Is.True);
            Assert.That(state.Queued, Is.EqualTo(new[] { "second" }));
            Assert.That(state.QueuedText, Does.StartWith("1 message queued"));

            Add(chat, Ev.Result("t1"), Ev.State(ChatStates.Ready), Ev.User("t2", "second"));
            state.Update(chat, connected: true);
            Assert.That(state.ButtonLabel, Is.EqualTo("Send"));
            Assert.That(state.Queued, Is.Empty);
            Assert.That(state.QueuedText, Is.EqualTo(""));
        }
    

        [Test]
        public void AQueuedPromptIsNoLongerQueuedOnceItsTurnStarts()
        {
            // The sidecar says "queued" once, when the prompt is sent; the start of its turn is what ends it.
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.User("t1", "first"), Ev.Turn("t1"), Ev.State(ChatStates.Streaming), Ev.User("t2", "second", queued: true));
            var state = new ComposerState();
            state.SwitchTo("c");
            Add(chat, Ev.Result("t1"), Ev.Turn("t2"));
            state.Update(chat, connected: true);
            Assert.That(state.Queued, Is.Empty);
            var card = chat.Cards.OfType<UserMessageCard>().Single(c => c.Text == "second");
            Assert.That(UserLine.Meta(card), Is.EqualTo(""));
        }
    }
}
