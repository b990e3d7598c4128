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

        // Every file of the build (the entries, the chunks they import, jsdom's stand-in), as sorted relative paths with '/'.
        private static string[] Files(string dir)
        {
            if (!Directory.Exists(dir)) return new string[0];
            return Directory.GetFiles(dir, "*", SearchOption.AllDirectories)
                .Select(f => f.Substring(dir.Length).TrimStart(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar).Replace('\\', '/'))
                .OrderBy(f => f, System.StringComparer.Ordinal)
                .ToArray();
        }
    }
}
