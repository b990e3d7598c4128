using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Connection;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The provider side of the tool frames against the in-memory sidecar: publish on connect, run and answer calls, cancel, and the journal across a dropped connection.</summary>
    public class ToolProviderClientTests : ConnectionFixture
    {
        private sealed class ScriptedExecutor : IToolExecutor
        {
            public readonly List<ToolCall> Calls = new List<ToolCall>();
            public Func<ToolCall, CancellationToken, Task<ToolResult>> Run = (call, ct) => Task.FromResult(ToolResult.Text("ran " + call.Tool));

            public IList<PublishedTool> Catalog() => new List<PublishedTool>
            {
                new PublishedTool { Name = "scene_list", Description = "List the scene", InputSchema = new JObject { ["type"] = "object" }, Annotations = new ToolAnnotations { Idempotency = ToolAnnotations.Safe } },
            };

            public Task<ToolResult> ExecuteAsync(ToolCall call, CancellationToken cancellation)
            {
                Calls.Add(call);
                return Run(call, cancellation);
            }
        }

        private ScriptedExecutor executor;
        private ToolJournal journal;
        private MemoryJournalStore store;
        private ToolProviderClient client;

        private void Start()
        {
            executor = new ScriptedExecutor();
            store = store ?? new MemoryJournalStore();
            journal = new ToolJournal(store);
            var options = FastOptions();
            options.Provides = new List<string> { "tools" };
            options.ProviderId = "editor-1";
            Connect(options: options);
            client = new ToolProviderClient(connection, executor, journal);
            WaitConnected();
        }

        [TearDown]
        public void DisposeClient() => client?.Dispose();

        private void Invoke(string callId, string tool = "scene_list")
        {
            sidecar.Push(new ToolInvokeFrame { CallId = callId, Tool = tool, Arguments = new JObject { ["depth"] = 2 }, Deadline = DateTimeOffset.UtcNow.AddMinutes(1).ToUnixTimeMilliseconds() });
        }

        [Test]
        public void SaysItProvidesToolsAndPublishesTheCatalogOnConnect()
        {
            Start();
            var hello = sidecar.CommandsNamed("hello").Single();
            Assert.That(hello["provides"].ToObject<List<string>>(), Is.EqualTo(new[] { "tools" }));
            Assert.That((string)hello["providerId"], Is.EqualTo("editor-1"));
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tools.publish").Count == 1, "tools.publish");
            Assert.That((string)sidecar.CommandsNamed("tools.publish")[0]["catalog"][0]["name"], Is.EqualTo("scene_list"));
            Assert.That(sidecar.CommandsNamed("tools.journal"), Is.Empty, "nothing to report on a first connection");
        }

        [Test]
        public void EveryPublishSaysHowTheEditorIsWokenAsItIsThen()
        {
            Start();
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tools.publish").Count == 1, "tools.publish");
            Assert.That(sidecar.CommandsNamed("tools.publish")[0]["wake"], Is.Null, "not said when the host does not know");
            var mode = WakeModes.OnDemand;
            client.Wake = () => mode;
            mode = WakeModes.Always;
            _ = client.Republish();
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tools.publish").Count == 2, "the second tools.publish");
            Assert.That((string)sidecar.CommandsNamed("tools.publish")[1]["wake"], Is.EqualTo("always"), "read at publish time, not when set");
        }

        [Test]
        public void RunsACallAndAnswersWithItsResultThenForgetsIt()
        {
            Start();
            Invoke("k1");
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tool.result").Count == 1, "tool.result");
            var result = sidecar.CommandsNamed("tool.result")[0];
            Assert.That((string)result["callId"], Is.EqualTo("k1"));
            Assert.That((bool)result["ok"], Is.True);
            Assert.That((string)result["content"][0]["text"], Is.EqualTo("ran scene_list"));
            Assert.That((int)executor.Calls[0].Arguments["depth"], Is.EqualTo(2));
            Pump.Until(connection.Inbox, () => journal.Count == 0, "journal entry forgotten after the ack");
        }

        [Test]
        public void ProgressAndCancelTravelBothWays()
        {
            Start();
            var cancelled = false;
            executor.Run = async (call, ct) =>
            {
                call.Progress(1, 4, "a quarter");
                try
                {
                    await Task.Delay(5000, ct);
                }
                catch (OperationCanceledException)
                {
                    cancelled = true;
                    throw;
                }
                return ToolResult.Text("never");
            };
            Invoke("k2");
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tool.progress").Count == 1, "tool.progress");
            Assert.That((string)sidecar.CommandsNamed("tool.progress")[0]["message"], Is.EqualTo("a quarter"));
            sidecar.Push(new ToolCancelFrame { CallId = "k2", Reason = "caller gave up" });
            Pump.Until(connection.Inbox, () => cancelled && sidecar.CommandsNamed("tool.result").Count == 1, "cancelled and answered");
            Assert.That((string)sidecar.CommandsNamed("tool.result")[0]["error"]["code"], Is.EqualTo("cancelled"));
        }

        [Test]
        public void AThrowingToolAnswersToolFailed()
        {
            Start();
            executor.Run = (call, ct) => throw new InvalidOperationException("no scene open");
            Invoke("k3");
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tool.result").Count == 1, "tool.result");
            var error = sidecar.CommandsNamed("tool.result")[0]["error"];
            Assert.That((string)error["code"], Is.EqualTo("tool_failed"));
            StringAssert.Contains("no scene open", (string)error["message"]);
        }

        [Test]
        public void AfterAReloadTheNewConnectionReportsTheJournalBeforePublishing()
        {
            // The previous domain: one call finished but unsent, one started, one only received.
            store = new MemoryJournalStore();
            var before = new ToolJournal(store);
            before.MarkReceived("done");
            before.MarkStarted("done");
            before.MarkFinished("done", ToolResult.Text("made it"));
            before.MarkReceived("cut");
            before.MarkStarted("cut");
            before.MarkReceived("queued");

            Start();
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tools.publish").Count == 1, "tools.publish");
            var names = sidecar.Commands.Select(c => (string)c["cmd"]).Where(c => c.StartsWith("tool")).ToList();
            Assert.That(names, Is.EqualTo(new[] { "tools.journal", "tools.publish" }), "the journal comes first");
            var calls = sidecar.CommandsNamed("tools.journal")[0]["calls"].ToObject<List<JournalEntry>>(ProtocolJson.Serializer);
            Assert.That(calls.Select(c => c.CallId + ":" + c.Outcome), Is.EqualTo(new[] { "done:finished", "cut:interrupted", "queued:not_started" }));
            Assert.That(calls[0].Result.Content[0].Text, Is.EqualTo("made it"));
            Assert.That(journal.Count, Is.EqualTo(0), "reported entries are forgotten once acknowledged");
        }

        [Test]
        public void AResultThatCouldNotBeSentStaysInTheJournalAsFinished()
        {
            Start();
            var release = new TaskCompletionSource<ToolResult>();
            executor.Run = (call, ct) => release.Task;
            Invoke("k4");
            Pump.Until(connection.Inbox, () => executor.Calls.Count == 1, "call started");
            Assert.That(journal.Report().Single().Outcome, Is.EqualTo(JournalEntry.Interrupted), "started, not finished");
            sidecar.Silent = true;
            sidecar.BreakAll();
            release.SetResult(ToolResult.Text("finished while away"));
            Pump.Until(connection.Inbox, () => journal.Report().Any(e => e.Outcome == JournalEntry.Finished), "finished in the journal");
            var entry = journal.Report().Single();
            Assert.That(entry.Result.Content[0].Text, Is.EqualTo("finished while away"));
        }
    }

    /// <summary>The journal's own rules: states map to outcomes, every change is saved, a damaged save reports nothing.</summary>
    public class ToolJournalTests
    {
        [Test]
        public void SurvivesARestartThroughItsStore()
        {
            var store = new MemoryJournalStore();
            var first = new ToolJournal(store);
            first.MarkReceived("a");
            first.MarkReceived("b");
            first.MarkStarted("b");
            first.Forget("a");
            var second = new ToolJournal(store);
            Assert.That(second.Report().Select(e => e.CallId + ":" + e.Outcome), Is.EqualTo(new[] { "b:interrupted" }));
        }

        [Test]
        public void ADamagedStoreReportsNothing()
        {
            var store = new MemoryJournalStore();
            store.Save("{not json");
            Assert.That(new ToolJournal(store).Report(), Is.Empty);
        }

        [Test]
        public void TheMainThreadStoreWritesThroughOnTheMainThread()
        {
            var backend = new CountingStore();
            var store = new MainThreadJournalStore(backend, new MainThreadQueue());
            new ToolJournal(store).MarkReceived("a");
            Assert.That(backend.Saves, Is.EqualTo(1));
            Assert.That(store.HasPending, Is.False);
            Assert.That(new ToolJournal(new MainThreadJournalStore(backend, new MainThreadQueue())).Report().Select(e => e.CallId), Is.EqualTo(new[] { "a" }));
        }

        [Test]
        public void SavesFromAnotherThreadWaitForTheMainThreadAndTheLatestWins()
        {
            var backend = new CountingStore();
            var queue = new MainThreadQueue();
            var store = new MainThreadJournalStore(backend, queue);
            var journal = new ToolJournal(store);
            var worker = new Thread(() =>
            {
                journal.MarkReceived("a");
                journal.MarkReceived("b");
            });
            worker.Start();
            worker.Join();
            Assert.That(backend.Saves, Is.EqualTo(0), "the main-thread-only store is not touched from the receive thread");
            Assert.That(queue.Count, Is.EqualTo(1), "one write is posted for any number of saves");
            Assert.That(store.HasPending, Is.True);
            Assert.That(new ToolJournal(store).Count, Is.EqualTo(2), "Load sees the pending text");
            queue.Drain();
            Assert.That(backend.Saves, Is.EqualTo(1));
            Assert.That(new ToolJournal(backend).Report().Select(e => e.CallId), Is.EqualTo(new[] { "a", "b" }));
        }

        [Test]
        public void FlushBeforeAReloadKeepsWhatTheReceiveThreadRecorded()
        {
            var session = new CountingStore();
            var store = new MainThreadJournalStore(session, new MainThreadQueue());
            var journal = new ToolJournal(store);
            var worker = new Thread(() => journal.MarkReceived("late"));
            worker.Start();
            worker.Join();
            // beforeAssemblyReload: the queue is never drained again in this domain, Flush runs instead.
            store.Flush();
            Assert.That(store.HasPending, Is.False);
            var afterReload = new ToolJournal(new MainThreadJournalStore(session, new MainThreadQueue()));
            Assert.That(afterReload.Report().Select(e => e.CallId + ":" + e.Outcome), Is.EqualTo(new[] { "late:not_started" }));
        }

        [Test]
        public void FlushOffTheMainThreadDoesNothing()
        {
            var backend = new CountingStore();
            var store = new MainThreadJournalStore(backend, new MainThreadQueue());
            var worker = new Thread(() =>
            {
                store.Save("[]");
                store.Flush();
            });
            worker.Start();
            worker.Join();
            Assert.That(backend.Saves, Is.EqualTo(0));
            store.Flush();
            Assert.That(backend.Load(), Is.EqualTo("[]"));
        }

        // A store that counts its writes and fails when touched off the thread that made it (as SessionState would).
        private sealed class CountingStore : IJournalStore
        {
            private readonly int owner = Thread.CurrentThread.ManagedThreadId;
            private string json;

            public int Saves { get; private set; }

            public string Load()
            {
                Check();
                return json;
            }

            public void Save(string value)
            {
                Check();
                Saves++;
                json = value;
            }

            private void Check()
            {
                if (Thread.CurrentThread.ManagedThreadId != owner) throw new InvalidOperationException("main thread only");
            }
        }
    }
}
