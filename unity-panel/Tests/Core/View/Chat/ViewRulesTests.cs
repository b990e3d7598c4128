using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>Keyboard rules of the permission bar and the stick-to-bottom rules of the message list.</summary>
    public class ViewRulesTests
    {
        [Test]
        public void YAllowsAndNOpensTheReasonWhenAPromptIsPendingAndNoTextFieldHasFocus()
        {
            Assert.That(PermissionKeys.Decide(ChatKey.Y, false, true, false, false, false), Is.EqualTo(PermissionKeyAction.Allow));
            Assert.That(PermissionKeys.Decide(ChatKey.N, false, true, false, false, false), Is.EqualTo(PermissionKeyAction.OpenDenyReason));
        }

        [Test]
        public void KeysAreIgnoredWhileTypingWithModifiersForQuestionsOrWithNothingPending()
        {
            Assert.That(PermissionKeys.Decide(ChatKey.Y, false, true, true, false, false), Is.EqualTo(PermissionKeyAction.None), "typing y in the composer");
            Assert.That(PermissionKeys.Decide(ChatKey.Y, true, true, false, false, false), Is.EqualTo(PermissionKeyAction.None), "Ctrl+Y");
            Assert.That(PermissionKeys.Decide(ChatKey.Y, false, false, false, false, false), Is.EqualTo(PermissionKeyAction.None), "nothing pending");
            Assert.That(PermissionKeys.Decide(ChatKey.N, false, true, false, false, true), Is.EqualTo(PermissionKeyAction.None), "questions have no Y/N");
            Assert.That(PermissionKeys.Decide(ChatKey.Other, false, true, false, false, false), Is.EqualTo(PermissionKeyAction.None));
        }

        [Test]
        public void EscapeClosesAnOpenReasonFieldEvenWithFocusInIt()
        {
            Assert.That(PermissionKeys.Decide(ChatKey.Escape, false, true, true, true, false), Is.EqualTo(PermissionKeyAction.CancelDenyReason));
            Assert.That(PermissionKeys.Decide(ChatKey.Escape, false, true, false, false, false), Is.EqualTo(PermissionKeyAction.None), "Esc goes on (e.g. to interrupt) when no reason is open");
        }

        [Test]
        public void ScrollingUpStopsFollowingAndCountsNewCards()
        {
            var follow = new ScrollFollow();
            follow.OnScrolled(1000, 1000);
            Assert.That(follow.OnContentAdded(1), Is.True, "at the bottom: scroll along");
            follow.OnScrolled(1000, 1200);
            Assert.That(follow.Following, Is.True, "content growing under the view does not stop following");
            follow.OnScrolled(600, 1200);
            Assert.That(follow.Following, Is.False);
            Assert.That(follow.OnContentAdded(2), Is.False);
            Assert.That(follow.OnContentAdded(1), Is.False);
            Assert.That(follow.PillVisible, Is.True);
            Assert.That(follow.PillText, Is.EqualTo("↓ 3 new"));
        }

        [Test]
        public void ReturningNearTheBottomOrJumpingFollowsAgain()
        {
            var follow = new ScrollFollow();
            follow.OnScrolled(1000, 1000);
            follow.OnScrolled(100, 1000);
            follow.OnContentAdded(1);
            follow.OnScrolled(1000 - ScrollFollow.Threshold + 1, 1000);
            Assert.That(follow.Following, Is.True);
            Assert.That(follow.NewCards, Is.EqualTo(0));

            follow.OnScrolled(0, 1000);
            Assert.That(follow.PillText, Is.EqualTo("↓ Jump to latest"));
            follow.JumpToLatest();
            Assert.That(follow.Following, Is.True);
            Assert.That(follow.PillVisible, Is.False);
        }

        [Test]
        public void RestoreKeepsAScrolledUpViewScrolledUp()
        {
            var follow = new ScrollFollow();
            follow.Restore(300, false);
            follow.OnScrolled(300, 2000);
            Assert.That(follow.Following, Is.False);
        }
    }
}
