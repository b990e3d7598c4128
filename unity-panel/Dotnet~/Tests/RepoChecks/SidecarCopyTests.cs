using System.IO;
using System.Linq;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>The package carries the current sidecar bundle in Sidecar~/ (Unity never imports it), so it runs without the repository.</summary>
    public class SidecarCopyTests
    {
        [Test]
        public void TheBundledSidecarIsTheOneTheBuildProduced()
        {
            var built = Path.Combine(RepoPaths.Root, "dist", "agent-panel.mjs");
            var copy = Path.Combine(RepoPaths.Package, "Sidecar~", "agent-panel.mjs");
            if (!File.Exists(built)) Assert.Ignore("dist/agent-panel.mjs is not built (run `npm run build`); nothing to compare with.");
            Assert.That(File.Exists(copy), Is.True, "unity-panel/Sidecar~/agent-panel.mjs is missing; run `node unity-panel/Tools~/sync-sidecar.mjs` after `npm run build`.");
            Assert.That(File.ReadAllBytes(copy).SequenceEqual(File.ReadAllBytes(built)), Is.True,
                "unity-panel/Sidecar~/agent-panel.mjs differs from dist/agent-panel.mjs; run `node unity-panel/Tools~/sync-sidecar.mjs` and commit it.");
        }
    }
}
