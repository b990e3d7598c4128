using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using AgentPanel.Core.Store;
using AgentPanel.Core.Tests.Store;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Integration
{
    /// <summary>
    /// The real bundled sidecar with the real claude binary (and the project's fake model), driven through SidecarLauncher,
    /// SidecarConnection and ChatStore. Runs only when AGENT_PANEL_SIDECAR names the sidecar bundle; the environment (fake
    /// model URL, isolated HOME, …) is inherited by the sidecar. See docs/unity-panel-core.md for the prompts the fake model
    /// must answer.
    /// </summary>
    [Category("Integration")]
    [NonParallelizable]
    public class SidecarIntegrationTests
    {
        /// <summary>The fake model streams a plain answer for prompts containing this.</summary>
        public const string StreamPrompt = "integration: stream";
        /// <summary>The fake model asks to use a tool that needs permission (e.g. Bash), then answers.</summary>
        public const string PermissionPrompt = "integration: permission";
        /// <summary>The fake model streams a long answer slowly (several seconds).</summary>
        public const string SlowPrompt = "integration: slow";

        private ProjectSandbox sandbox;
        private string root => sandbox?.Root;
        private readonly List<SidecarConnection> connections = new List<SidecarConnection>();

        [SetUp]
        public void SetUp()
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR")))
            {
                Assert.Ignore("Set AGENT_PANEL_SIDECAR to the sidecar bundle (dist/agent-panel.mjs) and the fake model's environment to run the integration tests.");
            }
            sandbox = new ProjectSandbox("ap-int-");
        }

        [TearDown]
        public void TearDown()
        {
            if (root == null) return;
            foreach (var c in connections) c.Close(TimeSpan.FromSeconds(2));
            KillSidecar();
            sandbox.Dispose();
            sandbox = null;
        }

        private string Project => sandbox.Project;

        private string Log => Path.Combine(root, "sidecar.log");

        private SidecarEndpoint Launch()
        {
            var request = new LaunchRequest
            {
                ProjectRoot = Project,
                ParentPid = Process.GetCurrentProcess().Id,
                SidecarScript = Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR"),
                LogFile = Log,
                NodePath = Environment.GetEnvironmentVariable("AGENT_PANEL_NODE"),
                ClaudePath = Environment.GetEnvironmentVariable("AGENT_PANEL_CLAUDE"),
                StartTimeout = TimeSpan.FromSeconds(30),
            };
            return new SidecarLauncher(HostPlatform.Current()).EnsureRunningAsync(request).GetAwaiter().GetResult();
        }

        private SidecarEndpoint ReadEndpoint()
        {
            return SidecarDescriptor.TryRead(DescriptorLocation.For(Project, HostPlatform.Current()).DescriptorFile)?.Endpoint;
        }

        private (SidecarConnection, ChatStore) Connect(Func<SidecarEndpoint> endpoint = null, Func<IWebSocketChannel> channels = null)
        {
            var options = new ConnectionOptions { BackoffInitial = TimeSpan.FromMilliseconds(100), BackoffMax = TimeSpan.FromSeconds(1) };
            var connection = new SidecarConnection(endpoint ?? ReadEndpoint, options, channels);
            connections.Add(connection);
            var store = new ChatStore(connection);
            connection.Start();
            Pump.Until(connection.Inbox, () => store.Server != null, "welcome from the real sidecar", 15000);
            return (connection, store);
        }

        private static T Await<T>(SidecarConnection connection, Task<T> task, int timeoutMs = 30000)
        {
            Pump.Until(connection.Inbox, () => task.IsCompleted, "command answered", timeoutMs);
            return task.GetAwaiter().GetResult();
        }

        private static void WaitTurnEnd(SidecarConnection connection, ChatModel chat, string turnId)
        {
            Pump.Until(connection.Inbox, () => chat.Cards.OfType<TurnResultCard>().Any(r => r.TurnId == turnId), "turn " + turnId + " finished", 60000);
        }

        [Test]
        public void StreamsAnAnswerAndTakesAPermissionAnswer()
        {
            Launch();
            var (connection, store) = Connect();
            var chat = Await(connection, store.OpenAsync());
            var turn = Await(connection, store.SendAsync(chat.ChatId, StreamPrompt));
            WaitTurnEnd(connection, chat, turn);
            var answer = chat.Cards.OfType<AssistantTextCard>().Last();
            Assert.That(answer.Final, Is.True);
            Assert.That(answer.Text, Is.Not.Empty);
            Assert.That(answer.Blocks, Is.Not.Null.And.Not.Empty, "the sidecar rendered the markdown for Unity");

            var second = Await(connection, store.SendAsync(chat.ChatId, PermissionPrompt));
            Pump.Until(connection.Inbox, () => chat.PendingPermissions().Count == 1, "a permission card", 60000);
            var card = chat.PendingPermissions()[0];
            Await(connection, store.AllowAsync(chat.ChatId, card.RequestId).ContinueWith(t => t.Exception == null));
            WaitTurnEnd(connection, chat, second);
            Assert.That(card.Outcome, Is.EqualTo("allowed"));
            var late = store.DenyAsync(chat.ChatId, card.RequestId, "too late");
            Pump.Until(connection.Inbox, () => late.IsCompleted, "second answer refused");
            Assert.That(((SidecarCommandException)late.Exception.GetBaseException()).Code, Is.EqualTo("already_answered"));
        }

        [Test]
        public void ASocketDroppedMidTurnCatchesUpToTheSameCardsAsAnUninterruptedClient()
        {
            Launch();
            var channels = new List<IWebSocketChannel>();
            var (dropping, store) = Connect(channels: () =>
            {
                var channel = new ClientWebSocketChannel();
                lock (channels) channels.Add(channel);
                return channel;
            });
            var chat = Await(dropping, store.OpenAsync());
            var (steady, steadyStore) = Connect();
            var steadyChat = steadyStore.Follow(chat.ChatId);
            var turn = Await(dropping, store.SendAsync(chat.ChatId, SlowPrompt));
            Pump.Until(dropping.Inbox, () => chat.Cards.OfType<AssistantTextCard>().Any(c => c.Text.Length > 0), "streaming started", 60000);
            lock (channels) channels.Last().Abort();
            Pump.Until(dropping.Inbox, () => channels.Count >= 2 && dropping.Status.State == ConnectionState.Connected, "reconnected", 15000);
            WaitTurnEnd(dropping, chat, turn);
            // Both clients keep receiving (the state event after the result, chat lists): pump both
            // until they agree, or the comparison could race with the last few frames.
            Pump.Until(steady.Inbox, () =>
            {
                dropping.Inbox.Drain();
                return steadyChat.LastSeq == chat.LastSeq && chat.Status.State == "ready";
            }, "the steady client saw the same events", 30000);
            SnapshotEqualityTests.AssertSameState(steadyChat, chat, "dropped vs uninterrupted");
        }

        [Test]
        public void ADomainReloadWithAPendingPermissionRestoresTheCardAtOnceAndTheTurnFinishesAfterTheAnswer()
        {
            Launch();
            var (before, store) = Connect();
            var chat = Await(before, store.OpenAsync());
            var turn = Await(before, store.SendAsync(chat.ChatId, PermissionPrompt));
            Pump.Until(before.Inbox, () => chat.PendingPermissions().Count == 1, "a permission card", 60000);
            var requestId = chat.PendingPermissions()[0].RequestId;

            // What AgentPanelSession does before an assembly reload: drain, save to SessionState, tear the real socket down at once.
            before.Inbox.Drain();
            var saved = ChatMemory.Save(store.Chats);
            before.Shutdown();
            // Within Shutdown's grace on .NET; on Mono the first cancelled ClientWebSocket receive in a process runs ~90 ms
            // of first-time code (measured on Mono 6.8; several times that in wall time on a busy machine), so the loop may
            // end a little after Shutdown returns. ReloadTeardownTests times the teardown itself.
            var ended = Stopwatch.StartNew();
            while (before.Running && ended.ElapsedMilliseconds < 5000) Thread.Sleep(5);
            Assert.That(before.Running, Is.False, "nothing of the old connection runs on when the domain unloads");

            // After the reload: a new connection and store, the chats restored before any network traffic.
            var restored = ChatMemory.Restore(saved).Single();
            Assert.That(restored.PendingPermissions().Select(p => p.RequestId), Is.EqualTo(new[] { requestId }), "the card is open again at once");
            Assert.That(restored.LastSeq, Is.EqualTo(chat.LastSeq));
            var (after, afterStore) = Connect();
            var again = afterStore.Follow(restored.ChatId, restored);
            Assert.That(again, Is.SameAs(restored));
            Await(after, afterStore.AllowAsync(again.ChatId, requestId).ContinueWith(t => t.Exception == null));
            WaitTurnEnd(after, again, turn);
            // The settled request folds into its tool's card (no second card below it).
            Assert.That(again.Cards.OfType<PermissionCard>(), Is.Empty, "the answered request is not a card of its own");
            var tool = again.Cards.OfType<ToolCard>().Single(t => t.Permission != null);
            Assert.That(tool.Permission.RequestId, Is.EqualTo(requestId));
            Assert.That(tool.Permission.Outcome, Is.EqualTo("allowed"));
            Assert.That(again.Cards.OfType<UserMessageCard>().Count(), Is.EqualTo(1), "nothing was duplicated by the replay");

            // A client that never went away ends with the same cards.
            var (steady, steadyStore) = Connect();
            var steadyChat = steadyStore.Follow(chat.ChatId);
            Pump.Until(steady.Inbox, () =>
            {
                after.Inbox.Drain();
                return steadyChat.LastSeq == again.LastSeq && again.Status.State == "ready";
            }, "the fresh client saw the same events", 30000);
            SnapshotEqualityTests.AssertSameState(steadyChat, again, "reloaded vs fresh");
        }

        [Test]
        public void AWrongTokenIsRefused()
        {
            var real = Launch();
            var connection = new SidecarConnection(() => new SidecarEndpoint(real.Port, "wrong-token-wrong-token-wrong-token-wrong-t", real.Pid));
            connections.Add(connection);
            connection.Start();
            Pump.Until(connection.Inbox, () => connection.Status.Error?.Code == ErrorCodes.AuthRefused, "auth refused", 15000);
        }

        [Test]
        public void AKilledSidecarIsReportedAndANewOneIsPickedUp()
        {
            var first = Launch();
            var (connection, store) = Connect();
            KillSidecar();
            Pump.Until(connection.Inbox, () => connection.Status.State == ConnectionState.WaitingToRetry && connection.Status.Error != null, "the loss reported", 15000);
            var second = Launch();
            Assert.That(second.Pid, Is.Not.EqualTo(first.Pid));
            connection.ReconnectNow();
            Pump.Until(connection.Inbox, () => store.Server != null && store.Server.SidecarPid == second.Pid, "connected to the new sidecar", 15000);
        }

        private void KillSidecar()
        {
            var endpoint = ReadEndpoint();
            if (endpoint == null) return;
            try
            {
                using (var process = Process.GetProcessById(endpoint.Pid))
                {
                    process.Kill();
                    process.WaitForExit(5000);
                }
            }
            catch (ArgumentException)
            {
                // already gone
            }
            catch (InvalidOperationException)
            {
                // already gone
            }
        }
    }
}
