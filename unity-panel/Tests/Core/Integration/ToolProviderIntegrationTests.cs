using AgentPanel.Core.Tests.Support;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Integration
{
    /// <summary>
    /// The C# tool host as the real sidecar's Unity provider: the discovered sample tools are published over the panel
    /// WebSocket and answer calls made through the sidecar's invoker (REST), including a call made while the provider was
    /// disconnected (a simulated domain reload, the journal kept). Runs only when AGENT_PANEL_SIDECAR is set.
    /// McpClientIntegrationTests does the same through the official MCP client.
    /// </summary>
    [Category("Integration")]
    [NonParallelizable]
    public class ToolProviderIntegrationTests
    {
        private ToolSidecar sidecar;

        [SetUp]
        public void SetUp() => sidecar = ToolSidecar.Start("ap-tools-");

        [TearDown]
        public void TearDown()
        {
            sidecar?.Dispose();
            sidecar = null;
        }

        [Test]
        public void PublishedToolsAnswerCallsThroughTheSidecarEvenOneMadeWhileUnityWasAway()
        {
            var journal = new MemoryJournalStore();
            var first = sidecar.Provide(journal);

            var add = sidecar.Rest("add_numbers", "{\"a\":2,\"b\":3}");
            Pump.Until(first.Connection.Inbox, () => add.IsCompleted, "add_numbers answered", 30000);
            Assert.That((bool)add.Result["ok"], Is.True, add.Result.ToString());
            Assert.That((string)add.Result["content"][0]["text"], Is.EqualTo("5"));

            var bad = sidecar.Rest("add_numbers", "{\"a\":\"two\"}");
            Pump.Until(first.Connection.Inbox, () => bad.IsCompleted, "invalid call answered", 30000);
            Assert.That((string)bad.Result["error"]["code"], Is.EqualTo("invalid_params"));

            // A domain reload: the provider's connection goes away; a call made now waits for the next one.
            first.Disconnect();
            var waiting = sidecar.Rest("spawn_cube", "{\"x\":1,\"y\":2}");
            Pump.For(first.Connection.Inbox, 500);
            Assert.That(waiting.IsCompleted, Is.False, "the call waits while Unity is away");
            var second = sidecar.Provide(journal);
            Pump.Until(second.Connection.Inbox, () => waiting.IsCompleted, "the waiting call ran after the reconnect", 30000);
            Assert.That((bool)waiting.Result["ok"], Is.True, waiting.Result.ToString());
            Assert.That((string)waiting.Result["structured"]["message"], Is.EqualTo("Spawned Cube at (1, 2)"));
        }
    }
}
