using System;

namespace AgentPanel.Core.Connection
{
    /// <summary>
    /// Drains every attached <see cref="MainThreadQueue"/> once per Editor update. It runs dozens of times a second while the
    /// Editor is idle, so a drain with nothing queued allocates nothing: the queues live in an array replaced on attach and detach.
    /// </summary>
    internal sealed class QueuePump
    {
        private MainThreadQueue[] queues = new MainThreadQueue[0];

        /// <summary>Called (on the draining thread) when a queued action throws.</summary>
        public event Action<Exception> Failed;

        /// <summary>The queues drained.</summary>
        public int Count => queues.Length;

        /// <summary>Start draining a queue (idempotent).</summary>
        public void Attach(MainThreadQueue queue)
        {
            if (Array.IndexOf(queues, queue) >= 0) return;
            queue.Failed += Report;
            var next = new MainThreadQueue[queues.Length + 1];
            queues.CopyTo(next, 0);
            next[queues.Length] = queue;
            queues = next;
        }

        /// <summary>Stop draining a queue.</summary>
        public void Detach(MainThreadQueue queue)
        {
            var at = Array.IndexOf(queues, queue);
            if (at < 0) return;
            queue.Failed -= Report;
            var next = new MainThreadQueue[queues.Length - 1];
            Array.Copy(queues, 0, next, 0, at);
            Array.Copy(queues, at + 1, next, at, queues.Length - at - 1);
            queues = next;
        }

        /// <summary>Run at most <paramref name="maxPerQueue"/> actions of each queue; returns how many ran.</summary>
        public int Drain(int maxPerQueue = int.MaxValue)
        {
            // A queued action may attach or detach: this loop keeps walking the array it started with.
            var current = queues;
            var ran = 0;
            for (var i = 0; i < current.Length; i++) ran += current[i].Drain(maxPerQueue);
            return ran;
        }

        private void Report(Exception error)
        {
            var failed = Failed;
            if (failed == null) throw new AggregateException(error);
            failed(error);
        }
    }
}
