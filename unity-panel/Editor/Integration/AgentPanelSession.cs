using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Launch;
using AgentPanel.Core.Store;
using AgentPanel.Core.View;
using UnityEditor;

namespace AgentPanel.Editor.Integration
{
    /// <summary>
    /// The one connection and chat store of this Editor, and their life. Domain reload: the received work is drained, the chats
    /// are saved to SessionState and the connection is torn down synchronously (no handshake: the replay cursor makes it
    /// unnecessary); after the reload they are restored at once and the connection resubscribes after each saved seq. Closing
    /// the window stops the session: its connection is shut down and its followed chats forgotten, while the sidecar and its
    /// chats keep running (reopening the window lists them) until the Editor exits. Play Mode without a domain reload (Enter
    /// Play Mode Options) changes nothing here: static state survives it, and nothing needs [InitializeOnEnterPlayMode].
    /// </summary>
    [InitializeOnLoad]
    internal static class AgentPanelSession
    {
        private const string ReloadCauseKey = "AgentPanel.ReloadCause";
        private static readonly ReloadCauseTracker Reloads = new ReloadCauseTracker();
        private static readonly ComposeNotesClient Notes = new ComposeNotesClient();
        private static EditorSidecar sidecar;

        static AgentPanelSession()
        {
            // Once per domain load; -= first so a second run could never subscribe twice.
            AssemblyReloadEvents.beforeAssemblyReload -= BeforeReload;
            AssemblyReloadEvents.beforeAssemblyReload += BeforeReload;
            EditorApplication.quitting -= OnQuit;
            EditorApplication.quitting += OnQuit;
            EditorApplication.playModeStateChanged -= OnPlayModeChanged;
            EditorApplication.playModeStateChanged += OnPlayModeChanged;
            LastReload = ParseCause(SessionState.GetString(ReloadCauseKey, ""));
            SessionState.EraseString(ReloadCauseKey);
            if (SessionMemory.WasActive && EditorProcess.IsInteractive) Start();
        }

        /// <summary>The connection (null until started).</summary>
        public static SidecarConnection Connection { get; private set; }

        /// <summary>The chats (null until started).</summary>
        public static ChatStore Store { get; private set; }

        /// <summary>Why the domain was last reloaded (None on the Editor's first load).</summary>
        public static ReloadCause LastReload { get; }

        /// <summary>How many chats were restored right after this domain reload.</summary>
        public static int RestoredChats { get; private set; }

        /// <summary>Create the connection and store, restore saved chats and start connecting (idempotent; main thread).</summary>
        public static void Start()
        {
            if (Connection != null) return;
            sidecar = EditorSidecar.Capture();
            var current = sidecar;
            Connection = new SidecarConnection(() => current.ReadEndpoint(), new ConnectionOptions { ClientVersion = current.PackageVersion });
            // Reconnect attempts would flood the Console while the sidecar is down: they go to Library/AgentPanel/panel.log.
            var log = new DiagnosticLog(current.PanelLogFile);
            Connection.Diagnostic += log.Write;
            Store = new ChatStore(Connection);
            MainThreadPump.Attach(Connection.Inbox);
            var restored = SessionMemory.Restore();
            foreach (var chat in restored) Store.Follow(chat.ChatId, chat);
            RestoredChats = restored.Count;
            SessionMemory.Clear();
            SessionMemory.WasActive = true;
            var followed = new System.Collections.Generic.List<string>();
            foreach (var chat in restored) followed.Add(chat.ChatId);
            TurnSession.Attach(Connection, Store, followed);
            Connection.Start();
        }

        /// <summary>
        /// Make sure a sidecar runs (starting one if needed), then connect without waiting for the backoff. The launch runs on a
        /// pool thread; its outcome comes back through the connection's main-thread queue, so the Editor never waits on a process.
        /// </summary>
        public static async Task EnsureSidecarAsync()
        {
            Start();
            var connection = Connection;
            await connection.Inbox.Deliver(sidecar.EnsureRunningAsync()).ConfigureAwait(true);
            connection.ReconnectNow();
        }

        /// <summary>
        /// The note sequence of a composed WAV from the running sidecar (for a compose card whose result was cut to a preview). The
        /// descriptor is read and the request made on a pool thread; the outcome comes back through the connection's main-thread
        /// queue. Fails with an <see cref="AgentPanel.Core.AgentPanelException"/> whose message says what to do.
        /// </summary>
        public static Task<Newtonsoft.Json.Linq.JObject> FetchNotesAsync(string wavPath)
        {
            var connection = Connection;
            var current = sidecar;
            if (connection == null || current == null)
                return Task.FromException<Newtonsoft.Json.Linq.JObject>(new AgentPanel.Core.AgentPanelException(ComposeNotesClient.SidecarGone, "The panel is not connected; open the Agent Panel window to load the piano roll."));
            return Notes.FetchThrough(connection.Inbox, () => current.ReadEndpoint(), wavPath);
        }

        /// <summary>The sidecar's log file (Library/AgentPanel/sidecar.log of the project).</summary>
        public static string LogFile => (sidecar ?? EditorSidecar.Capture()).LogFile;

        /// <summary>Read the node and claude paths again (after the settings changed); the next start of a sidecar uses them.</summary>
        public static void ReloadSettings()
        {
            if (Connection != null) sidecar = EditorSidecar.Capture();
        }

        /// <summary>The window closed: shut the connection down and forget the followed chats; the sidecar and its chats keep running.</summary>
        public static void Stop()
        {
            if (Connection == null) return;
            MainThreadPump.Detach(Connection.Inbox);
            Connection.Shutdown();
            TurnSession.Stop();
            Connection = null;
            Store = null;
            SessionMemory.WasActive = false;
            SessionMemory.Clear();
        }

        private static void BeforeReload()
        {
            SessionState.SetString(ReloadCauseKey, Reloads.ReloadStarting.ToString());
            if (Connection == null) return;
            MainThreadPump.DrainAll();
            SessionMemory.Save(Store);
            MainThreadPump.Detach(Connection.Inbox);
            // The turn state is in SessionState already; the next domain load takes it over.
            TurnSession.Detach();
            Connection.Shutdown();
        }

        private static void OnPlayModeChanged(PlayModeStateChange change)
        {
            switch (change)
            {
                case PlayModeStateChange.ExitingEditMode:
                    Reloads.Observe(PlayModeTransition.ExitingEditMode);
                    break;
                case PlayModeStateChange.EnteredPlayMode:
                    Reloads.Observe(PlayModeTransition.EnteredPlayMode);
                    break;
                case PlayModeStateChange.ExitingPlayMode:
                    Reloads.Observe(PlayModeTransition.ExitingPlayMode);
                    break;
                default:
                    Reloads.Observe(PlayModeTransition.EnteredEditMode);
                    break;
            }
        }

        private static void OnQuit()
        {
            // Never blocks quitting: the sidecar notices the Editor is gone by itself (--parent-pid).
            Connection?.Shutdown();
        }

        private static ReloadCause ParseCause(string saved)
        {
            return System.Enum.TryParse(saved, out ReloadCause cause) ? cause : ReloadCause.None;
        }
    }
}
