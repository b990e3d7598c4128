using System;
using System.Linq;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>Reconnect delays and dead-socket detection, without sockets or clocks.</summary>
    public class BackoffAndHeartbeatTests
    {
        [Test]
        public void BackoffDoublesUpToTheMaximumAndStartsOverAfterReset()
        {
            var backoff = new Backoff(TimeSpan.FromMilliseconds(250), TimeSpan.FromSeconds(10), 2.0, 0.0);
            var delays = Enumerable.Range(0, 9).Select(_ => backoff.Next().TotalMilliseconds).ToArray();
            Assert.That(delays, Is.EqualTo(new double[] { 250, 500, 1000, 2000, 4000, 8000, 10000, 10000, 10000 }));
            Assert.That(backoff.Attempt, Is.EqualTo(9));
            backoff.Reset();
            Assert.That(backoff.Next().TotalMilliseconds, Is.EqualTo(250));
        }

        [Test]
        public void JitterSpreadsDelaysWithinItsFractionAndNeverPastTheMaximum()
        {
            var low = new Backoff(TimeSpan.FromMilliseconds(1000), TimeSpan.FromSeconds(10), 2.0, 0.2, () => 0.0);
            var high = new Backoff(TimeSpan.FromMilliseconds(1000), TimeSpan.FromSeconds(10), 2.0, 0.2, () => 0.999999);
            Assert.That(low.Next().TotalMilliseconds, Is.EqualTo(800).Within(0.01));
            Assert.That(high.Next().TotalMilliseconds, Is.EqualTo(1200).Within(0.01));
            for (var i = 0; i < 10; i++) Assert.That(high.Next(), Is.LessThanOrEqualTo(TimeSpan.FromSeconds(10)));
        }

        [Test]
        public void BackoffRejectsNonsense()
        {
            Assert.Throws<ArgumentException>(() => new Backoff(TimeSpan.Zero, TimeSpan.FromSeconds(1)));
            Assert.Throws<ArgumentException>(() => new Backoff(TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(1)));
            Assert.Throws<ArgumentException>(() => new Backoff(TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(2), 0.5));
        }

        [Test]
        public void HeartbeatPingsOncePerIdlePeriodAndDeclaresDeathAfterLongSilence()
        {
            var beat = new Heartbeat(10_000, 25_000, 0);
            Assert.That(beat.Check(9_999), Is.EqualTo(HeartbeatAction.None));
            Assert.That(beat.Check(10_000), Is.EqualTo(HeartbeatAction.SendPing));
            Assert.That(beat.Check(12_000), Is.EqualTo(HeartbeatAction.None), "one ping per idle period");
            Assert.That(beat.Check(20_000), Is.EqualTo(HeartbeatAction.SendPing));
            Assert.That(beat.Check(25_000), Is.EqualTo(HeartbeatAction.Dead));
        }

        [Test]
        public void AnyFrameKeepsTheHeartbeatHappy()
        {
            var beat = new Heartbeat(10_000, 25_000, 0);
            Assert.That(beat.Check(10_000), Is.EqualTo(HeartbeatAction.SendPing));
            beat.Seen(11_000);
            Assert.That(beat.Check(20_000), Is.EqualTo(HeartbeatAction.None));
            Assert.That(beat.Check(21_000), Is.EqualTo(HeartbeatAction.SendPing), "a new idle period after the answer");
            Assert.That(beat.Check(30_999), Is.EqualTo(HeartbeatAction.None));
            Assert.That(beat.Check(31_000), Is.EqualTo(HeartbeatAction.SendPing), "and again one idle period later");
            Assert.That(beat.Check(35_999), Is.EqualTo(HeartbeatAction.None));
            Assert.That(beat.Check(36_000), Is.EqualTo(HeartbeatAction.Dead));
        }

        [Test]
        public void TheQueueRunsPostedWorkInOrderOnTheDrainingThreadAndSurvivesFailures()
        {
            var queue = new MainThreadQueue();
            var ran = new System.Collections.Generic.List<int>();
            var failures = 0;
            queue.Failed += _ => failures++;
            queue.Post(() => ran.Add(1));
            queue.Post(() => throw new InvalidOperationException("boom"));
            queue.Post(() => ran.Add(3));
            Assert.That(queue.Drain(2), Is.EqualTo(2));
            Assert.That(ran, Is.EqualTo(new[] { 1 }));
            Assert.That(queue.Drain(), Is.EqualTo(1));
            Assert.That(ran, Is.EqualTo(new[] { 1, 3 }));
            Assert.That(failures, Is.EqualTo(1));
        }
    }
}
