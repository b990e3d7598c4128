using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Core.Tools
{
    /// <summary>One call as the executor gets it.</summary>
    internal sealed class ToolCall
    {
        public string CallId { get; set; }
        public string Tool { get; set; }
        public JObject Arguments { get; set; } = new JObject();
        /// <summary>Describe what the tool would do without doing it (destructive tools).</summary>
        public bool DryRun { get; set; }
        /// <summary>After this nobody waits for the answer.</summary>
        public DateTimeOffset Deadline { get; set; }
        /// <summary>Report progress (progress, total, message); forwarded to the caller.</summary>
        public Action<double?, double?, string> Progress { get; set; } = (p, t, m) => { };
    }

    /// <summary>What the tool host implements: its catalog and running one call.</summary>
    internal interface IToolExecutor
    {
        /// <summary>The tools to publish (called on every connect and by <see cref="ToolProviderClient.Republish"/>).</summary>
        IList<PublishedTool> Catalog();

        /// <summary>Run a call; a failure is a ToolResult with Ok = false, not an exception (an exception becomes tool_failed).</summary>
        Task<ToolResult> ExecuteAsync(ToolCall call, CancellationToken cancellation);
    }

    /// <summary>
    /// Unity's side of the tool provider connection: on every (re)connect it reports the journal and publishes the catalog,
    /// runs each tool.invoke through the executor (journaled received → started → finished), answers with tool.result and
    /// forgets the call once the sidecar acknowledges it; tool.cancel cancels the call's token. Runs on the thread that drains
    /// the connection's inbox (the Editor's main thread). The connection must say provides: ["tools"] in hello.
    /// </summary>
    internal sealed class ToolProviderClient : IDisposable
    {
        private readonly SidecarConnection connection;
        private readonly IToolExecutor executor;
        private readonly ToolJournal journal;
        private readonly Dictionary<string, CancellationTokenSource> running = new Dictionary<string, CancellationTokenSource>();

        public ToolProviderClient(SidecarConnection connection, IToolExecutor executor, ToolJournal journal)
        {
            this.connection = connection;
            this.executor = executor;
            this.journal = journal;
            connection.Welcomed += OnWelcome;
            connection.ToolFrameArrived += OnArrived;
            connection.ToolFrameReceived += OnFrame;
        }

        /// <summary>Raised after the catalog is published on a connection (the count the sidecar accepted).</summary>
        public event Action<int> Published;

        /// <summary>A problem worth a line in the log (publish refused, a result the sidecar did not take).</summary>
        public event Action<string> Diagnostic;

        /// <summary>How the Editor is woken for calls (a <see cref="WakeModes"/> value, or null), read at every publish for the sidecar's /health.</summary>
        public Func<string> Wake { get; set; } = () => null;

        /// <summary>Calls running now.</summary>
        public int Running => running.Count;

        /// <summary>Publish the catalog again (the tools changed without a reconnect).</summary>
        public Task Republish() => PublishAsync();

        public void Dispose()
        {
            connection.Welcomed -= OnWelcome;
            connection.ToolFrameArrived -= OnArrived;
            connection.ToolFrameReceived -= OnFrame;
            foreach (var cts in running.Values) cts.Cancel();
            running.Clear();
        }

        private async void OnWelcome(WelcomeFrame welcome)
        {
            try
            {
                var report = journal.Report();
                if (report.Count > 0)
                {
                    // Before the catalog: the sidecar settles the calls the last connection had, then sends what waits.
                    await connection.SendAsync(new ToolsJournalCommand { Calls = report });
                    foreach (var entry in report) journal.Forget(entry.CallId);
                }
                await PublishAsync();
            }
            catch (Exception e)
            {
                Diagnostic?.Invoke("could not report the journal or publish the tools: " + e.Message);
            }
        }

        private async Task PublishAsync()
        {
            var ack = await connection.SendAsync(new ToolsPublishCommand { Catalog = new List<PublishedTool>(executor.Catalog()), Wake = Wake?.Invoke() });
            Published?.Invoke(ack?.ToObject<ToolsPublishResult>(ProtocolJson.Serializer)?.Tools ?? 0);
        }

        // Receive thread: journal the call before it waits for the main thread, so a reload in between reports it not_started.
        private void OnArrived(ServerFrame frame)
        {
            if (frame is ToolInvokeFrame invoke && !string.IsNullOrEmpty(invoke.CallId)) journal.MarkReceived(invoke.CallId);
        }

        private void OnFrame(ServerFrame frame)
        {
            if (frame is ToolInvokeFrame invoke) _ = RunAsync(invoke);
            else if (frame is ToolCancelFrame cancel && running.TryGetValue(cancel.CallId ?? "", out var cts)) cts.Cancel();
        }

        private async Task RunAsync(ToolInvokeFrame invoke)
        {
            if (string.IsNullOrEmpty(invoke.CallId) || running.ContainsKey(invoke.CallId)) return;
            var cts = new CancellationTokenSource();
            running[invoke.CallId] = cts;
            var call = new ToolCall
            {
                CallId = invoke.CallId,
                Tool = invoke.Tool,
                Arguments = invoke.Arguments ?? new JObject(),
                DryRun = invoke.DryRun == true,
                Deadline = DateTimeOffset.FromUnixTimeMilliseconds(invoke.Deadline),
                Progress = (p, t, m) => _ = connection.SendAsync(new ToolProgressCommand { CallId = invoke.CallId, Progress = p, Total = t, Message = m }),
            };
            ToolResult result;
            try
            {
                journal.MarkStarted(invoke.CallId);
                result = await executor.ExecuteAsync(call, cts.Token) ?? ToolResult.Failure("tool_failed", $"The tool \"{invoke.Tool}\" returned no result.");
            }
            catch (OperationCanceledException)
            {
                result = ToolResult.Failure("cancelled", "The call was cancelled.");
            }
            catch (Exception e)
            {
                result = ToolResult.Failure("tool_failed", $"The tool \"{invoke.Tool}\" failed: {e.Message}");
            }
            finally
            {
                running.Remove(invoke.CallId);
                cts.Dispose();
            }
            journal.MarkFinished(invoke.CallId, result);
            await SendResultAsync(invoke.CallId, result);
        }

        private async Task SendResultAsync(string callId, ToolResult result)
        {
            try
            {
                await connection.SendAsync(new ToolResultCommand { CallId = callId, Ok = result.Ok, Content = result.Content, Structured = result.Structured, Error = result.Error });
                journal.Forget(callId);
            }
            catch (AgentPanelException e)
            {
                // Not sent (the socket dropped, e.g. a domain reload): the journal reports it as finished on the next connection.
                Diagnostic?.Invoke($"the result of {callId} waits for the next connection: {e.Message}");
            }
        }
    }
}
