using System.IO;
using System.Linq;
using System.Reflection;
using AgentPanel.Core.Tests.Support;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Protocol
{
    /// <summary>Every sidecar error code the panel names is one the sidecar can send (docs/protocol/error-codes.json, generated from its one union).</summary>
    public class ErrorCodeTests
    {
        [Test]
        public void EveryCodeThePanelReactsToIsInTheSidecarsList()
        {
            var file = RepoPaths.Root == null ? null : Path.Combine(RepoPaths.Root, "docs", "protocol", "error-codes.json");
            if (file == null || !File.Exists(file)) Assert.Ignore("Not inside the Agent Panel repository: the codes live in docs/protocol/error-codes.json.");
            var sidecar = JArray.Parse(File.ReadAllText(file)).Select(t => (string)t).ToList();
            Assert.That(sidecar, Has.Count.GreaterThan(20));
            var named = typeof(SidecarErrorCodes).GetFields(BindingFlags.Public | BindingFlags.Static).Where(f => f.IsLiteral).Select(f => (string)f.GetRawConstantValue()).ToList();
            Assert.That(named, Is.Not.Empty);
            Assert.That(named.Except(sidecar), Is.Empty, "codes the panel names that the sidecar never sends");
            // The connection's own codes that share a name with the sidecar's mean the same thing.
            Assert.That(sidecar, Does.Contain(ErrorCodes.ProtocolMismatch));
        }
    }
}
