using System;
using System.Collections.Concurrent;
using System.Threading.Tasks;

namespace AgentPanel.Core.Connection
{
    /// <summary>The hand-off to the Unity main thread: network threads post work, the Editor drains it from EditorApplication.update.</summary>
    internal sealed class MainThreadQueue
    {
        private readonly ConcurrentQueue<Action> items = new ConcurrentQueue<Action>();

        /// <summary>Called (on the draining thread) when a posted action throws; the drain goes on.</summary>
        public event Action<Exception> Failed;

        /// <summary>Actions waiting to run.</summary>
        public int Count => items.Count;

        /// <summary>Queue an action; safe from any thread.</summary>
        public void Post(Action action)
        {
            if (action == null) throw new ArgumentNullException(nameof(action));
            items.Enqueue(action);
        }

        /// <summary>A task that completes like <paramref name="work"/>, but only when this queue is drained (on the draining thread).</summary>
        public Task<T> Deliver<T>(Task<T> work)
        {
            var handoff = new TaskCompletionSource<T>();
            work.ContinueWith(done => Post(() =>
            {
                if (done.IsCanceled) handoff.TrySetCanceled();
                else if (done.IsFaulted) handoff.TrySetException(done.Exception.InnerExceptions);
                else handoff.TrySetResult(done.Result);
            }), TaskContinuationOptions.ExecuteSynchronously);
            return handoff.Task;
        }

        /// <summary>Run queued actions in order on the calling thread (at most <paramref name="max"/>); returns how many ran.</summary>
        public int Drain(int max = int.MaxValue)
        {
            var ran = 0;
            while (ran < max && items.TryDequeue(out var action))
            {
                ran++;
                try
                {
                    action();
                }
                catch (Exception e)
                {
                    var failed = Failed;
                    if (failed == null) throw;
                    failed(e);
                }
            }
            return ran;
        }
    }
}
