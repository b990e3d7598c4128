using System;
using System.Net.WebSockets;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>
    /// The real ClientWebSocket channel against a loopback `ws` server (the sidecar's WebSocket library): the challenge that
    /// proves the token without sending it, whole frames, close codes, binary frames, and ending a pending receive. Runs on
    /// .NET and on Mono (the Editor's runtime).
    /// </summary>
    [NonParallelizable]
    public class ClientWebSocketChannelTests
    {
        private WsTestServer server;

        [OneTimeSetUp]
        public void StartServer()
        {
            server = WsTestServer.Start();
        }

        [OneTimeTearDown]
        public void StopServer()
        {
            server?.Dispose();
        }

        [Test]
        public void ProofsMatchTheSidecarsForTheSameInputs()
        {
            // The same vector as sidecar/test/bridge/ws-challenge.test.ts: both sides must compute identical HMACs.
            Assert.That(ChallengeProof.ServerProof("tok-é", 27200, "clientNonce0123456789AB", "serverNonce"), Is.EqualTo("Vo1J3PPxzA6_OhhyYALhVDVBKcx1an_BxsfmxE72smM"));
            Assert.That(ChallengeProof.ClientProof("tok-é", 27200, "clientNonce0123456789AB", "serverNonce"), Is.EqualTo("OUoLBHlKNBBM_xWndSH-cmcXfCJo1-LubyRD9nt4y7s"));
            Assert.That(ChallengeProof.HealthProof("tok-é", 27200, "clientNonce0123456789AB"), Is.EqualTo("iNFytlZpZuVWAv-btR1Oyas4ZeBR8uttQGynIh9xpC4"));
        }

        [Test]
        public void SendsNothingToAServerThatCannotProveItHoldsTheToken()
        {
            using (var channel = new ClientWebSocketChannel())
            {
                var connect = channel.ConnectAsync(server.Url("/squatter"), "secret-token", CancellationToken.None);
                Assert.That(Task.WaitAny(new Task[] { connect }, 5000), Is.EqualTo(0), "connect ended within 5 s");
                Assert.That(() => connect.GetAwaiter().GetResult(), Throws.InstanceOf<WebSocketException>().With.Message.Contains("could not prove"));
            }
            var seen = server.NextEnded();
            Assert.That((string)seen["path"], Is.EqualTo("/squatter"));
            Assert.That((int)seen["messages"], Is.EqualTo(0), "not even a proof reached the squatter");
            Assert.That((bool)seen["proofOk"], Is.False);
            Assert.That(seen["auth"].Type, Is.EqualTo(Newtonsoft.Json.Linq.JTokenType.Null));
            Assert.That((string)seen["offered"], Does.Not.Contain("secret-token"));
        }

        [Test]
        public void ProvesTheTokenWithoutSendingItAndExchangesWholeTextFrames()
        {
            using (var channel = new ClientWebSocketChannel())
            {
                Complete(channel.ConnectAsync(server.Url("/echo"), "secret-token", CancellationToken.None), "connect");
                Complete(channel.SendAsync("{\"id\":\"1\",\"text\":\"héllo ✓\"}", CancellationToken.None), "send");
                var answer = Complete(channel.ReceiveAsync(CancellationToken.None), "the echo");
                // Two fragments, split inside the two UTF-8 bytes of "é", larger than the channel's 16 kB read buffer.
                Assert.That(answer, Is.EqualTo("{\"echo\":{\"id\":\"1\",\"text\":\"héllo ✓\"},\"big\":\"" + new string('x', 100_000) + "é\"}"));
                Complete(channel.CloseAsync(1000, "done", CancellationToken.None), "close");
                Assert.That(Complete(channel.ReceiveAsync(CancellationToken.None), "the close reply"), Is.Null, "the close handshake ends the stream");
                Assert.That(channel.CloseCode, Is.EqualTo(1000));
            }
            var seen = server.NextEnded();
            Assert.That((string)seen["path"], Is.EqualTo("/echo"));
            Assert.That(seen["auth"].Type, Is.EqualTo(Newtonsoft.Json.Linq.JTokenType.Null), "no Authorization header");
            Assert.That((string)seen["offered"], Does.StartWith("agent-panel.v1, agent-panel.challenge."));
            Assert.That((string)seen["offered"], Does.Not.Contain("secret-token"));
            Assert.That((bool)seen["proofOk"], Is.True);
            Assert.That((int)seen["code"], Is.EqualTo(1000));
            Assert.That((string)seen["reason"], Is.EqualTo("done"));
        }

        [Test]
        public void TheServersCloseCodeAndReasonEndTheStream()
        {
            using (var channel = new ClientWebSocketChannel())
            {
                Complete(channel.ConnectAsync(server.Url("/close"), "secret-token", CancellationToken.None), "connect");
                Complete(channel.SendAsync("{}", CancellationToken.None), "send");
                Assert.That(Complete(channel.ReceiveAsync(CancellationToken.None), "the close"), Is.Null);
                // SidecarConnection reconnects at once on 4008 (slow consumer) and reports the reason otherwise.
                Assert.That(channel.CloseCode, Is.EqualTo(4008));
                Assert.That(channel.CloseReason, Is.EqualTo("slow consumer"));
            }
            Assert.That((int)server.NextEnded()["code"], Is.Not.EqualTo(0));
        }

        [Test]
        public void ABinaryFrameIsRefused()
        {
            using (var channel = new ClientWebSocketChannel())
            {
                Complete(channel.ConnectAsync(server.Url("/binary"), "secret-token", CancellationToken.None), "connect");
                Complete(channel.SendAsync("{}", CancellationToken.None), "send");
                var receive = channel.ReceiveAsync(CancellationToken.None);
                Assert.That(Task.WaitAny(new Task[] { receive }, 5000), Is.EqualTo(0), "the receive ended within 5 s");
                Assert.That(() => receive.GetAwaiter().GetResult(), Throws.InstanceOf<WebSocketException>().With.Message.Contains("binary"));
            }
            server.NextEnded();
        }

        [Test]
        public void AbortEndsAPendingReceive()
        {
            using (var channel = new ClientWebSocketChannel())
            {
                Complete(channel.ConnectAsync(server.Url("/silent"), "secret-token", CancellationToken.None), "connect");
                Complete(channel.SendAsync("{}", CancellationToken.None), "send");
                var receive = channel.ReceiveAsync(CancellationToken.None);
                Assert.That(Task.WaitAny(new Task[] { receive }, 200), Is.EqualTo(-1), "nothing arrives from a silent server");
                // The heartbeat aborts a dead connection; the receive loop must then end, not hang.
                channel.Abort();
                AssertEndsWithoutAMessage(receive);
            }
            server.NextEnded();
        }

        [Test]
        public void CancellingEndsAPendingReceive()
        {
            using (var channel = new ClientWebSocketChannel())
            using (var stop = new CancellationTokenSource())
            {
                Complete(channel.ConnectAsync(server.Url("/silent"), "secret-token", CancellationToken.None), "connect");
                Complete(channel.SendAsync("{}", CancellationToken.None), "send");
                var receive = channel.ReceiveAsync(stop.Token);
                Assert.That(Task.WaitAny(new Task[] { receive }, 200), Is.EqualTo(-1), "nothing arrives from a silent server");
                // SidecarConnection.Close cancels the session's token.
                stop.Cancel();
                AssertEndsWithoutAMessage(receive);
            }
            server.NextEnded();
        }

        private static void AssertEndsWithoutAMessage(Task<string> receive)
        {
            Assert.That(Task.WaitAny(new Task[] { receive }, 5000), Is.EqualTo(0), "the receive ended within 5 s");
            if (receive.Status == TaskStatus.RanToCompletion) Assert.That(receive.Result, Is.Null, "no message");
            else if (receive.IsFaulted) Assert.That(receive.Exception.GetBaseException(), Is.InstanceOf<OperationCanceledException>().Or.InstanceOf<WebSocketException>().Or.InstanceOf<ObjectDisposedException>());
        }

        private static void Complete(Task task, string what)
        {
            Assert.That(task.Wait(5000), Is.True, what + " did not finish within 5 s");
        }

        private static T Complete<T>(Task<T> task, string what)
        {
            Complete((Task)task, what);
            return task.Result;
        }
    }
}
