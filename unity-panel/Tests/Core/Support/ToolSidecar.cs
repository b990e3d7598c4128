using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Support
{
    /// <summary>
    /// The real sidecar (AGENT_PANEL_SIDECAR) started for a temporary project, with C# tool providers connected to it as the
    /// Editor's would be (the Core ToolHost over the sample tools, a ToolProviderClient on a SidecarConnection). Dispose
    /// disconnects the providers, kills the sidecar and deletes the project. Ignores the test when the variable is unset.
    /// </summary>
    internal sealed class ToolSidecar : IDisposable
    {
        private readonly ProjectSandbox sandbox;
        private readonly List<Provider> providers = new List<Provider>();

        private ToolSidecar(string prefix)
        {
            sandbox = new ProjectSandbox(prefix);
        }

        /// <summary>Launches the sidecar for a new temporary project.</summary>
        public static ToolSidecar Start(string prefix)
        {
            if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR"))) Assert.Ignore("Set AGENT_PANEL_SIDECAR to the sidecar bundle to run the integration tests.");
            var sidecar = new ToolSidecar(prefix);
            var request = new LaunchRequest
            {
                ProjectRoot = sidecar.sandbox.Project,
                ParentPid = Process.GetCurrentProcess().Id,
                SidecarScript = Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR"),
                LogFile = Path.Combine(sidecar.Root, "sidecar.log"),
                NodePath = Environment.GetEnvironmentVariable("AGENT_PANEL_NODE"),
                ClaudePath = Environment.GetEnvironmentVariable("AGENT_PANEL_CLAUDE"),
                StartTimeout = TimeSpan.FromSeconds(30),
            };
            new SidecarLauncher(HostPlatform.Current()).EnsureRunningAsync(request).GetAwaiter().GetResult();
            return sidecar;
        }

        /// <summary>The temporary folder (logs, journal files).</summary>
        public string Root => sandbox.Root;

        /// <summary>The running sidecar's port, token and pid, from its descriptor.</summary>
        public SidecarEndpoint Endpoint => SidecarDescriptor.TryRead(DescriptorLocation.For(sandbox.Project, HostPlatform.Current()).DescriptorFile)?.Endpoint;

        /// <summary>
        /// Connects a provider with the sample tools and waits until the sidecar accepted its catalog. The same
        /// <paramref name="journal"/> store across providers plays a domain reload (SessionState survives it).
        /// </summary>
        public Provider Provide(IJournalStore journal, string wake = null)
        {
            var options = new ConnectionOptions { BackoffInitial = TimeSpan.FromMilliseconds(100), BackoffMax = TimeSpan.FromSeconds(1), Provides = new List<string> { "tools" }, ProviderId = "integration-editor" };
            var connection = new SidecarConnection(() => Endpoint, options);
            var host = new ToolHost(Tools.ToolDiscoveryTests.Samples(), new InlineToolThreads());
            var client = new ToolProviderClient(connection, new ToolHostExecutor(() => host), new ToolJournal(journal)) { Wake = () => wake };
            var provider = new Provider(connection, client);
            client.Published += n => provider.Published = n;
            providers.Add(provider);
            connection.Start();
            Pump.Until(connection.Inbox, () => provider.Published > 0, "the catalog published to the real sidecar", 15000);
            Assert.That(provider.Published, Is.EqualTo(host.Discovery.Tools.Count));
            return provider;
        }

        /// <summary>POST /tools/{tool} with the token (the REST transport); the answer's JSON.</summary>
        public async Task<JObject> Rest(string tool, string args)
        {
            var endpoint = Endpoint;
            using (var http = new HttpClient { Timeout = TimeSpan.FromSeconds(60) })
            {
                var request = new HttpRequestMessage(HttpMethod.Post, $"http://127.0.0.1:{endpoint.Port}/tools/{tool}") { Content = new StringContent(args, Encoding.UTF8, "application/json") };
                request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", endpoint.Token);
                var response = await http.SendAsync(request).ConfigureAwait(false);
                return JObject.Parse(await response.Content.ReadAsStringAsync().ConfigureAwait(false));
            }
        }

        /// <summary>GET /health with the token.</summary>
        public JObject Health()
        {
            var endpoint = Endpoint;
            using (var http = new HttpClient { Timeout = TimeSpan.FromSeconds(10) })
            {
                var request = new HttpRequestMessage(HttpMethod.Get, $"http://127.0.0.1:{endpoint.Port}/health");
                request.Headers.Authorization = new AuthenticationHeaderValue("Bearer", endpoint.Token);
                var response = http.SendAsync(request).GetAwaiter().GetResult();
                return JObject.Parse(response.Content.ReadAsStringAsync().GetAwaiter().GetResult());
            }
        }

        public void Dispose()
        {
            foreach (var provider in providers) provider.Disconnect();
            var endpoint = Endpoint;
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
        }

        /// <summary>One connected provider (the Editor's tool link in one domain).</summary>
        internal sealed class Provider
        {
            public Provider(SidecarConnection connection, ToolProviderClient client)
            {
                Connection = connection;
                Client = client;
            }

            public SidecarConnection Connection { get; }

            public ToolProviderClient Client { get; }

            /// <summary>The tool count the sidecar acknowledged for the last publish.</summary>
            public int Published { get; set; }

            /// <summary>The domain unloads: the client stops and the socket closes (idempotent).</summary>
            public void Disconnect()
            {
                Client.Dispose();
                Connection.Shutdown();
            }
        }
    }
}
