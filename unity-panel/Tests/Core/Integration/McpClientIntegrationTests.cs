using System.Linq;
using System.Threading.Tasks;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.Tests.Tools.Samples;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Integration
{
    /// <summary>
    /// Issue 14's acceptance end to end: the Core tool host (the sample [AgentTool] types, plain .NET) connected to the real
    /// sidecar as Unity's provider answers the official MCP client (the TypeScript SDK over Streamable HTTP), also for a call
    /// made while the provider was away (a simulated domain reload, journal kept), and a call cut by the reload is settled
    /// by decision 9 (an unsafe call is reported interrupted, never run twice). Runs when AGENT_PANEL_SIDECAR is set.
    /// </summary>
    [Category("Integration")]
    [NonParallelizable]
    public class McpClientIntegrationTests
    {
        private ToolSidecar sidecar;
        private McpTestClient mcp;

        [SetUp]
        public void SetUp()
        {
            sidecar = ToolSidecar.Start("ap-mcp-");
            MethodTools.HoldStarted = new TaskCompletionSource<bool>();
            MethodTools.HoldRelease = new TaskCompletionSource<bool>();
            MethodTools.HoldCalls = 0;
        }

        [TearDown]
        public void TearDown()
        {
            MethodTools.HoldRelease.TrySetResult(true);
            mcp?.Dispose();
            mcp = null;
            sidecar?.Dispose();
            sidecar = null;
        }

        [Test]
        public void TheMcpClientListsAndCallsUnityToolsAndACallMadeDuringAReloadRunsAfterIt()
        {
            var journal = new MemoryJournalStore();
            var first = sidecar.Provide(journal, WakeModes.Always);
            mcp = McpTestClient.Connect(sidecar.Endpoint.Port, sidecar.Endpoint.Token);
            Assert.That((string)sidecar.Health()["tools"]["unityWake"], Is.EqualTo("always"), "/health shows how the connected Editor is woken");

            var listed = Answer(first, mcp.List(), "tools/list");
            var names = listed["tools"].Values<string>().ToList();
            Assert.That(names, Does.Contain("add_numbers").And.Contain("spawn_cube").And.Contain("hold"), "Unity's catalog is what the MCP client lists");
            Assert.That(names, Does.Not.Contain("hidden"), "a disabled tool is not published");

            var add = Answer(first, mcp.Call("add_numbers", new JObject { ["a"] = 2, ["b"] = 40 }), "add_numbers");
            Assert.That(add["result"]["isError"]?.Value<bool>() ?? false, Is.False, add.ToString());
            Assert.That((string)add["result"]["content"][0]["text"], Is.EqualTo("42"));

            var bad = Answer(first, mcp.Call("add_numbers", new JObject { ["a"] = "two" }), "an invalid call");
            Assert.That((bool)bad["result"]["isError"], Is.True, "arguments are checked before Unity sees them");
            Assert.That((string)bad["result"]["content"][0]["text"], Does.StartWith("Invalid arguments for add_numbers: a: expected integer"));

            // A domain reload: the provider goes away with its journal kept; the MCP session stays and a call waits.
            first.Disconnect();
            var waiting = mcp.Call("spawn_cube", new JObject { ["x"] = 3, ["y"] = 4, ["name"] = "Crate" });
            Pump.For(first.Connection.Inbox, 700);
            Assert.That(waiting.IsCompleted, Is.False, "the call waits while Unity is away");
            var stillListed = Answer(first, mcp.List(), "tools/list while Unity is away");
            Assert.That(stillListed["tools"].Values<string>(), Does.Contain("spawn_cube"), "tools/list answers from the cached catalog during the reload");

            Assert.That(sidecar.Health()["tools"]["unityWake"].Type, Is.EqualTo(JTokenType.Null), "unknown while Unity is away");
            var second = sidecar.Provide(journal, WakeModes.OnDemand);
            Assert.That((string)sidecar.Health()["tools"]["unityWake"], Is.EqualTo("on-demand"));
            var spawned = Answer(second, waiting, "the call made during the reload");
            Assert.That(spawned["result"]["isError"]?.Value<bool>() ?? false, Is.False, spawned.ToString());
            Assert.That((string)spawned["result"]["structuredContent"]["message"], Is.EqualTo("Spawned Crate at (3, 4)"));
        }

        [Test]
        public void ACallThatFinishedWhileTheSocketWasDownIsAnsweredFromTheJournal()
        {
            var journal = new MemoryJournalStore();
            var first = sidecar.Provide(journal);
            mcp = McpTestClient.Connect(sidecar.Endpoint.Port, sidecar.Endpoint.Token);

            var held = mcp.Call("hold", new JObject { ["tag"] = "t2" });
            Pump.Until(first.Connection.Inbox, () => MethodTools.HoldStarted.Task.IsCompleted, "the hold call started in Unity", 15000);

            // The socket drops first (the reload is under way); the unsafe call still ends in this domain, so its answer can
            // only reach the caller through the journal the next domain reports.
            first.Connection.Shutdown();
            MethodTools.HoldRelease.TrySetResult(true);
            Pump.Until(first.Connection.Inbox, () => new ToolJournal(journal).Report().Any(e => e.Outcome == JournalEntry.Finished), "the hold call journaled as finished", 15000);
            Assert.That(held.IsCompleted, Is.False, "the caller still waits");
            first.Disconnect();

            var second = sidecar.Provide(journal);
            var answer = Answer(second, held, "the call finished during the reload");
            Assert.That(answer["result"]["isError"]?.Value<bool>() ?? false, Is.False, answer.ToString());
            Assert.That((string)answer["result"]["content"][0]["text"], Is.EqualTo("held t2"));
            Assert.That(MethodTools.HoldCalls, Is.EqualTo(1), "answered from the journal, not run again");
        }

        [Test]
        public void AnUnsafeCallCutByAReloadIsReportedInterruptedAndNotRunAgain()
        {
            var oldDomain = new MemoryJournalStore();
            var first = sidecar.Provide(oldDomain);
            mcp = McpTestClient.Connect(sidecar.Endpoint.Port, sidecar.Endpoint.Token);

            var held = mcp.Call("hold", new JObject { ["tag"] = "t1" });
            Pump.Until(first.Connection.Inbox, () => MethodTools.HoldStarted.Task.IsCompleted, "the hold call started in Unity", 15000);

            // The domain unloads mid-call: what SessionState holds is what the journal held at that moment; later writes of
            // the dying domain are lost. The new domain reports the call as started and not finished.
            var kept = new MemoryJournalStore();
            kept.Save(oldDomain.Load());
            first.Disconnect();
            var second = sidecar.Provide(kept);

            var answer = Answer(second, held, "the interrupted call");
            Assert.That((bool)answer["result"]["isError"], Is.True, answer.ToString());
            Assert.That((string)answer["result"]["content"][0]["text"], Does.Contain("interrupted by a domain reload"));
            Pump.For(second.Connection.Inbox, 300);
            Assert.That(MethodTools.HoldCalls, Is.EqualTo(1), "the unsafe call never runs twice");
            Assert.That(new ToolJournal(kept).Count, Is.EqualTo(0), "the reported entry is forgotten");
        }

        // Waits for an MCP answer while playing the Editor's update loop (the provider runs calls from it).
        private static JObject Answer(ToolSidecar.Provider provider, Task<JObject> pending, string what)
        {
            Pump.Until(provider.Connection.Inbox, () => pending.IsCompleted, what + " answered the MCP client", 30000);
            var answer = pending.Result;
            Assert.That((bool)answer["ok"], Is.True, "the MCP client's request failed: " + answer);
            return answer;
        }
    }
}
