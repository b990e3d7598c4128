using AgentPanel.Core.Connection;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Integration
{
    /// <summary>Runs Core's queued work on the main thread: drains every attached <see cref="MainThreadQueue"/> from EditorApplication.update.</summary>
    [InitializeOnLoad]
    internal static class MainThreadPump
    {
        /// <summary>At most this many queued actions per queue and editor update, so a burst never freezes the Editor.</summary>
        public const int MaxPerUpdate = 2000;

        private static readonly QueuePump Pump = new QueuePump();

        static MainThreadPump()
        {
            Pump.Failed += Debug.LogException;
            // Static constructors run once per domain load; -= first keeps a second run from draining twice per update.
            EditorApplication.update -= Drain;
            EditorApplication.update += Drain;
        }

        /// <summary>Start draining a queue (idempotent); failures of queued actions go to the Console.</summary>
        public static void Attach(MainThreadQueue queue) => Pump.Attach(queue);

        /// <summary>Stop draining a queue.</summary>
        public static void Detach(MainThreadQueue queue) => Pump.Detach(queue);

        /// <summary>Drain now (e.g. right before a domain reload, so nothing received is lost).</summary>
        public static void DrainAll() => Pump.Drain();

        private static void Drain() => Pump.Drain(MaxPerUpdate);
    }
}
