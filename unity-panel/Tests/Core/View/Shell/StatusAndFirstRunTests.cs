using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.View;
using NUnit.Framework;
using static AgentPanel.Core.Tests.View.Shell.ShellTestChats;

namespace AgentPanel.Core.Tests.View.Shell
{
    /// <summary>The status bar line and the first-run panels.</summary>
    public class StatusAndFirstRunTests
    {
        [Test]
        public void TheStatusLineShowsStateModelContextTokensAndCost()
        {
            var result = Ev.Result("t1", input: 50000, output: 10000, cost: 0.0226);
            result.ContextWindow = 200000;
            var chat = NewChat("c", Ev.Init(model: "claude-sonnet"), Ev.State(ChatStates.Ready), Ev.Turn("t1"), result);
            var line = StatusLine.For(chat, null, ConnectionState.Connected);
            Assert.That(line.Dot, Is.EqualTo(StateDot.Ready));
            Assert.That(line.StateText, Is.EqualTo("Ready"));
            Assert.That(line.Model, Is.EqualTo("claude-sonnet"));
            Assert.That(line.ContextPercent, Is.EqualTo(30));
            Assert.That(line.ContextText, Is.EqualTo("30% of 200k context"));
            Assert.That(line.ContextTooltip, Is.EqualTo("60,000 of 200,000 tokens in the last turn"));
            Assert.That(line.TokensText, Is.EqualTo("50k in · 10k out"));
            Assert.That(line.CostText, Is.EqualTo("$0.0226"));
        }

        [Test]
        public void WithoutACostOnlyTokensAreShownAndWithoutAWindowNoMeter()
        {
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.Result("t1", input: 900, output: 50, cost: 0));
            var line = StatusLine.For(chat, null, ConnectionState.Connected);
            Assert.That(line.TokensText, Is.EqualTo("900 in · 50 out"));
            Assert.That(line.CostText, Is.EqualTo(""));
            Assert.That(line.ContextPercent, Is.Null);
            Assert.That(line.ContextText, Is.EqualTo(""));
        }

        [Test]
        public void TheStateDotFollowsTheChatAndTheConnection()
        {
            var chat = NewChat("c", Ev.State(ChatStates.Streaming));
            Assert.That(StatusLine.For(chat, null, ConnectionState.Connected).Dot, Is.EqualTo(StateDot.Busy));
            Add(chat, Ev.State(ChatStates.WaitingPermission));
            Assert.That(StatusLine.For(chat, null, ConnectionState.Connected).StateText, Is.EqualTo("Waiting for your approval"));
            Assert.That(StatusLine.For(chat, null, ConnectionState.WaitingToRetry).Dot, Is.EqualTo(StateDot.Offline));
            Assert.That(StatusLine.For(null, null, ConnectionState.Connected).StateText, Is.EqualTo("No chat"));
            var summary = new ChatSummary { ChatId = "x", State = ChatStates.Errored, Model = "m" };
            var fromSummary = StatusLine.For(null, summary, ConnectionState.Connected);
            Assert.That(fromSummary.Dot, Is.EqualTo(StateDot.Error));
            Assert.That(fromSummary.Model, Is.EqualTo("m"));
        }

        [Test]
        public void NodeErrorsShowTheNodePanelWithAPathField()
        {
            var state = FirstRunState.FromLaunchError(new SidecarLaunchException(ErrorCodes.NodeNotFound, "Install Node.js 22 or set its path."));
            Assert.That(state.Panel, Is.EqualTo(FirstRunPanel.NodeNotFound));
            Assert.That(state.PathField, Is.EqualTo("node"));
            Assert.That(state.Message, Does.Contain("Install Node.js"));
            Assert.That(FirstRunState.FromLaunchError(new SidecarLaunchException(ErrorCodes.NodeTooOld, "old")).Title, Is.EqualTo("Node.js is too old"));
        }

        [Test]
        public void SidecarStartErrorsShowTheLog()
        {
            var state = FirstRunState.FromLaunchError(new SidecarLaunchException(ErrorCodes.SidecarStartTimeout, "did not answer"));
            Assert.That(state.Panel, Is.EqualTo(FirstRunPanel.SidecarFailed));
            Assert.That(state.ShowLog, Is.True);
            Assert.That(state.PathField, Is.EqualTo(""));
            Assert.That(FirstRunState.FromLaunchError(null).Visible, Is.False);
        }

