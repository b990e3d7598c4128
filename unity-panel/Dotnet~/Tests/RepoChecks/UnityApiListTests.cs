using System;
using System.IO;
using System.Linq;
using System.Reflection;
using AgentPanel.Core.Tests.Support;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>The committed list of Unity APIs the Editor layer uses is current, and the stubs declare nothing beyond it.</summary>
    public class UnityApiListTests
    {
        private static string ListFile => Path.Combine(RepoPaths.Package, "Stubs~", "USED-UNITY-API.md");

        [Test]
        public void TheCommittedListMatchesWhatTheEditorAssemblyReferences()
        {
            var lines = UnityApiList.Read(Built("CompileCheck", "AgentPanel.Editor.dll"));
            Assert.That(lines, Is.Not.Empty);
            var expected = UnityApiList.Render(lines);
            if (Environment.GetEnvironmentVariable("AGENT_PANEL_UPDATE_API_LIST") == "1") File.WriteAllText(ListFile, expected);
            var current = File.Exists(ListFile) ? File.ReadAllText(ListFile).Replace("\r\n", "\n") : "";
            Assert.That(current, Is.EqualTo(expected), "Stubs~/USED-UNITY-API.md is stale; regenerate it with AGENT_PANEL_UPDATE_API_LIST=1 bash scripts/test-dotnet.sh");
        }

        [Test]
        public void EveryStubMemberIsUsedByTheEditorLayer()
        {
            var used = string.Join("\n", UnityApiList.Read(Built("CompileCheck", "AgentPanel.Editor.dll")));
            var stubs = Assembly.LoadFile(Built("CompileCheck", "UnityStubs.dll"));
            var unused = stubs.GetTypes().Where(t => t.IsPublic || t.IsNestedPublic)
                .SelectMany(t => t.GetMembers(BindingFlags.Public | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly)
                    .Where(m => !(m is MethodInfo method && method.IsSpecialName) && !(m is ConstructorInfo) && !(m is Type))
                    .Where(m => !(t.IsSubclassOf(typeof(Delegate))))
                    // Enum values compile to constants (no member reference to find); the enum type itself is listed when used.
                    .Where(m => !(t.IsEnum && m is FieldInfo))
                    .Select(m => FullName(t) + "." + m.Name))
                .Where(name => !used.Contains("`" + name))
                .ToList();
            Assert.That(unused, Is.Empty, "stub members nothing uses: remove them (stubs declare only what the Editor layer needs)");
        }

        private static string FullName(Type t)
        {
            return (t.DeclaringType != null ? FullName(t.DeclaringType) : t.Namespace) + "." + t.Name;
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
