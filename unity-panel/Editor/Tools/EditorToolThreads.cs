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
    /// Ctrl+Z undoes the call; the group closes when its synchronous part returns, see MainThreadCall), waking an unfocused
    /// Editor while calls wait.
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
                if (ToolHostSettings.LogRequests)
                {
                    Debug.Log($"[Agent Panel] tool call: {tool.Name}");
                    done.Task.ContinueWith(t => Debug.Log($"[Agent Panel] tool {tool.Name}: {(t.Result.Ok ? "ok" : "error")}"), TaskContinuationOptions.ExecuteSynchronously);
                }
                MainThreadCall.Run(tool, work, UndoGroups.Instance, queue.Post, done);
            });
            return done.Task;
        }

        /// <summary>Unity's Undo as tool calls use it: one named group per call, closed when the call's synchronous part ends.</summary>
        private sealed class UndoGroups : IUndoGroups
        {
            public static readonly UndoGroups Instance = new UndoGroups();

            public int Begin(string name)
            {
                Undo.IncrementCurrentGroup();
                Undo.SetCurrentGroupName(name);
                return Undo.GetCurrentGroup();
            }

            public void End(int group)
            {
                Undo.CollapseUndoOperations(group);
                // The user's next edit (or the async tool's later changes) starts a group of its own.
                Undo.IncrementCurrentGroup();
            }
        }
    }
}