        [Test]
        public void AMissingClaudeNoticeShowsTheInstallCommandAndClaudePath()
        {
            var chat = NewChat("c", Ev.State(ChatStates.Starting), Ev.Notice("claude_not_found", NoticeEvent.Error), Ev.State(ChatStates.Errored));
            var state = FirstRunState.FromChat(chat);
            Assert.That(state.Panel, Is.EqualTo(FirstRunPanel.ClaudeNotFound));
            Assert.That(state.Command, Is.EqualTo(FirstRunState.InstallClaudeCommand));
            Assert.That(state.PathField, Is.EqualTo("claude"));
            Assert.That(state.Message, Is.EqualTo("notice claude_not_found"));
        }

        [Test]
        public void NotLoggedInShowsTheLoginPanelWithTheSidecarsWords()
        {
            var notice = Ev.Notice("not_logged_in", NoticeEvent.Error);
            notice.Message = "Claude Code is not logged in. Run claude in a terminal and log in (type /login there), or set ANTHROPIC_API_KEY. Then send your message again.";
            notice.Data = new Newtonsoft.Json.Linq.JObject { ["turnId"] = "t1", ["detail"] = "Not logged in · Please run /login" };
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.User("t1", "hello"), Ev.Turn("t1"), notice, Ev.State(ChatStates.AuthRequired));
            var state = FirstRunState.FromChat(chat);
            Assert.That(state.Panel, Is.EqualTo(FirstRunPanel.NotLoggedIn));
            Assert.That(state.Command, Is.EqualTo("claude"));
            Assert.That(state.Message, Is.EqualTo(notice.Message));
            // The notice ended the turn: nothing stays open, no result card, no cost.
            Assert.That(chat.Status.OpenTurns, Is.Empty);
            Assert.That(chat.Cards, Has.None.InstanceOf<TurnResultCard>());
            Assert.That(StatusLine.For(chat, null, ConnectionState.Connected).CostText, Is.EqualTo(""));
        }

        [Test]
        public void AnInterruptBeforeAnyTokensKeepsTheLastContextFigure()
        {
            var first = Ev.Result("t1", input: 50000, output: 10000, cost: 0.02);
            first.ContextWindow = 200000;
            var stopped = Ev.Result("t2", ok: false, input: 0, output: 0, cost: 0.02, subtype: "error_during_execution");
            stopped.Status = TurnStatuses.Interrupted;
            stopped.TerminalReason = "aborted_streaming";
            stopped.ContextWindow = 200000;
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.Turn("t1"), first, Ev.Turn("t2"), stopped);
            var line = StatusLine.For(chat, null, ConnectionState.Connected);
            Assert.That(line.ContextPercent, Is.EqualTo(30));
            Assert.That(line.ContextText, Is.EqualTo("30% of 200k context"));
        }

        [Test]
        public void SignInRequiredShowsTheLoginCommand()
        {
            var chat = NewChat("c", Ev.State(ChatStates.Ready), Ev.Notice("auth_required", NoticeEvent.Error), Ev.State(ChatStates.AuthRequired));
            var state = FirstRunState.FromChat(chat);
            Assert.That(state.Panel, Is.EqualTo(FirstRunPanel.NotLoggedIn));
            Assert.That(state.Command, Is.EqualTo("claude"));
        }

        [Test]
        public void OtherChatErrorsAndHealthyChatsShowNoPanel()
        {
            Assert.That(FirstRunState.FromChat(NewChat("c", Ev.Notice("session_not_found", NoticeEvent.Error), Ev.State(ChatStates.Errored))).Visible, Is.False);
            Assert.That(FirstRunState.FromChat(NewChat("c", Ev.Notice("claude_not_found", NoticeEvent.Error), Ev.State(ChatStates.Ready))).Visible, Is.False);
            Assert.That(FirstRunState.FromChat(null).Visible, Is.False);
        }
    }
}
