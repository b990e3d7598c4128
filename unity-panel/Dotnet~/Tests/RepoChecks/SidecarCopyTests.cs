using System.IO;
using System.Linq;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>The package carries the current sidecar bundle in Sidecar~/ (Unity never imports it), so it runs without the repository.</summary>
    public class SidecarCopyTests
    {
        private const string Fix = "run `node unity-panel/Tools~/sync-sidecar.mjs` after `npm run build` and commit Sidecar~";

        [Test]
        public void TheBundledSidecarIsTheOneTheBuildProduced()
        {
            var built = Path.Combine(RepoPaths.Root, "dist");
            var copy = Path.Combine(RepoPaths.Package, "Sidecar~");
            if (!File.Exists(Path.Combine(built, "agent-panel.mjs"))) Assert.Ignore("dist/agent-panel.mjs is not built (run `npm run build`); nothing to compare with.");
            var wanted = Files(built);
            Assert.That(Files(copy), Is.EqualTo(wanted), "Sidecar~ does not hold the same files as dist/; " + Fix);
            foreach (var f in wanted)
                Assert.That(File.ReadAllBytes(Path.Combine(copy, f)).SequenceEqual(File.ReadAllBytes(Path.Combine(built, f))), Is.True, $"Sidecar~/{f} differs from dist/{f}; " + Fix);
        }

        // The entry, the CommonJS files it requires (beside it) and the chunks it imports on demand, as sorted relative paths.
        private static string[] Files(string dir)
        {
            var chunks = Directory.Exists(Path.Combine(dir, "chunks"))
                ? Directory.GetFiles(Path.Combine(dir, "chunks"), "*.mjs").Select(f => "chunks/" + Path.GetFileName(f))
                : Enumerable.Empty<string>();
            var beside = Directory.Exists(dir) ? Directory.GetFiles(dir, "*.cjs").Select(Path.GetFileName) : Enumerable.Empty<string>();
            var entry = File.Exists(Path.Combine(dir, "agent-panel.mjs")) ? new[] { "agent-panel.mjs" } : new string[0];
            return entry
                .Concat(beside.OrderBy(f => f, System.StringComparer.Ordinal))
                .Concat(chunks.OrderBy(f => f, System.StringComparer.Ordinal))
                .ToArray();
        }
    }
}
