using System.Collections.Generic;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.View.Chat
{
    /// <summary>NoticePresenter maps the sidecar's notice codes to banners and inline cards.</summary>
    public class NoticePresenterTests
    {
        private static NoticeCard Notice(string code, string level = "info", string message = "msg", JObject data = null) =>
            new NoticeCard("notice:" + code) { Code = code, Level = level, Message = message, Data = data };

        [Test]
        public void NotLoggedInIsOneErrorBannerWithTheSidecarsWordsRetryAndClaudesWordsAsDetails()
        {
            var message = "Claude Code is not logged in. Run claude in a terminal and log in (type /login there), or set ANTHROPIC_API_KEY. Then send your message again.";
            var view = NoticePresenter.Of(Notice("not_logged_in", "error", message, new JObject { ["turnId"] = "t1", ["detail"] = "Not logged in · Please run /login" }));
            Assert.That(view.Placement, Is.EqualTo(NoticePlacement.Banner));
            Assert.That(view.Level, Is.EqualTo("error"));
            Assert.That(view.Text, Is.EqualTo(message));
            Assert.That(view.Text, Does.Not.Contain("`"));
            Assert.That(view.Details, Is.EqualTo("Not logged in · Please run /login"));
            Assert.That(view.Action, Is.EqualTo(NoticeAction.Retry));
            Assert.That(view.ActionLabel, Is.EqualTo("Retry"));
        }

        [Test]
        public void TheOlderAuthRequiredNoticeReadsTheSameWithoutBackticks()
        {
            var view = NoticePresenter.Of(Notice("auth_required", "error", "Invalid API key · Please run /login."));
            Assert.That(view.Placement, Is.EqualTo(NoticePlacement.Banner));
            Assert.That(view.Level, Is.EqualTo("error"));
            Assert.That(view.Text, Does.StartWith("Claude Code is not logged in. Run claude in a terminal"));
            Assert.That(view.Text, Does.Not.Contain("`"));
            Assert.That(view.Action, Is.EqualTo(NoticeAction.Retry));
            Assert.That(view.ActionLabel, Is.EqualTo("Retry"));
            Assert.That(view.Details, Is.EqualTo("Invalid API key · Please run /login."));
        }

        [Test]
        public void RetriesAndCompactionAreInlineWithTheirNumbers()
        {
            var retry = NoticePresenter.Of(Notice("api_retry", "warning", "", new JObject { ["attempt"] = 2 }));
            Assert.That(retry.Placement, Is.EqualTo(NoticePlacement.Inline));
            Assert.That(retry.Text, Is.EqualTo("Retrying (attempt 2)…"));
            var compacted = NoticePresenter.Of(Notice("compacted", "info", "Conversation compacted (auto).", new JObject { ["preTokens"] = 150000, ["postTokens"] = 20000 }));
            Assert.That(compacted.Text, Is.EqualTo("Conversation compacted (auto). 150k → 20k tokens."));
            var summary = NoticePresenter.Of(Notice("compact_summary", "info", "Summary", new JObject { ["text"] = "We fixed the jump." }));
            Assert.That(summary.Details, Is.EqualTo("We fixed the jump."));
        }

        [Test]
        public void CrashAndResumeStayInline()
        {
            Assert.That(NoticePresenter.Of(Notice("claude_exited", "error", "claude exited unexpectedly")).Placement, Is.EqualTo(NoticePlacement.Inline));
            Assert.That(NoticePresenter.Of(Notice("resumed", "info", "")).Text, Is.EqualTo("Resumed the session after claude exited."));
        }

        [Test]
        public void UnknownErrorsAreBannersAndUnknownInfosAreInline()
        {
            Assert.That(NoticePresenter.Of(Notice("resume_failed", "error", "Could not resume.")).Placement, Is.EqualTo(NoticePlacement.Banner));
            var info = NoticePresenter.Of(Notice("something_new", "info", ""));
            Assert.That(info.Placement, Is.EqualTo(NoticePlacement.Inline));
            Assert.That(info.Text, Is.EqualTo("something_new"));
        }

        [Test]
        public void TheBannerGoesAwayAfterASuccessfulTurn()
        {
            var auth = Notice("auth_required", "error");
            var cards = new List<Card> { new UserMessageCard("t1") { Text = "hello" }, auth };
            Assert.That(NoticePresenter.ActiveBanner(cards), Is.SameAs(auth));
            cards.Add(new TurnResultCard("t1") { Result = new TurnResultEvent { Ok = false } });
            Assert.That(NoticePresenter.ActiveBanner(cards), Is.SameAs(auth), "a failed turn does not clear it");
            cards.Add(new UserMessageCard("t2") { Text = "again" });
            cards.Add(new TurnResultCard("t2") { Result = new TurnResultEvent { Ok = true } });
            Assert.That(NoticePresenter.ActiveBanner(cards), Is.Null);
            Assert.That(NoticePresenter.LastPrompt(cards), Is.EqualTo("again"));
        }
    }
}
