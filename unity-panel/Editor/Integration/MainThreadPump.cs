using System.Collections.Generic;
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

        private static readonly List<MainThreadQueue> Queues = new List<MainThreadQueue>();

        static MainThreadPump()
        {
            EditorApplication.update += Drain;
        }

        /// <summary>Start draining a queue (idempotent); failures of queued actions go to the Console.</summary>
        public static void Attach(MainThreadQueue queue)
        {
            if (Queues.Contains(queue)) return;
            queue.Failed += Debug.LogException;
            Queues.Add(queue);
        }

        /// <summary>Stop draining a queue.</summary>
        public static void Detach(MainThreadQueue queue)
        {
            if (!Queues.Remove(queue)) return;
            queue.Failed -= Debug.LogException;
        }

        /// <summary>Drain now (e.g. right before a domain reload, so nothing received is lost).</summary>
        public static void DrainAll()
        {
            foreach (var queue in Queues.ToArray()) queue.Drain();
        }

        private static void Drain()
        {
            foreach (var queue in Queues.ToArray()) queue.Drain(MaxPerUpdate);
        }
    }
}
