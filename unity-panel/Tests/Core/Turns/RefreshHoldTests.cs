using System.Collections.Generic;
using AgentPanel.Core.Turns;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Turns
{
    /// <summary>The hold's own state machine: one Disallow per hold, one Allow and one Refresh per release, reload and safety.</summary>
    public class RefreshHoldTests
    {
        [Test]
        public void ManyWritesOfOneTurnHoldOnceAndReleaseOnceWithOneRefresh()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            for (var i = 0; i < 10; i++) hold.AssetWrite("c1", "t1");
            Assert.That(editor.Calls, Is.EqualTo(new[] { "disallow" }));
            Assert.That(hold.State, Is.EqualTo(HoldState.Holding));
            hold.TurnEnded("c1", "t1");
            Assert.That(editor.Calls, Is.EqualTo(new[] { "disallow", "allow", "refresh" }));
            Assert.That(hold.State, Is.EqualTo(HoldState.Idle));
        }

        [Test]
        public void TheEndOfAnotherTurnOfTheSameChatDoesNotRelease()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            hold.AssetWrite("c1", "t2");
            hold.TurnEnded("c1", "t1");
            Assert.That(editor.Outstanding, Is.EqualTo(1));
        }

        [Test]
        public void TwoChatsHoldUntilBothEndedAndStillRefreshOnce()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            var released = new List<IReadOnlyList<KeyValuePair<string, string>>>();
            hold.Released += turns => released.Add(turns);
            hold.AssetWrite("a", "ta");
            hold.AssetWrite("b", "tb");
            hold.TurnEnded("a", "ta");
            Assert.That(editor.Refreshes, Is.EqualTo(0));
            Assert.That(editor.Outstanding, Is.EqualTo(1));
            hold.TurnEnded("b", "tb");
            Assert.That(editor.Disallows, Is.EqualTo(1));
            Assert.That(editor.Allows, Is.EqualTo(1));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            Assert.That(released, Has.Count.EqualTo(1));
            Assert.That(released[0], Is.EqualTo(new[] { new KeyValuePair<string, string>("a", "ta"), new KeyValuePair<string, string>("b", "tb") }), "the compile result belongs to both turns");
        }

        [Test]
        public void AnUndefinedTransitionThrowsATypedError()
        {
            Assert.That(RefreshHold.Allows(HoldState.Idle, HoldTrigger.LastHolderEnded), Is.False);
            var hold = new RefreshHold(new FakeAssetRefresh());
            hold.AssetWrite("a", "t");
            Assert.Throws<HoldTransitionException>(() => hold.Restore("a\tt", new[] { "a" }, 0));
        }

        [Test]
        public void AReloadInTheMiddleKeepsTheHoldWithoutASecondDisallowAndReleasesItOnce()
        {
            var editor = new FakeAssetRefresh();
            var before = new RefreshHold(editor);
            string saved = null;
            before.Changed += s => saved = s;
            before.AssetWrite("c1", "t1");
            // The domain reloads: a new RefreshHold over the same (native) AssetDatabase counter.
            var after = new RefreshHold(editor);
            after.Restore(saved, new[] { "c1" }, 1000);
            Assert.That(after.State, Is.EqualTo(HoldState.Holding));
            Assert.That(editor.Disallows, Is.EqualTo(1), "Unity still counts the first Disallow");
            after.TurnEnded("c1", "t1");
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void ARestoredHoldOfAChatNoLongerFollowedIsReleasedAtOnce()
        {
            var editor = new FakeAssetRefresh { Disallows = 1 };
            var hold = new RefreshHold(editor);
            hold.Restore("gone\tt1", new string[0], 0);
            Assert.That(hold.State, Is.EqualTo(HoldState.Idle));
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void ASocketDropReleasesAfterTheSafetyTimeUnlessTheSidecarAnswers()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            hold.AssetWrite("c1", "t1");
            hold.Disconnected(0);
            Assert.That(hold.Tick(RefreshHold.SafetyMs - 1), Is.False);
            hold.Connected();
            Assert.That(hold.Tick(RefreshHold.SafetyMs * 5), Is.False, "connected: the turn's own end releases it");
            hold.Disconnected(RefreshHold.SafetyMs * 5);
            Assert.That(hold.Tick(RefreshHold.SafetyMs * 6), Is.True);
            Assert.That(editor.Outstanding, Is.EqualTo(0));
            Assert.That(editor.Refreshes, Is.EqualTo(1));
        }

        [Test]
        public void ARevertRefreshesAtOnceWhenIdleAndWithTheReleaseWhenHeld()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            hold.AssetsReverted();
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            hold.AssetWrite("c1", "t2");
            hold.AssetsReverted();
            Assert.That(editor.Refreshes, Is.EqualTo(1));
            hold.TurnEnded("c1", "t2");
            Assert.That(editor.Refreshes, Is.EqualTo(2));
        }

        [Test]
        public void CancelReleasesAndIsANoOpWhenIdle()
        {
            var editor = new FakeAssetRefresh();
            var hold = new RefreshHold(editor);
            hold.Cancel();
            Assert.That(editor.Calls, Is.Empty);
            hold.AssetWrite("c1", "t1");
            hold.Cancel();
            Assert.That(editor.Calls, Is.EqualTo(new[] { "disallow", "allow", "refresh" }));
        }
    }
}
