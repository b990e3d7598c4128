using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Integration
{
    /// <summary>
    /// The C# tool host as the real sidecar's Unity provider: the discovered sample tools are published over the panel
    /// WebSocket and answer calls made through the sidecar's invoker (REST, the same path MCP takes), including a call made
    /// while the provider was disconnected (a simulated domain reload). Runs only when AGENT_PANEL_SIDECAR is set.
    /// </summary>
    [Category("Integration")]
    [NonParallelizable]
    public class ToolProviderIntegrationTests
    {
        private ProjectSandbox sandbox;
        private string root => sandbox?.Root;
        private readonly List<(SidecarConnection, ToolProviderClient)> providers = new List<(SidecarConnection, ToolProviderClient)>();

        [SetUp]
        public void SetUp()
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR"))) Assert.Ignore("Set AGENT_PANEL_SIDECAR to the sidecar bundle to run the integration tests.");
            sandbox = new ProjectSandbox("ap-tools-");
        }

        [TearDown]
        public void TearDown()
        {
            if (root == null) return;
            foreach (var (connection, client) in providers)
            {
                client.Dispose();
                connection.Shutdown();
            }
            var endpoint = ReadEndpoint();
            if (endpoint != null)
            {
                try
                {
                    using (var p = Process.GetProcessById(endpoint.Pid)) p.Kill();
                }
                catch (Exception)
                {
                    // already gone
                }
            }
            sandbox.Dispose();
            sandbox = null;
        }

        private string Project => sandbox.Project;

        private SidecarEndpoint ReadEndpoint() => SidecarDescriptor.TryRead(DescriptorLocation.For(Project, HostPlatform.Current()).DescriptorFile)?.Endpoint;

        private void Launch()
        {
            var request = new LaunchRequest
            {
                ProjectRoot = Project,
                ParentPid = Process.GetCurrentProcess().Id,
                SidecarScript = Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR"),
                LogFile = Path.Combine(root, "sidecar.log"),
                NodePath = Environment.GetEnvironmentVariable("AGENT_PANEL_NODE"),
                ClaudePath = Environment.GetEnvironmentVariable("AGENT_PANEL_CLAUDE"),
                StartTimeout = TimeSpan.FromSeconds(30),
            };
            new SidecarLauncher(HostPlatform.Current()).EnsureRunningAsync(request).GetAwaiter().GetResult();
        }

        private (SidecarConnection, ToolProviderClient) Provide(string journalFile)
        {
            var options = new ConnectionOptions { BackoffInitial = TimeSpan.FromMilliseconds(100), BackoffMax = TimeSpan.FromSeconds(1), Provides = new List<string> { "tools" }, ProviderId = "integration-editor" };
            var connection = new SidecarConnection(ReadEndpoint, options);
            var host = new ToolHost(Tools.ToolDiscoveryTests.Samples(), new InlineToolThreads());
            var client = new ToolProviderClient(connection, new ToolHostExecutor(() => host), new ToolJournal(new FileJournalStore(journalFile)));
            var published = 0;
            client.Published += n => published = n;
            providers.Add((connection, client));
            connection.Start();
            Pump.Until(connection.Inbox, () => published > 0, "the catalog published to the real sidecar", 15000);
            Assert.That(published, Is.EqualTo(host.Discovery.Tools.Count));
            return (connection, client);
        }

        private Task<JObject> Post(string tool, string args)
        {
            var endpoint = ReadEndpoint();
            var http = new HttpClient { Timeout = TimeSpan.FromSeconds(60) };
            var request = new HttpRequestMessage(HttpMethod.Post, $"http://127.0.0.1:{endpoint.Port}/tools/{tool}") { Content = new StringContent(args, Encoding.UTF8, "application/json") };
            request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", endpoint.Token);
            return http.SendAsync(request).ContinueWith(t => JObject.Parse(t.Result.Content.ReadAsStringAsync().GetAwaiter().GetResult())).ContinueWith(t =>
            {
                http.Dispose();
                return t.Result;
            });
        }

        [Test]
        public void PublishedToolsAnswerCallsThroughTheSidecarEvenOneMadeWhileUnityWasAway()
        {
            Launch();
            var journal = Path.Combine(root, "journal.json");
            var (first, firstClient) = Provide(journal);

            var add = Post("add_numbers", "{\"a\":2,\"b\":3}");
            Pump.Until(first.Inbox, () => add.IsCompleted, "add_numbers answered", 30000);
            Assert.That((bool)add.Result["ok"], Is.True, add.Result.ToString());
            Assert.That((string)add.Result["content"][0]["text"], Is.EqualTo("5"));

            var bad = Post("add_numbers", "{\"a\":\"two\"}");
            Pump.Until(first.Inbox, () => bad.IsCompleted, "invalid call answered", 30000);
            Assert.That((string)bad.Result["error"]["code"], Is.EqualTo("invalid_params"));

            // A domain reload: the provider's connection goes away; a call made now waits for the next one.
            firstClient.Dispose();
            first.Shutdown();
            var waiting = Post("spawn_cube", "{\"x\":1,\"y\":2}");
            Pump.For(first.Inbox, 500);
            Assert.That(waiting.IsCompleted, Is.False, "the call waits while Unity is away");
            var (second, _) = Provide(journal);
            Pump.Until(second.Inbox, () => waiting.IsCompleted, "the waiting call ran after the reconnect", 30000);
            Assert.That((bool)waiting.Result["ok"], Is.True, waiting.Result.ToString());
            Assert.That((string)waiting.Result["structured"]["message"], Is.EqualTo("Spawned Cube at (1, 2)"));
        }
    }
}
