using System;
using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>Reconnects: backoff, replay after the last seq, snapshots, heartbeats, refused tokens, a replaced sidecar.</summary>
    public class SidecarReconnectTests : ConnectionFixture
    {
        [Test]
        public void ReconnectsAfterADropAndResubscribesAfterTheLastSeqForAnExactReplay()
        {
            Connect();
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            for (var i = 0; i < 3; i++) sidecar.Emit("c1", Ev.Notice("n" + i));
            Pump.Until(connection.Inbox, () => events.Count == 3, "three events");
            sidecar.Refuse = true;
            sidecar.BreakAll();
            sidecar.Emit("c1", Ev.Notice("missed-1"));
            sidecar.Emit("c1", Ev.Notice("missed-2"));
            sidecar.Refuse = false;
            WaitConnected(2);
            Pump.Until(connection.Inbox, () => events.Count == 5, "the missed events replayed");
            var resubscribe = sidecar.CommandsNamed("subscribe").Last();
            Assert.That((long)resubscribe["afterSeq"], Is.EqualTo(3));
            Assert.That(events.Select(e => ((NoticeEvent)e.Event).Code), Is.EqualTo(new[] { "n0", "n1", "n2", "missed-1", "missed-2" }));
            Assert.That(snapshots.Select(s => s.Seq), Is.EqualTo(new long[] { 0 }), "only the first subscribe (from scratch) got a snapshot");
            Assert.That(statuses.Any(s => s.State == ConnectionState.WaitingToRetry && s.Error.Code == ErrorCodes.ConnectionLost), Is.True);
        }

        [Test]
        public void WhenTheReplayBufferNoLongerHoldsTheMissedEventsASnapshotReplacesTheState()
        {
            Connect();
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            sidecar.Emit("c1", Ev.Notice("a"));
            Pump.Until(connection.Inbox, () => events.Count == 1, "one event");
            sidecar.Refuse = true;
            sidecar.BreakAll();
            sidecar.Emit("c1", Ev.Notice("b"));
            sidecar.Emit("c1", Ev.Notice("c"));
            sidecar.ReplayFrom = 3;
            sidecar.Refuse = false;
            WaitConnected(2);
            Pump.Until(connection.Inbox, () => snapshots.Count == 2, "snapshot after the reconnect");
            Assert.That(snapshots[1].Seq, Is.EqualTo(3));
            Assert.That(snapshots[1].Events, Has.Count.EqualTo(3));
            Assert.That(connection.LastSeq("c1"), Is.EqualTo(3));
            sidecar.Emit("c1", Ev.Notice("d"));
            Pump.Until(connection.Inbox, () => events.Count == 2, "live after the snapshot");
            Assert.That(events.Last().Seq, Is.EqualTo(4));
        }

        [Test]
        public void BacksOffWhileNothingAnswersAndExplainsWhy()
        {
            sidecar.Refuse = true;
            Connect();
            Pump.Until(connection.Inbox, () => statuses.Count(s => s.State == ConnectionState.WaitingToRetry) >= 4, "four failed attempts");
            var waits = statuses.Where(s => s.State == ConnectionState.WaitingToRetry).Take(4).ToList();
            Assert.That(waits.Select(s => s.RetryIn.Value.TotalMilliseconds), Is.EqualTo(new double[] { 20, 40, 80, 80 }));
            Assert.That(waits[0].Error.Code, Is.EqualTo(ErrorCodes.Unreachable));
            Assert.That(waits[0].Error.Message, Does.Contain("Start it again"));
            sidecar.Refuse = false;
            WaitConnected();
        }

        [Test]
        public void AWrongTokenIsReportedAsRefusedAndNeverSent()
        {
            Connect(() => new SidecarEndpoint(sidecar.Port, "stale-token", 4242), new FixedProbe(HealthVerdict.Unauthorized));
            Pump.Until(connection.Inbox, () => statuses.Any(s => s.Error?.Code == ErrorCodes.AuthRefused), "auth refused");
            Assert.That(statuses.Last(s => s.Error != null).Error.Message, Does.Contain("cannot prove it holds our token"));
            Assert.That(statuses.Last(s => s.Error != null).Error.Message, Does.Not.Contain("stale-token"));
        }

        [Test]
        public void WithoutADescriptorItWaitsAndConnectsOnceOneAppears()
        {
            SidecarEndpoint endpoint = null;
            Connect(() => endpoint);
            Pump.Until(connection.Inbox, () => statuses.Any(s => s.Error?.Code == ErrorCodes.NoDescriptor), "no descriptor");
            endpoint = sidecar.Endpoint;
            connection.ReconnectNow();
            WaitConnected();
        }

        [Test]
        public void ASilentSidecarIsPingedThenDroppedAndReplaced()
        {
            Connect();
            WaitConnected();
            // Only this connection hangs: the reconnect (20 ms later) must be answered however late this thread looks.
            sidecar.HangOpenConnections();
            Pump.Until(connection.Inbox, () => statuses.Any(s => s.Error?.Code == ErrorCodes.HeartbeatTimeout), "heartbeat timeout", 3000);
            Assert.That(sidecar.CommandsNamed("chats.list"), Is.Not.Empty, "it pinged before giving up");
            WaitConnected(2);
        }

        [Test]
        public void ASlowConsumerCloseReconnectsAtOnce()
        {
            Connect();
            WaitConnected();
            sidecar.CloseAll(4008, "client too slow");
            WaitConnected(2);
            var wait = statuses.First(s => s.State == ConnectionState.WaitingToRetry);
            Assert.That(wait.RetryIn, Is.EqualTo(TimeSpan.Zero));
        }

        [Test]
        public void ANewSidecarProcessEndsTheOldSubscriptions()
        {
            var lost = new List<string>();
            Connect().SubscriptionLost += (chatId, _) => lost.Add(chatId);
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            sidecar.Pid = 5151;
            sidecar.BreakAll();
            WaitConnected(2);
            Pump.Until(connection.Inbox, () => lost.Count == 1, "subscription lost");
            Assert.That(lost, Is.EqualTo(new[] { "c1" }));
            Assert.That(connection.Subscriptions(), Is.Empty);
        }

        [Test]
        public void AChatThatIsGoneAfterAReconnectIsReportedLost()
        {
            var lost = new List<AgentPanelException>();
            sidecar.AddChat("c2");
            Connect().SubscriptionLost += (_, why) => lost.Add(why);
            WaitConnected();
            Await(connection.SubscribeAsync("c1"));
            Await(connection.SubscribeAsync("c2"));
            var missing = connection.SubscribeAsync("nope");
            Pump.Until(connection.Inbox, () => missing.IsCompleted, "refused subscribe");
            Assert.That(((SidecarCommandException)missing.Exception.GetBaseException()).Code, Is.EqualTo("chat_not_found"));
            sidecar.Refuse = true;
            sidecar.BreakAll();
            sidecar.RemoveChat("c2");
            sidecar.Refuse = false;
            WaitConnected(2);
            Pump.Until(connection.Inbox, () => lost.Count == 1, "lost chat");
            Assert.That(lost[0].Code, Is.EqualTo("chat_not_found"));
            Assert.That(connection.Subscriptions().Select(s => s.Key), Is.EqualTo(new[] { "c1" }), "a refused first subscribe is not retried either");
        }
    }
}
