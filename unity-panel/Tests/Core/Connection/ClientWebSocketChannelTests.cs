using System;
using System.Net;
using System.Net.Sockets;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>The real ClientWebSocket channel against a tiny loopback WebSocket server: the token header, whole frames, close.</summary>
    public class ClientWebSocketChannelTests
    {
        [Test]
        public void SendsTheTokenAsABearerHeaderAndExchangesWholeTextFrames()
        {
            var port = FreePort();
            var listener = new HttpListener();
            listener.Prefixes.Add("http://127.0.0.1:" + port + "/");
            try
            {
                listener.Start();
            }
            catch (HttpListenerException e)
            {
                Assert.Ignore("HttpListener is not available here: " + e.Message);
            }
            string seenAuth = null;
            var server = Task.Run(async () =>
            {
                var context = await listener.GetContextAsync();
                seenAuth = context.Request.Headers["Authorization"];
                var ws = (await context.AcceptWebSocketAsync(null)).WebSocket;
                var buffer = new byte[1 << 20];
                var received = await ws.ReceiveAsync(new ArraySegment<byte>(buffer), CancellationToken.None);
                var text = Encoding.UTF8.GetString(buffer, 0, received.Count);
                var big = new string('x', 100_000) + "é";
                var reply = Encoding.UTF8.GetBytes("{\"echo\":" + text + ",\"big\":\"" + big + "\"}");
                // Send in two fragments to prove the client joins them.
                await ws.SendAsync(new ArraySegment<byte>(reply, 0, 1000), WebSocketMessageType.Text, false, CancellationToken.None);
                await ws.SendAsync(new ArraySegment<byte>(reply, 1000, reply.Length - 1000), WebSocketMessageType.Text, true, CancellationToken.None);
                var close = await ws.ReceiveAsync(new ArraySegment<byte>(buffer), CancellationToken.None);
                await ws.CloseOutputAsync(WebSocketCloseStatus.NormalClosure, "bye", CancellationToken.None);
                return close.CloseStatus;
            });
            try
            {
                using (var channel = new ClientWebSocketChannel())
                {
                    channel.ConnectAsync(new Uri("ws://127.0.0.1:" + port + "/ws"), "secret-token", CancellationToken.None).Wait(5000);
                    channel.SendAsync("{\"id\":\"1\"}", CancellationToken.None).Wait(5000);
                    var answer = channel.ReceiveAsync(CancellationToken.None).Result;
                    Assert.That(answer, Does.StartWith("{\"echo\":{\"id\":\"1\"},\"big\":\"xxx"));
                    Assert.That(answer, Does.EndWith("é\"}"));
                    channel.CloseAsync(1000, "done", CancellationToken.None).Wait(5000);
                    Assert.That(channel.ReceiveAsync(CancellationToken.None).Result, Is.Null, "the close handshake ends the stream");
                }
                Assert.That(server.Wait(5000), Is.True);
                Assert.That(server.Result, Is.EqualTo(WebSocketCloseStatus.NormalClosure));
                Assert.That(seenAuth, Is.EqualTo("Bearer secret-token"));
            }
            finally
            {
                listener.Close();
            }
        }

        private static int FreePort()
        {
            var probe = new TcpListener(IPAddress.Loopback, 0);
            probe.Start();
            var port = ((IPEndPoint)probe.LocalEndpoint).Port;
            probe.Stop();
            return port;
        }
    }
}
