using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Tools;
using AgentPanel.Editor.Tools;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Editor.Tests
{
    /// <summary>Calls the real catalog's tools in this Editor, directly or the way the tool host does (queue, Undo group).</summary>
    internal static class ToolCalls
    {
        private static ToolDiscoveryResult catalog;

        /// <summary>The Editor's catalog (built-in tools and the project's), discovered once per domain.</summary>
        public static ToolDiscoveryResult Catalog => catalog ?? (catalog = EditorToolCatalog.Build());

        /// <summary>Bind and call a tool on this (main) thread, without the host's Undo group.</summary>
        public static ToolOutcome Invoke(string tool, string json)
        {
            var descriptor = Catalog.Find(tool) ?? throw new InvalidOperationException($"no tool {tool} in the catalog");
            return Wait(null, ToolInvoker.InvokeAsync(descriptor, JObject.Parse(json), false, CancellationToken.None));
        }

        /// <summary>Run work as the host runs a main-thread call: queued, inside the tool's Undo group.</summary>
        public static Task<ToolOutcome> OnMainThread(MainThreadQueue queue, ToolDescriptor tool, Func<Task<ToolOutcome>> work) =>
            new EditorToolThreads(queue, new EditorWaker()).OnMainThread(tool, work, CancellationToken.None);

        /// <summary>Call a catalog tool the way the host does.</summary>
        public static ToolOutcome CallAsHost(string tool, string json)
        {
            var queue = new MainThreadQueue();
            var descriptor = Catalog.Find(tool) ?? throw new InvalidOperationException($"no tool {tool} in the catalog");
            return Wait(queue, OnMainThread(queue, descriptor, () => ToolInvoker.InvokeAsync(descriptor, JObject.Parse(json), false, CancellationToken.None)));
        }

        /// <summary>Drain <paramref name="queue"/> (the Editor's update pump in real use) until the task ends; 10 s at most.</summary>
        public static T Wait<T>(MainThreadQueue queue, Task<T> task)
        {
            var clock = Stopwatch.StartNew();
            while (!task.IsCompleted)
            {
                if (clock.Elapsed > TimeSpan.FromSeconds(10)) throw new TimeoutException("the call did not finish within 10 s");
                if (queue == null || queue.Drain() == 0) Thread.Sleep(1);
            }
            return task.GetAwaiter().GetResult();
        }

        /// <summary>The outcome's text.</summary>
        public static string Text(ToolOutcome outcome) => string.Join("\n", outcome.Content.Select(c => c.Text));
    }
}
