using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>CardWindow keeps long chats light without hiding what still needs the user.</summary>
    public class CardWindowTests
    {
        private static List<Card> Notices(int n) => Enumerable.Range(0, n).Select(i => (Card)new NoticeCard("notice:" + i)).ToList();

        [Test]
        public void OnlyTheNewestCardsAreMaterialized()
        {
            var window = new CardWindow(10);
            var visible = window.Apply(Notices(25));
            Assert.That(visible.Select(c => c.Key).First(), Is.EqualTo("notice:15"));
            Assert.That(visible.Count, Is.EqualTo(10));
            Assert.That(window.HiddenText, Is.EqualTo("Show 15 earlier cards"));
        }

        [Test]
        public void PendingPermissionsAndRunningToolsAreNeverPruned()
        {
            var cards = Notices(20);
            cards[0] = new PermissionCard("r1");
            cards[1] = new ToolCard("running");
            cards[2] = new ToolCard("done") { Status = ToolStatus.Succeeded };
            var answered = new PermissionCard("r2") { Outcome = "allowed" };
            cards[3] = answered;
            var window = new CardWindow(5);
            var keys = window.Apply(cards).Select(c => c.Key).ToList();
            Assert.That(keys.Take(2), Is.EqualTo(new[] { "perm:r1", "tool:running" }), "pinned cards keep their place, before the newest ones");
            Assert.That(keys, Has.No.Member("tool:done").And.No.Member("perm:r2"));
            Assert.That(keys.Count, Is.EqualTo(7));
            Assert.That(window.Hidden, Is.EqualTo(13));
        }

        [Test]
        public void ShowEarlierRevealsAnotherPageAndResetGoesBack()
        {
            var window = new CardWindow(10);
            var cards = Notices(10 + CardWindow.Page + 5);
            window.Apply(cards);
            window.ShowEarlier();
            Assert.That(window.Apply(cards).Count, Is.EqualTo(10 + CardWindow.Page));
            Assert.That(window.HiddenText, Is.EqualTo("Show 5 earlier cards"));
            window.Reset();
            Assert.That(window.Apply(cards).Count, Is.EqualTo(10));
            Assert.That(new CardWindow(50).Apply(Notices(3)).Count, Is.EqualTo(3));
        }
    }
}
