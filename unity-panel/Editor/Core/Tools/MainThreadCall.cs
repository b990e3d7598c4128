using System;
using System.Threading.Tasks;

namespace AgentPanel.Core.Tools
{
    /// <summary>The Editor's Undo groups as a tool call uses them (Unity's Undo in the Editor, a recorder in tests).</summary>
    internal interface IUndoGroups
    {
        /// <summary>Start a new group named <paramref name="name"/>; returns its index.</summary>
        int Begin(string name);

        /// <summary>Fold everything recorded since <paramref name="group"/> began into it, and start a fresh group for what follows.</summary>
        void End(int group);
    }

    /// <summary>
    /// Runs one tool call on the main thread inside its own Undo group. The group is closed as soon as the call's synchronous
    /// part returns, not when an async tool finishes (maybe minutes later): closing it then would fold the user's own edits
    /// made meanwhile into the tool's Undo step. What an async tool changes after its first await is recorded in the groups
    /// current at that time.
    /// </summary>
    internal static class MainThreadCall
    {
        /// <summary>
        /// Run <paramref name="work"/> now (on the main thread) and complete <paramref name="done"/> with its outcome; an async
        /// remainder completes it through <paramref name="toMainThread"/>. Never throws.
        /// </summary>
        public static void Run(ToolDescriptor tool, Func<Task<ToolOutcome>> work, IUndoGroups undo, Action<Action> toMainThread, TaskCompletionSource<ToolOutcome> done)
        {
            var group = undo.Begin(tool.UndoName);
            Task<ToolOutcome> running;
            try
            {
                running = work() ?? Task.FromResult(ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} returned no task."));
            }
            catch (Exception e)
            {
                running = Task.FromResult(ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} failed: {e.Message}"));
            }
            finally
            {
                undo.End(group);
            }
            if (running.IsCompleted)
            {
                Finish(tool, running, done);
                return;
            }
            running.ContinueWith(t => toMainThread(() => Finish(tool, t, done)), TaskContinuationOptions.ExecuteSynchronously);
        }

        private static void Finish(ToolDescriptor tool, Task<ToolOutcome> running, TaskCompletionSource<ToolOutcome> done)
        {
            if (running.IsFaulted) done.TrySetResult(ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} failed: {running.Exception?.GetBaseException().Message}"));
            else if (running.IsCanceled) done.TrySetResult(ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {tool.Name} was cancelled."));
            else done.TrySetResult(running.Result);
        }
    }
}
