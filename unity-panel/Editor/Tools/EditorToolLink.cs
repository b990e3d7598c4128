using System.Collections.Generic;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Tools;
using AgentPanel.Editor.Integration;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// Unity's tool-provider connection to the sidecar, separate from the panel window's: hello with provides ["tools"] and
    /// the Editor's process id and how the Editor is woken, the catalog published on every connect, calls run through
    /// <see cref="EditorToolHost"/>. The journal lives in SessionState (it survives a domain reload), so calls cut by a reload
    /// are reported, not lost.
    /// </summary>
    [InitializeOnLoad]
    internal static class EditorToolLink
    {
        private static SidecarConnection connection;
        private static ToolProviderClient client;
        private static MainThreadJournalStore journalStore;

        static EditorToolLink()
        {
            AssemblyReloadEvents.beforeAssemblyReload -= Stop;
            AssemblyReloadEvents.beforeAssemblyReload += Stop;
            EditorToolHost.CatalogChanged -= OnCatalog;
            EditorToolHost.CatalogChanged += OnCatalog;
            EditorToolHost.SidecarReady -= OnSidecarReady;
            EditorToolHost.SidecarReady += OnSidecarReady;
            if (EditorToolHost.Host != null && EditorProcess.IsInteractive) Start();
        }

        /// <summary>The link's connection state, for the settings page.</summary>
        public static string StatusLine => connection == null ? "not connected" : connection.Status.State.ToString();

        /// <summary>Publish again (the wake setting changed), so the sidecar's /health shows it.</summary>
        public static void Republish()
        {
            if (client != null) _ = client.Republish();
        }

        private static void OnCatalog(JArray catalog)
        {
            if (connection == null) Start();
            else _ = client.Republish();
        }

        // The host just started (or found) the sidecar: connect now instead of at the next backoff step.
        private static void OnSidecarReady() => connection?.ReconnectNow();

        private static void Start()
        {
            if (connection != null || !EditorProcess.IsInteractive) return;
            var sidecar = EditorSidecar.Capture();
            var options = new ConnectionOptions { ClientVersion = sidecar.PackageVersion, Provides = new List<string> { "tools" }, ProviderId = "unity-" + sidecar.EditorPid };
            connection = new SidecarConnection(() => sidecar.ReadEndpoint(), options);
            var log = new DiagnosticLog(sidecar.PanelLogFile);
            connection.Diagnostic += log.Write;
            // SessionState is main-thread only; the journal also changes on the receive thread, so saves are handed over.
            journalStore = new MainThreadJournalStore(new SessionJournalStore(), connection.Inbox);
            var journal = new ToolJournal(journalStore);
            // A call arriving while the Editor is unfocused wakes it at once (receive thread), before the frame waits for the next slow tick.
            connection.ToolFrameArrived += _ => EditorToolHost.Nudge();
            client = new ToolProviderClient(connection, new ToolHostExecutor(() => EditorToolHost.Host), journal) { Wake = () => EditorToolHost.WakeMode };
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
            // No frame arrives any more: what the receive thread journaled goes into SessionState before the domain unloads.
            journalStore.Flush();
            connection = null;
            client = null;
            journalStore = null;
        }
    }
}
