using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>What beforeAssemblyReload does: Shutdown tears everything down synchronously, and nothing of ours runs afterwards.</summary>
    public class ReloadTeardownTests : ConnectionFixture
    {
        [Test]
        public void ShutdownOfAConnectedSocketEndsEverythingBeforeItReturnsWithoutAHandshake()
        {
            var options = FastOptions();
            options.CommandTimeout = TimeSpan.FromMilliseconds(300);
            sidecar.StallClose = true;
            // A first connection and teardown, untimed: the figure below is the steady cost, not the JIT's first pass.
            Connect(options: options);
            WaitConnected();
            connection.Shutdown();
            Connect(options: options);
            WaitConnected(2);
            sidecar.Silent = true;
            var waiting = connection.SendAsync(new ChatsListCommand());
            var channel = sidecar.Created.Last();
            Pump.Until(connection.Inbox, () => channel.PendingReceives == 1, "a receive in flight");

            var watch = Stopwatch.StartNew();
            connection.Shutdown();
            watch.Stop();
            // Includes waiting for a pool thread to run the cancelled loop's last steps (scheduling on a loaded machine).
            TestContext.Out.WriteLine($"reload teardown of a connected socket: {watch.Elapsed.TotalMilliseconds:0.00} ms (target <= 20 ms)");

            Assert.That(connection.Running, Is.False, "the connect/receive/heartbeat/retry loop has ended");
            Assert.That(channel.PendingReceives, Is.Zero, "no receive is pending");
            Assert.That(channel.CloseCalls, Is.Zero, "no close handshake: the replay cursor makes it unnecessary");
            Assert.That(channel.Aborted && channel.Disposed, Is.True, "the socket is aborted and disposed");
            Assert.That(((AgentPanelException)waiting.Exception.GetBaseException()).Code, Is.EqualTo(ErrorCodes.Closed), "the waiting command failed at once");
            Assert.That(connection.Status.State, Is.EqualTo(ConnectionState.Closed));
            Assert.That(watch.Elapsed, Is.LessThan(TimeSpan.FromSeconds(1)), "never waits for the peer (the old teardown waited up to 1 s for the handshake)");

            // Longer than the command timeout, the heartbeat's idle and dead times and the backoff: none of their timers fires.
            var queued = connection.Inbox.Count;
            var sent = sidecar.Commands.Count;
            Thread.Sleep(600);
            Assert.That(connection.Inbox.Count, Is.EqualTo(queued), "no timer, heartbeat or retry posted anything");
            Assert.That(sidecar.Commands.Count, Is.EqualTo(sent), "no heartbeat ping was sent");
            Assert.That(sidecar.Connections, Is.EqualTo(2), "no reconnect");
        }

        [Test]
        public void ShutdownWhileWaitingToRetryEndsTheLoopToo()
        {
            sidecar.Refuse = true;
            var options = FastOptions();
            options.BackoffInitial = options.BackoffMax = TimeSpan.FromSeconds(30);
            Connect(options: options);
            Pump.Until(connection.Inbox, () => connection.Status.State == ConnectionState.WaitingToRetry, "waiting to retry");
            connection.Shutdown();
            Assert.That(connection.Running, Is.False);
            var attempts = sidecar.Created.Count;
            Thread.Sleep(100);
            Assert.That(sidecar.Created.Count, Is.EqualTo(attempts), "no further attempt");
        }
    }
}
