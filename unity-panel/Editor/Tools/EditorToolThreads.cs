using System;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Tools;
using UnityEditor;
using UnityEngine;

namespace AgentPanel.Editor.Tools
{
    /// <summary>
    /// Runs main-thread tool calls from the Editor's update pump, each inside one Undo group named after the tool (so one
    /// Ctrl+Z undoes the whole call), waking an unfocused Editor while calls wait.
    /// </summary>
    internal sealed class EditorToolThreads : IToolThreads
    {
        private readonly MainThreadQueue queue;
        private readonly EditorWaker waker;

        public EditorToolThreads(MainThreadQueue queue, EditorWaker waker)
        {
            this.queue = queue;
            this.waker = waker;
        }

        public Task<ToolOutcome> OnMainThread(ToolDescriptor tool, Func<Task<ToolOutcome>> work, CancellationToken cancellation)
        {
            var done = new TaskCompletionSource<ToolOutcome>(TaskCreationOptions.RunContinuationsAsynchronously);
            waker.CallQueued();
            queue.Post(() =>
            {
                waker.CallStarted();
                if (cancellation.IsCancellationRequested)
                {
                    done.TrySetResult(ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {tool.Name} was cancelled before it started."));
                    return;
                }
                if (ToolHostSettings.LogRequests) Debug.Log($"[Agent Panel] tool call: {tool.Name}");
                Undo.IncrementCurrentGroup();
                Undo.SetCurrentGroupName(tool.UndoName);
                var group = Undo.GetCurrentGroup();
                Task<ToolOutcome> running;
                try
                {
                    running = work();
                }
                catch (Exception e)
                {
                    running = Task.FromResult(ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} failed: {e.Message}"));
                }
                if (running.IsCompleted)
                {
                    Finish(tool, group, running, done);
                    return;
                }
                // An async tool: finish (and close its Undo group) back on the main thread.
                running.ContinueWith(t => queue.Post(() => Finish(tool, group, t, done)), TaskContinuationOptions.ExecuteSynchronously);
            });
            return done.Task;
        }

        private static void Finish(ToolDescriptor tool, int group, Task<ToolOutcome> running, TaskCompletionSource<ToolOutcome> done)
        {
            Undo.CollapseUndoOperations(group);
            if (running.IsFaulted) done.TrySetResult(ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} failed: {running.Exception?.GetBaseException().Message}"));
            else if (running.IsCanceled) done.TrySetResult(ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {tool.Name} was cancelled."));
            else done.TrySetResult(running.Result);
            if (ToolHostSettings.LogRequests) Debug.Log($"[Agent Panel] tool {tool.Name}: {(running.Status == TaskStatus.RanToCompletion && running.Result.Ok ? "ok" : "error")}");
        }
    }
}
