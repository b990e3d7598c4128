using System;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tools;
using AgentPanel.Editor.Integration;
using AgentPanel.Editor.Tools.Definitions;
using Newtonsoft.Json.Linq;
using UnityEditor;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// The Editor's tool host, alive whether or not the panel window is open: after every domain load it discovers the
    /// catalog, makes sure the project's sidecar runs (off the main thread) and executes calls — main-thread tools from the
    /// update pump inside one Undo group, MainThread = false tools on a worker.
    /// </summary>
    [InitializeOnLoad]
    internal static class EditorToolHost
    {
        private static readonly MainThreadQueue Queue = new MainThreadQueue();
        private static EditorWaker waker;
        private static EditorSidecar sidecar;
        private static string status = "not started";

        static EditorToolHost()
        {
            ToolJson.AddConverter(new UnityObjectConverter());
            AssemblyReloadEvents.beforeAssemblyReload -= BeforeReload;
            AssemblyReloadEvents.beforeAssemblyReload += BeforeReload;
            if (ToolHostSettings.AutoStart && EditorProcess.IsInteractive) EditorApplication.delayCall += Start;
        }

        /// <summary>The running host (null until started).</summary>
        public static ToolHost Host { get; private set; }

        /// <summary>Raised on the main thread after the catalog was (re)built, so the provider link publishes it.</summary>
        public static event Action<JArray> CatalogChanged;

        /// <summary>Raised on the main thread once the project's sidecar is known to run (started or reused).</summary>
        public static event Action SidecarReady;

        /// <summary>One line for the settings page.</summary>
        public static string StatusLine => Host == null ? status : $"{status}; wake: {waker?.Mode}; waiting calls: {waker?.Waiting ?? 0}";

        /// <summary>How many tools are published.</summary>
        public static int ToolCount => Host?.Discovery.Tools.Count ?? 0;

        /// <summary>How an unfocused Editor is woken (on-demand, always, unavailable), for the sidecar's /health.</summary>
        public static string WakeMode => waker?.Mode ?? WakeModes.Unavailable;

        /// <summary>Discover the tools, start the pump and the waker, and make sure the sidecar runs (idempotent; main thread).</summary>
        public static void Start()
        {
            if (Host != null) return;
            if (!EditorProcess.IsInteractive)
            {
                status = "not started: batch mode or an Asset Import Worker";
                return;
            }
            waker = new EditorWaker();
            waker.Start();
            MainThreadPump.Attach(Queue);
            Host = NewHost();
            status = $"{Host.Discovery.Tools.Count} tools discovered";
            CatalogChanged?.Invoke(Host.Catalog());
            sidecar = EditorSidecar.Capture();
            var captured = sidecar;
            // The launch (process checks, maybe a node start) never runs on the main thread.
            Queue.Deliver(Task.Run(() => captured.EnsureRunningAsync())).ContinueWith(t =>
            {
                status = t.IsFaulted ? "sidecar not running: " + t.Exception?.GetBaseException().Message : $"sidecar on port {t.Result.Port}";
                if (!t.IsFaulted) SidecarReady?.Invoke();
            }, TaskContinuationOptions.ExecuteSynchronously);
        }

        /// <summary>Discover again (after a settings change or on request) and tell the link to publish.</summary>
        public static void Rebuild()
        {
            if (Host == null)
            {
                Start();
                return;
            }
            Host = NewHost();
            CatalogChanged?.Invoke(Host.Catalog());
        }

        /// <summary>Run work on the main thread as a tool call would (Undo group, waking an unfocused Editor); for internal operations.</summary>
        public static Task<ToolOutcome> OnMainThread(ToolDescriptor label, Func<Task<ToolOutcome>> work, CancellationToken cancellation) =>
            new EditorToolThreads(Queue, waker).OnMainThread(label, work, cancellation);

        /// <summary>Wake an unfocused Editor now (any thread): a call frame just arrived.</summary>
        public static void Nudge() => waker?.Nudge();

        /// <summary>Run an action on the main thread from a worker tool (drained by the update pump).</summary>
        public static void Post(Action action) => Queue.Post(action);

        private static ToolHost NewHost()
        {
            var host = new ToolHost(EditorToolCatalog.Build(), new EditorToolThreads(Queue, waker));
            DefinitionOperations.Register(host);
            BuiltIn.AssetImportOperation.Register(host);
            BuiltIn.AssetOpenOperation.Register(host);
            UndoGroupOperations.Register(host, new EditorUndoGroups());
            return host;
        }

        private static void BeforeReload()
        {
            MainThreadPump.Detach(Queue);
            waker?.Dispose();
        }
    }
}
