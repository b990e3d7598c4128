using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using AgentPanel.Core.Protocol;
using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The discovered [AgentTool] tools behind the provider connection: published with their schemas, called by tool.invoke, answered as tool.result.</summary>
    public class ToolHostExecutorTests : ConnectionFixture
    {
        private ToolProviderClient client;

        [TearDown]
        public void DisposeClient() => client?.Dispose();

        private ToolHost Host() => new ToolHost(ToolDiscoveryTests.Samples(), new InlineToolThreads());

        private void Start()
        {
            var options = FastOptions();
            options.Provides = new List<string> { "tools" };
            options.ProviderId = "editor-test";
            Connect(options: options);
            var host = Host();
            client = new ToolProviderClient(connection, new ToolHostExecutor(() => host), new ToolJournal(new MemoryJournalStore()));
            WaitConnected();
        }

        private JObject Call(string callId, string tool, string args, bool dryRun = false)
        {
            sidecar.Push(new ToolInvokeFrame { CallId = callId, Tool = tool, Arguments = JObject.Parse(args), DryRun = dryRun, Deadline = DateTimeOffset.UtcNow.AddMinutes(1).ToUnixTimeMilliseconds() });
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tool.result").Any(r => (string)r["callId"] == callId), "tool.result " + callId);
            return sidecar.CommandsNamed("tool.result").Single(r => (string)r["callId"] == callId);
        }

        [Test]
        public void PublishesEveryDiscoveredToolAsTheCatalogEntryItDescribes()
        {
            Start();
            Pump.Until(connection.Inbox, () => sidecar.CommandsNamed("tools.publish").Count == 1, "tools.publish");
            var catalog = (JArray)sidecar.CommandsNamed("tools.publish")[0]["catalog"];
            var host = Host();
            Assert.That(catalog.Select(t => (string)t["name"]), Is.EqualTo(host.Discovery.Tools.Select(t => t.Name)));
            foreach (var tool in host.Discovery.Tools)
            {
                var published = catalog.Single(t => (string)t["name"] == tool.Name);
                Assert.That(JToken.DeepEquals(published["inputSchema"], tool.InputSchema), Is.True, tool.Name + " input schema");
                var expected = (JObject)tool.ToCatalogEntry()["annotations"];
                foreach (var p in expected.Properties()) Assert.That(JToken.DeepEquals(published["annotations"][p.Name], p.Value), Is.True, $"{tool.Name}.{p.Name}");
            }
        }

        [Test]
        public void RunsBothShapesAndAnswersWithTheirResults()
        {
            Start();
            var add = Call("c1", "add_numbers", "{\"a\":2,\"b\":3}");
            Assert.That((bool)add["ok"], Is.True);
            Assert.That((string)add["content"][0]["text"], Is.EqualTo("5"));
            var cube = Call("c2", "spawn_cube", "{\"x\":1,\"y\":2}");
            Assert.That((string)cube["structured"]["message"], Is.EqualTo("Spawned Cube at (1, 2)"));
            var image = Call("c3", "picture", "{}");
            Assert.That((string)image["content"][0]["type"], Is.EqualTo("image"));
            Assert.That((string)image["content"][0]["mimeType"], Is.EqualTo("image/png"));
        }

        [Test]
        public void ErrorsKeepTheirCodesOverTheWire()
        {
            Start();
            Assert.That((string)Call("e1", "add_numbers", "{\"a\":\"x\"}")["error"]["code"], Is.EqualTo("invalid_params"));
            Assert.That((string)Call("e2", "no_such_tool", "{}")["error"]["code"], Is.EqualTo("not_found"));
            var failed = Call("e3", "explode", "{\"why\":\"w\"}");
            Assert.That((string)failed["error"]["code"], Is.EqualTo("tool_failed"));
            Assert.That((string)failed["error"]["message"], Does.Contain("boom: w"));
        }

        [Test]
        public void ADryRunFrameReachesTheTool()
        {
            Start();
            Samples.MethodTools.Calls.Clear();
            Assert.That((string)Call("d1", "delete_thing", "{\"name\":\"A\"}", dryRun: true)["content"][0]["text"], Is.EqualTo("would delete A"));
            Assert.That(Samples.MethodTools.Calls, Is.EqualTo(new[] { "dry A" }));
        }

        [Test]
        public void APassedDeadlineCancelsACallThatHasNotStarted()
        {
            var executor = new ToolHostExecutor(Host);
            var result = executor.ExecuteAsync(new ToolCall { CallId = "x", Tool = "slow_echo", Arguments = JObject.Parse("{\"text\":\"t\"}"), Deadline = DateTimeOffset.UtcNow.AddSeconds(-1) }, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(result.Error.Code, Is.EqualTo("cancelled"));
        }
    }
}
