using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tools;
using AgentPanel.Editor.Integration;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// Unity's tool-provider connection to the sidecar, separate from the panel window's: hello with provides ["tools"] and
    /// the Editor's process id, the catalog published on every connect, calls run through <see cref="EditorToolHost"/>. The
    /// journal lives in Temp/AgentPanel (it survives a domain reload), so calls cut by a reload are reported, not lost.
    /// </summary>
    [InitializeOnLoad]
    internal static class EditorToolLink
    {
        private static SidecarConnection connection;
        private static ToolProviderClient client;

        static EditorToolLink()
        {
            AssemblyReloadEvents.beforeAssemblyReload -= Stop;
            AssemblyReloadEvents.beforeAssemblyReload += Stop;
            EditorToolHost.CatalogChanged -= OnCatalog;
            EditorToolHost.CatalogChanged += OnCatalog;
            if (EditorToolHost.Host != null) Start();
        }

        /// <summary>The link's connection state, for the settings page.</summary>
        public static string StatusLine => connection == null ? "not connected" : connection.Status.State.ToString();

        private static void OnCatalog(JArray catalog)
        {
            if (connection == null) Start();
            else _ = client.Republish();
        }

        private static void Start()
        {
            if (connection != null) return;
            var sidecar = EditorSidecar.Capture();
            var options = new ConnectionOptions { ClientVersion = sidecar.PackageVersion, Provides = new List<string> { "tools" }, ProviderId = "unity-" + sidecar.EditorPid };
            connection = new SidecarConnection(() => sidecar.ReadEndpoint(), options);
            var log = new DiagnosticLog(sidecar.PanelLogFile);
            connection.Diagnostic += log.Write;
            var journal = new ToolJournal(new FileJournalStore(Path.Combine(sidecar.ProjectRoot, "Temp", "AgentPanel", "tool-journal.json")));
            client = new ToolProviderClient(connection, new HostExecutor(), journal);
            client.Diagnostic += log.Write;
            MainThreadPump.Attach(connection.Inbox);
            connection.Start();
        }

        private static void Stop()
        {
            if (connection == null) return;
            client.Dispose();
            MainThreadPump.Detach(connection.Inbox);
            // Synchronous: the socket is gone before the domain unloads, so the sidecar holds our calls for the journal.
            connection.Shutdown();
            connection = null;
            client = null;
        }

        /// <summary>The executor over the Editor's tool host.</summary>
        private sealed class HostExecutor : IToolExecutor
        {
            public IList<PublishedTool> Catalog()
            {
                var host = EditorToolHost.Host;
                return host == null ? new List<PublishedTool>() : host.Catalog().ToObject<List<PublishedTool>>(ProtocolJson.Serializer);
            }

            public async Task<ToolResult> ExecuteAsync(ToolCall call, CancellationToken cancellation)
            {
                var outcome = await EditorToolHost.ExecuteAsync(call.Tool, call.Arguments, call.DryRun, cancellation).ConfigureAwait(true);
                return outcome.ToJson().ToObject<ToolResult>(ProtocolJson.Serializer);
            }
        }
    }
}
