using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace AgentPanel.Core.Tools.Definitions
{
    /// <summary>
    /// The script definitions' builds, one at a time and once per content. Unity runs one AssemblyBuilder at a time (a second
    /// Build() returns false as if the project were compiling), so a build waits for the one before it; a build whose start
    /// throws fails its own callers instead of leaving them waiting. A failed build is not kept: the next call builds again.
    /// Not thread-safe: used from the Editor's main thread.
    /// </summary>
    internal sealed class ScriptBuildQueue<T>
    {
        private readonly Dictionary<string, Task<T>> builds = new Dictionary<string, Task<T>>(StringComparer.Ordinal);
        private readonly Func<T, bool> succeeded;
        private Task last = Task.CompletedTask;

        /// <param name="succeeded">Whether a finished build is worth keeping (a failed one is built again next time).</param>
        public ScriptBuildQueue(Func<T, bool> succeeded)
        {
            this.succeeded = succeeded ?? throw new ArgumentNullException(nameof(succeeded));
        }

        /// <summary>How many builds are started or waiting for their turn.</summary>
        public int Pending { get; private set; }

        /// <summary>
        /// The build of <paramref name="key"/>: the kept one, the one running or waiting, or a new one that
        /// <paramref name="start"/> begins once every earlier build has finished. A throwing <paramref name="start"/> faults
        /// the returned task.
        /// </summary>
        public Task<T> Get(string key, Func<Task<T>> start)
        {
            if (builds.TryGetValue(key, out var known) && !(known.IsCompleted && !Kept(known))) return known;
            var build = Chain(last, start);
            builds[key] = build;
            last = build.ContinueWith(_ => { }, TaskContinuationOptions.ExecuteSynchronously);
            Pending++;
            build.ContinueWith(_ => Pending--, TaskContinuationOptions.ExecuteSynchronously);
            return build;
        }

        private bool Kept(Task<T> build) => build.Status == TaskStatus.RanToCompletion && succeeded(build.Result);

        private static async Task<T> Chain(Task before, Func<Task<T>> start)
        {
            // Runs synchronously when nothing is building, so the build starts on the caller's (main) thread at once.
            await before.ConfigureAwait(true);
            // An exception from start() faults this task: the callers get it instead of waiting forever.
            var started = start() ?? throw new InvalidOperationException("the build did not start (no task)");
            return await started.ConfigureAwait(true);
        }
    }
}
