using System;
using System.IO;
using System.Linq;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>The committed list of Unity APIs the Editor layer uses (for the manual desk check) is current.</summary>
    public class UnityApiListTests
    {
        private static string ListFile => Path.Combine(RepoPaths.Package, "Stubs~", "USED-UNITY-API.md");

        [Test]
        public void TheCommittedListMatchesWhatTheEditorAssemblyReferences()
        {
            var lines = UnityApiList.Read(Built(Path.Combine("CompileCheck", "2022.3"), "AgentPanel.Editor.dll"));
            Assert.That(lines, Is.Not.Empty);
            var expected = UnityApiList.Render(lines);
            if (Environment.GetEnvironmentVariable("AGENT_PANEL_UPDATE_API_LIST") == "1") File.WriteAllText(ListFile, expected);
            var current = File.Exists(ListFile) ? File.ReadAllText(ListFile).Replace("\r\n", "\n") : "";
            Assert.That(current, Is.EqualTo(expected), "Stubs~/USED-UNITY-API.md is stale; regenerate it with AGENT_PANEL_UPDATE_API_LIST=1 bash scripts/test-dotnet.sh");
        }

        /// <summary>A file of a project's newest build output (Debug or Release).</summary>
        private static string Built(string project, string file)
        {
            var bin = Path.Combine(RepoPaths.Package, "Dotnet~", project, "bin");
            var found = Directory.Exists(bin) ? Directory.GetFiles(bin, file, SearchOption.AllDirectories).OrderByDescending(File.GetLastWriteTimeUtc).FirstOrDefault() : null;
            if (found == null) Assert.Fail($"{file} is not built; run `dotnet build unity-panel/Dotnet~/{project}` (scripts/test-dotnet.sh does).");
            return found;
        }
    }
}
