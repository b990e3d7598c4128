using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>ScrollFollow restoring a saved position (domain reload, chat switch, "Load older") only once the content is laid out.</summary>
    public class ScrollRestoreTests
    {
        [Test]
        public void AViewFollowingTheBottomSavesNoOffset()
        {
            var follow = new ScrollFollow();
            follow.OnScrolled(1000, 1000);
            Assert.That(follow.SavedOffset(1000), Is.Null, "at the bottom: restoring follows the bottom again, wherever it is by then");
            follow.OnScrolled(300, 1000);
            Assert.That(follow.SavedOffset(300), Is.EqualTo(300f));
        }

        [Test]
        public void RestoreWaitsForTheLayoutAndIgnoresTheScrollerClampingToEmptyContent()
        {
            var follow = new ScrollFollow();
            follow.BeginRestore(300);
            // Before the layout the scroller clamps the value to 0 and reports it: that is not the user reaching the bottom.
            follow.OnScrolled(0, 0);
            Assert.That(follow.Following, Is.False);
            Assert.That(follow.PendingRestore, Is.EqualTo(300f));
            Assert.That(follow.SavedOffset(0), Is.EqualTo(300f), "saving again before the layout keeps the saved position");

            Assert.That(follow.TakeRestore(2000), Is.EqualTo(300f));
            Assert.That(follow.PendingRestore, Is.Null);
            Assert.That(follow.Following, Is.False);
            Assert.That(follow.PillVisible, Is.True);
            Assert.That(follow.TakeRestore(2000), Is.Null, "applied once");

            follow.OnScrolled(300, 2000);
            Assert.That(follow.Following, Is.False, "once restored, scroll events count again");
        }

        [Test]
        public void APositionAtOrPastTheBottomFollowsAgain()
        {
            var follow = new ScrollFollow();
            follow.BeginRestore(1990);
            Assert.That(follow.TakeRestore(2000), Is.EqualTo(1990f));
            Assert.That(follow.Following, Is.True);

            follow.BeginRestore(5000);
            Assert.That(follow.TakeRestore(1000), Is.EqualTo(1000f), "the content got shorter: clamp to its end");
            Assert.That(follow.Following, Is.True);

            follow.BeginRestore(50);
            Assert.That(follow.TakeRestore(-20), Is.EqualTo(0f), "content that fits the viewport has nothing to scroll");
            Assert.That(follow.Following, Is.True);
        }

        [Test]
        public void NoSavedOffsetOrABadOneFollowsTheBottom()
        {
            var follow = new ScrollFollow();
            follow.OnScrolled(1000, 1000);
            follow.OnScrolled(100, 1000);
            follow.BeginRestore(null);
            Assert.That(follow.Following, Is.True);
            Assert.That(follow.PendingRestore, Is.Null);

            follow.BeginRestore(float.NaN);
            Assert.That(follow.Following, Is.True);
            follow.BeginRestore(-5);
            Assert.That(follow.PendingRestore, Is.Null);
        }

        [Test]
        public void LoadOlderKeepsTheDistanceFromTheBottom()
        {
            var follow = new ScrollFollow();
            follow.BeginRestore(200, fromBottom: true);
            Assert.That(follow.TakeRestore(3000), Is.EqualTo(2800f));
            Assert.That(follow.Following, Is.False);
        }

        [Test]
        public void JumpingToTheLatestCancelsAPendingRestore()
        {
            var follow = new ScrollFollow();
            follow.BeginRestore(300);
            follow.JumpToLatest();
            Assert.That(follow.PendingRestore, Is.Null);
            Assert.That(follow.TakeRestore(2000), Is.Null);
            Assert.That(follow.Following, Is.True);
        }
    }
}
