using System;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>
    /// The real /health probe against loopback servers that record what they receive: it never sends the token, and only
    /// an answer carrying the proof for its nonce and the dialled port counts (the token-replay-to-a-squatter finding).
    /// </summary>
    [NonParallelizable]
    public class SidecarProbeTests
    {
        private const string Token = "probe-secret-token-0123456789abcdefghijklmno";

        [Test]
        public void ASquatterClaimingTheDescriptorsPidNeitherPassesNorSeesTheToken()
        {
            using (var squatter = new RecordingServer(_ => "{\"version\":\"1.0.0\",\"pid\":4242}"))
            {
                var verdict = Probe(squatter.Port);
                Assert.That(verdict, Is.EqualTo(HealthVerdict.Unauthorized));
                var seen = squatter.Received();
                Assert.That(seen, Does.StartWith("GET /health?nonce="));
                Assert.That(seen, Does.Not.Contain(Token));
                Assert.That(seen.ToLowerInvariant(), Does.Not.Contain("authorization"));
            }
        }

        [Test]
        public void ASquatterAskingForTheTokenIsUnauthorizedAndStillNeverGetsIt()
        {
            using (var squatter = new RecordingServer(_ => null))
            {
                Assert.That(Probe(squatter.Port), Is.EqualTo(HealthVerdict.Unauthorized));
                Assert.That(squatter.Received(), Does.Not.Contain(Token));
            }
        }

        [Test]
        public void AServerThatProvesTheTokenForItsPortIsHealthy()
        {
            RecordingServer server = null;
            using (server = new RecordingServer(nonce => "{\"pid\":4242,\"proof\":\"" + ChallengeProof.HealthProof(Token, server.Port, nonce) + "\"}"))
            {
                Assert.That(Probe(server.Port), Is.EqualTo(HealthVerdict.Healthy));
                Assert.That(server.Received(), Does.Not.Contain(Token));
            }
        }

        [Test]
        public void AProofForAnotherPortDoesNotCount()
        {
            RecordingServer server = null;
            using (server = new RecordingServer(nonce => "{\"pid\":4242,\"proof\":\"" + ChallengeProof.HealthProof(Token, server.Port + 1, nonce) + "\"}"))
            {
                Assert.That(Probe(server.Port), Is.EqualTo(HealthVerdict.Unauthorized));
            }
        }

        private static HealthVerdict Probe(int port)
        {
            var probe = new HttpSidecarProbe(TimeSpan.FromSeconds(5));
            var task = probe.ProbeAsync(new SidecarEndpoint(port, Token, 4242), CancellationToken.None);
            Assert.That(task.Wait(10000), Is.True, "the probe ended within 10 s");
            return task.Result;
        }

        /// <summary>One-request HTTP server on 127.0.0.1: records the request; answers 200 with the body, or 401 when the body is null.</summary>
        private sealed class RecordingServer : IDisposable
        {
            private readonly TcpListener listener = new TcpListener(IPAddress.Loopback, 0);
            private readonly StringBuilder received = new StringBuilder();
            private readonly Task serving;

            public RecordingServer(Func<string, string> answer)
            {
                listener.Start();
                Port = ((IPEndPoint)listener.LocalEndpoint).Port;
                serving = Task.Run(() => Serve(answer));
            }

            public int Port { get; }

            public string Received()
            {
                serving.Wait(5000);
                lock (received) return received.ToString();
            }

            public void Dispose()
            {
                listener.Stop();
            }

            private void Serve(Func<string, string> answer)
            {
                try
                {
                    using (var client = listener.AcceptTcpClient())
                    using (var stream = client.GetStream())
                    {
                        var buffer = new byte[8192];
                        var text = "";
                        while (!text.Contains("\r\n\r\n"))
                        {
                            var n = stream.Read(buffer, 0, buffer.Length);
                            if (n == 0) return;
                            text += Encoding.UTF8.GetString(buffer, 0, n);
                        }
                        lock (received) received.Append(text);
                        var nonce = Regex.Match(text, "nonce=([A-Za-z0-9_-]+)").Groups[1].Value;
                        var body = answer(nonce);
                        var status = body == null ? "401 Unauthorized" : "200 OK";
                        body = body ?? "{\"error\":\"missing token\"}";
                        var bytes = Encoding.UTF8.GetBytes(body);
                        var head = Encoding.ASCII.GetBytes("HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.Length + "\r\nConnection: close\r\n\r\n");
                        stream.Write(head, 0, head.Length);
                        stream.Write(bytes, 0, bytes.Length);
                    }
                }
                catch (Exception e) when (e is SocketException || e is ObjectDisposedException || e is System.IO.IOException || e is InvalidOperationException)
                {
                }
            }
        }
    }
}
