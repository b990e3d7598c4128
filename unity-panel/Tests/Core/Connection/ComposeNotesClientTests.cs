using System;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Connection
{
    /// <summary>
    /// GET /mml/notes against a loopback HttpListener: the notes of a long compose result arrive with the Bearer token, and
    /// a gone sidecar, a 404, a bad body and a silent server each end in their own coded error, never a hang.
    /// </summary>
    [NonParallelizable]
    public class ComposeNotesClientTests
    {
        private const string Token = "notes-secret-token-0123456789";
        private const string WavPath = "Assets/Audio/Generated/boss theme.wav";

        [Test]
        public void ANoteSequenceArrivesAndTheRequestCarriesTheTokenAndThePath()
        {
            using (var server = new NotesServer(200, "{\"note_sequence\":{\"version\":2,\"channels\":{\"pulse1\":{\"events\":[{\"t\":0,\"d\":0.5,\"midi\":69}]}}}}"))
            {
                var seq = Fetch(server.Port, TimeSpan.FromSeconds(5));
                Assert.That((int)seq["version"], Is.EqualTo(2));
                Assert.That((int)seq["channels"]["pulse1"]["events"][0]["midi"], Is.EqualTo(69));
                Assert.That(server.Authorization, Is.EqualTo("Bearer " + Token));
                Assert.That(server.PathAndQuery, Does.StartWith("/mml/notes?path="));
                Assert.That(server.Path, Is.EqualTo(WavPath));
            }
        }

        [Test]
        public void A404SaysTheNotesAreGoneWithTheSidecarsAdvice()
        {
            using (var server = new NotesServer(404, "{\"error\":{\"code\":\"not_found\",\"message\":\"compose it again to see the piano roll.\"}}"))
            {
                var error = Fail(server.Port, TimeSpan.FromSeconds(5));
                Assert.That(error.Code, Is.EqualTo(ComposeNotesClient.NotFound));
                Assert.That(error.Message, Does.Contain("compose it again"));
            }
        }

        [TestCase("{\"note_sequence\":")]
        [TestCase("{\"note_sequence\":{\"events\":[]}}")]
        [TestCase("[1,2]")]
        public void ABodyThatIsNotANoteSequenceIsBadJson(string body)
        {
            using (var server = new NotesServer(200, body))
            {
                Assert.That(Fail(server.Port, TimeSpan.FromSeconds(5)).Code, Is.EqualTo(ComposeNotesClient.BadJson));
            }
        }

        [Test]
        public void ARefusedTokenIsReportedAsRefused()
        {
            using (var server = new NotesServer(401, "{\"error\":{\"code\":\"unauthorized\",\"message\":\"wrong token\"}}"))
            {
                var error = Fail(server.Port, TimeSpan.FromSeconds(5));
                Assert.That(error.Code, Is.EqualTo(ComposeNotesClient.Refused));
                Assert.That(error.Message, Does.Contain("401"));
            }
        }

        [Test]
        public void ASilentServerTimesOut()
        {
            using (var server = new NotesServer(200, "{}", delay: TimeSpan.FromSeconds(5)))
            {
                var started = DateTime.UtcNow;
                var error = Fail(server.Port, TimeSpan.FromMilliseconds(300));
                Assert.That(error.Code, Is.EqualTo(ComposeNotesClient.Timeout));
                Assert.That(DateTime.UtcNow - started, Is.LessThan(TimeSpan.FromSeconds(4)));
            }
        }

        [Test]
        public void NoSidecarOnThePortIsSidecarGone()
        {
            Assert.That(Fail(FreePort(), TimeSpan.FromSeconds(5)).Code, Is.EqualTo(ComposeNotesClient.SidecarGone));
        }

        [Test]
        public void NoEndpointIsSidecarGone()
        {
            var task = new ComposeNotesClient().FetchAsync(null, WavPath, CancellationToken.None);
            var error = Assert.Throws<AggregateException>(() => task.Wait(5000)).InnerException as AgentPanelException;
            Assert.That(error?.Code, Is.EqualTo(ComposeNotesClient.SidecarGone));
        }

        [Test]
        public void TheResultIsHandedBackOnlyWhenTheQueueIsDrained()
        {
            using (var server = new NotesServer(200, "{\"note_sequence\":{\"channels\":{}}}"))
            {
                var queue = new MainThreadQueue();
                var task = new ComposeNotesClient(TimeSpan.FromSeconds(5)).FetchThrough(queue, () => new SidecarEndpoint(server.Port, Token), WavPath);
                var deadline = DateTime.UtcNow.AddSeconds(10);
                while (queue.Count == 0 && DateTime.UtcNow < deadline) Thread.Sleep(10);
                Assert.That(task.IsCompleted, Is.False, "not completed before the drain");
                Assert.That(queue.Drain(), Is.EqualTo(1));
                Assert.That(task.IsCompleted && !task.IsFaulted, Is.True);
                Assert.That(task.Result["channels"], Is.InstanceOf<JObject>());
            }
        }

        private static JObject Fetch(int port, TimeSpan timeout)
        {
            var task = new ComposeNotesClient(timeout).FetchAsync(new SidecarEndpoint(port, Token), WavPath, CancellationToken.None);
            Assert.That(task.Wait(10000), Is.True, "the fetch ended within 10 s");
            return task.Result;
        }

        private static AgentPanelException Fail(int port, TimeSpan timeout)
        {
            var task = new ComposeNotesClient(timeout).FetchAsync(new SidecarEndpoint(port, Token), WavPath, CancellationToken.None);
            var thrown = Assert.Throws<AggregateException>(() => task.Wait(10000));
            Assert.That(thrown.InnerException, Is.InstanceOf<AgentPanelException>());
            return (AgentPanelException)thrown.InnerException;
        }

        private static int FreePort()
        {
            var probe = new TcpListener(IPAddress.Loopback, 0);
            probe.Start();
            var port = ((IPEndPoint)probe.LocalEndpoint).Port;
            probe.Stop();
            return port;
        }

        /// <summary>An HttpListener on 127.0.0.1 answering every request with one status and body (after an optional delay), recording the last request.</summary>
        private sealed class NotesServer : IDisposable
        {
            private readonly HttpListener listener = new HttpListener();
            private readonly CancellationTokenSource stop = new CancellationTokenSource();

            public NotesServer(int status, string body, TimeSpan? delay = null)
            {
                for (var attempt = 0; ; attempt++)
                {
                    Port = FreePort();
                    listener.Prefixes.Clear();
                    listener.Prefixes.Add("http://127.0.0.1:" + Port + "/");
                    try
                    {
                        listener.Start();
                        break;
                    }
                    catch (HttpListenerException) when (attempt < 5) { }
                }
                Task.Run(async () =>
                {
                    while (!stop.IsCancellationRequested)
                    {
                        HttpListenerContext context;
                        try
                        {
                            context = await listener.GetContextAsync().ConfigureAwait(false);
                        }
                        catch (Exception)
                        {
                            return;
                        }
                        Authorization = context.Request.Headers["Authorization"];
                        PathAndQuery = context.Request.Url.PathAndQuery;
                        Path = context.Request.QueryString["path"];
                        try
                        {
                            if (delay.HasValue) await Task.Delay(delay.Value, stop.Token).ConfigureAwait(false);
                            var bytes = Encoding.UTF8.GetBytes(body);
                            context.Response.StatusCode = status;
                            context.Response.ContentType = "application/json; charset=utf-8";
                            context.Response.ContentLength64 = bytes.Length;
                            context.Response.OutputStream.Write(bytes, 0, bytes.Length);
                            context.Response.Close();
                        }
                        catch (Exception)
                        {
                            context.Response.Abort();
                        }
                    }
                });
            }

            public int Port { get; private set; }
            public string Authorization { get; private set; }
            public string PathAndQuery { get; private set; }
            public string Path { get; private set; }

            public void Dispose()
            {
                stop.Cancel();
                try { listener.Close(); } catch (ObjectDisposedException) { }
            }
        }
    }
}
