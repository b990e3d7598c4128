using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>Where a call runs. The Editor runs main-thread tools from its update pump inside one Undo group per call.</summary>
    internal interface IToolThreads
    {
        /// <summary>Run <paramref name="work"/> on the main thread (as one Undo group named after the tool) and complete with its outcome.</summary>
        Task<ToolOutcome> OnMainThread(ToolDescriptor tool, Func<Task<ToolOutcome>> work, CancellationToken cancellation);
    }

    /// <summary>Runs everything on the calling thread: for tests and for hosts without a main thread.</summary>
    internal sealed class InlineToolThreads : IToolThreads
    {
        public Task<ToolOutcome> OnMainThread(ToolDescriptor tool, Func<Task<ToolOutcome>> work, CancellationToken cancellation) => work();
    }

    /// <summary>
    /// The Unity side of the tool protocol, engine-free: holds the discovered catalog and executes calls — main-thread
    /// tools through <see cref="IToolThreads"/>, MainThread = false tools on a worker — always answering an outcome.
    /// </summary>
    internal sealed class ToolHost
    {
        private readonly IToolThreads threads;
        private readonly Dictionary<string, InternalOperation> internals = new Dictionary<string, InternalOperation>();

        public ToolHost(ToolDiscoveryResult discovery, IToolThreads threads)
        {
            Discovery = discovery ?? throw new ArgumentNullException(nameof(discovery));
            this.threads = threads ?? new InlineToolThreads();
        }

        /// <summary>The tools and discovery notes.</summary>
        public ToolDiscoveryResult Discovery { get; }

        /// <summary>The catalog as published to the sidecar: one entry per tool, in discovery order.</summary>
        public JArray Catalog()
        {
            var list = new JArray();
            foreach (var tool in Discovery.Tools) list.Add(tool.ToCatalogEntry());
            return list;
        }

        /// <summary>
        /// Serve an operation the sidecar calls by name but the catalog does not publish (definition_probe,
        /// definition_script): run on the main thread (one Undo group named after the arguments' "definition") or on a worker.
        /// </summary>
        public void RegisterInternal(string name, bool mainThread, Func<JObject, bool, CancellationToken, Task<ToolOutcome>> run)
        {
            internals[name] = new InternalOperation { Name = name, MainThread = mainThread, Run = run };
        }

        /// <summary>Run one call. Unknown tools are not_found; nothing thrown by a tool or a thread hand-off escapes.</summary>
        public async Task<ToolOutcome> ExecuteAsync(string toolName, JObject arguments, bool dryRun, CancellationToken cancellation)
        {
            var tool = Discovery.Find(toolName);
            if (tool == null && toolName != null && internals.TryGetValue(toolName, out var operation)) return await RunInternal(operation, arguments ?? new JObject(), dryRun, cancellation).ConfigureAwait(false);
            if (tool == null) return ToolOutcome.Error(ToolErrorCodes.NotFound, $"Unity has no tool named '{toolName}'. List the tools again: the catalog may have changed after a recompile.");
            try
            {
                if (!tool.MainThread) return await Task.Run(() => ToolInvoker.InvokeAsync(tool, arguments, dryRun, cancellation), CancellationToken.None).ConfigureAwait(false);
                return await threads.OnMainThread(tool, () => ToolInvoker.InvokeAsync(tool, arguments, dryRun, cancellation), cancellation).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
            {
                return ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {tool.Name} was cancelled before it ran.");
            }
            catch (Exception e)
            {
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{tool.Name} could not be run: {e.Message}");
            }
        }
    
        private async Task<ToolOutcome> RunInternal(InternalOperation operation, JObject arguments, bool dryRun, CancellationToken cancellation)
        {
            var definition = (string)arguments["definition"];
            var label = new ToolDescriptor { Name = string.IsNullOrEmpty(definition) ? operation.Name : definition, MainThread = operation.MainThread };
            Task<ToolOutcome> Work() => Guard(operation, () => operation.Run(arguments, dryRun, cancellation));
            try
            {
                if (!operation.MainThread) return await Task.Run(Work, CancellationToken.None).ConfigureAwait(false);
                return await threads.OnMainThread(label, Work, cancellation).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
            {
                return ToolOutcome.Error(ToolErrorCodes.Cancelled, $"The call of {label.Name} was cancelled before it ran.");
            }
            catch (Exception e)
            {
                return ToolOutcome.Error(ToolErrorCodes.ToolFailed, $"{label.Name} could not be run: {e.Message}");
            }
        }

        /// <summary>An operation's own failures as outcomes: a ToolException keeps its code.</summary>
        private static async Task<ToolOutcome> Guard(InternalOperation operation, Func<Task<ToolOutcome>> run)
        {
            try
            {
                return await run().ConfigureAwait(false);
            }
            catch (ToolException e)
            {
                return ToolOutcome.Error(e.Code, e.Message);
            }
        }

        private sealed class InternalOperation
        {
            public string Name;
            public bool MainThread;
            public Func<JObject, bool, CancellationToken, Task<ToolOutcome>> Run;
        }
    }
}
