using System;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Store;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// The one connection and chat store of this Editor, and their domain-reload life: before a reload the received work is
    /// drained, the chats are saved to SessionState and the socket is closed cleanly; after it they are restored at once and
    /// the connection resubscribes after each saved seq. The sidecar (and the agent) keeps running throughout.
    /// </summary>
    [InitializeOnLoad]
    internal static class AgentPanelSession
    {
        private static EditorSidecar sidecar;

        static AgentPanelSession()
        {
            AssemblyReloadEvents.beforeAssemblyReload += BeforeReload;
            EditorApplication.quitting += OnQuit;
            if (SessionMemory.WasActive) Start();
        }

        /// <summary>The connection (null until started).</summary>
        public static SidecarConnection Connection { get; private set; }

        /// <summary>The chats (null until started).</summary>
        public static ChatStore Store { get; private set; }

        /// <summary>True right after a domain reload restored the chats (the window shows "reconnected after recompile").</summary>
        public static bool RestoredAfterReload { get; private set; }

        /// <summary>Create the connection and store, restore saved chats and start connecting (idempotent; main thread).</summary>
        public static void Start()
        {
            if (Connection != null) return;
            sidecar = EditorSidecar.Capture();
            var current = sidecar;
            Connection = new SidecarConnection(() => current.ReadEndpoint(), new ConnectionOptions { ClientVersion = PackageVersion });
            // Reconnect attempts would flood the Console while the sidecar is down: they go to Library/AgentPanel/panel.log.
            var log = new DiagnosticLog(current.PanelLogFile);
            Connection.Diagnostic += log.Write;
            Store = new ChatStore(Connection);
            MainThreadPump.Attach(Connection.Inbox);
            var restored = SessionMemory.Restore();
            foreach (var chat in restored) Store.Follow(chat.ChatId, chat);
            RestoredAfterReload = restored.Count > 0;
            SessionMemory.Clear();
            SessionMemory.WasActive = true;
            Connection.Start();
        }

        /// <summary>Make sure a sidecar runs (starting one if needed), then connect without waiting for the backoff.</summary>
        public static async Task EnsureSidecarAsync()
        {
            Start();
            await sidecar.EnsureRunningAsync().ConfigureAwait(true);
            Connection.ReconnectNow();
        }

        /// <summary>The sidecar's log file (Library/AgentPanel/sidecar.log of the project).</summary>
        public static string LogFile => (sidecar ?? EditorSidecar.Capture()).LogFile;

        /// <summary>Read the node and claude paths again (after the settings changed); the next start of a sidecar uses them.</summary>
        public static void ReloadSettings()
        {
            if (Connection != null) sidecar = EditorSidecar.Capture();
        }

        /// <summary>Disconnect and forget the chats (the sidecar keeps running until the Editor exits).</summary>
        public static void Stop()
        {
            if (Connection == null) return;
            MainThreadPump.Detach(Connection.Inbox);
            Connection.Close(TimeSpan.FromSeconds(1));
            Connection = null;
            Store = null;
            SessionMemory.WasActive = false;
            SessionMemory.Clear();
        }

        private static string PackageVersion => "0.1.0";

        private static void BeforeReload()
        {
            if (Connection == null) return;
            MainThreadPump.DrainAll();
            SessionMemory.Save(Store);
            Connection.Close(TimeSpan.FromSeconds(1));
        }

        private static void OnQuit()
        {
            // Never block quitting: the sidecar notices the Editor is gone by itself (--parent-pid).
            Connection?.Close(TimeSpan.FromMilliseconds(200));
        }
    }
}
