using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using AgentPanel.Core.Tests.Support;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.RepoChecks
{
    /// <summary>
    /// The compile check (Dotnet~/CompileCheck against the generated Stubs~/&lt;version&gt;) catches what a hand-made subset of
    /// Unity's API could not: a name clash with a Unity type, a member hiding a Unity member, a call of an obsolete member.
    /// Probe files are compiled the way CompileCheck compiles the Editor layer (C# 9, net48, warnings as errors).
    /// </summary>
    [TestFixture("2022.3")]
    [TestFixture("6000.0")]
    public class UnityApiCheckTests
    {
        private readonly string version;
        private List<MetadataReference> references;

        public UnityApiCheckTests(string version)
        {
            this.version = version;
        }

        [OneTimeSetUp]
        public void LoadReferences()
        {
            var framework = Path.Combine(NuGetRoot(), "microsoft.netframework.referenceassemblies.net48", "1.0.3", "build", ".NETFramework", "v4.8");
            if (!Directory.Exists(framework)) Assert.Fail($"the .NET Framework 4.8 reference assemblies are not restored at {framework}; build Dotnet~/CompileCheck first");
            references = new[] { "mscorlib.dll", "System.dll", "System.Core.dll", Path.Combine("Facades", "netstandard.dll") }
                .Select(f => (MetadataReference)MetadataReference.CreateFromFile(Path.Combine(framework, f)))
                .Concat(new[] { "UnityEngine", "UnityEditor", "UnityEditor.TestRunner" }.Select(a => (MetadataReference)MetadataReference.CreateFromFile(BuiltStub(a))))
                .ToList();
        }

        [Test]
        public void AClassNamedLikeAUnityTypeIsAmbiguousWhereBothNamespacesAreImported()
        {
            const string ours = "namespace AgentPanel.Core.View { internal sealed class {0} { } }\n";
            const string use = "namespace AgentPanel.Editor.UI { using UnityEngine.UIElements; using AgentPanel.Core.View;\n"
                + "  internal sealed class Shell { private readonly {0} settings = new {0}(); } }\n";
            Assert.That(Errors(ours.Replace("{0}", "PanelSettings") + use.Replace("{0}", "PanelSettings")), Does.Contain("CS0104"));
            Assert.That(Errors(ours.Replace("{0}", "PanelPreferences") + use.Replace("{0}", "PanelPreferences")), Is.Empty);
        }

        [Test]
        public void AFieldHidingAnInheritedUnityMemberIsAnError()
        {
            const string element = "namespace AgentPanel.Editor.UI.Chat { using UnityEngine.UIElements;\n"
                + "  internal sealed class ToolElement : VisualElement { private Label {0}; public void Bind() { {0} = new Label(); {0}.text = \"Read\"; Add({0}); } } }\n";
            Assert.That(Errors(element.Replace("{0}", "name")), Does.Contain("CS0108"));
            Assert.That(Errors(element.Replace("{0}", "nameLabel")), Is.Empty);
        }

        [Test]
        public void CallingAMemberUnityMarksObsoleteIsAnError()
        {
            const string call = "namespace AgentPanel.Editor.UI { using UnityEngine.UIElements;\n"
                + "  internal static class Keys { public static void OnKey(KeyDownEvent evt) { evt.StopImmediatePropagation(); evt.PreventDefault(); } } }\n";
            // EventBase.PreventDefault() became obsolete in Unity 6; 2022.3 accepts it.
            if (version == "6000.0") Assert.That(Errors(call), Does.Contain("CS0618"));
            else Assert.That(Errors(call), Is.Empty);
            const string fixedCall = "namespace AgentPanel.Editor.UI { using UnityEngine.UIElements;\n"
                + "  internal static class Keys { public static void OnKey(KeyDownEvent evt, TextField input) { evt.StopImmediatePropagation();\n"
                + "#if UNITY_6000_0_OR_NEWER\n input.focusController?.IgnoreEvent(evt);\n#else\n evt.PreventDefault();\n#endif\n } } }\n";
            Assert.That(Errors(fixedCall), Is.Empty);
        }

        [Test]
        public void AnErrorObsoleteMemberAndAMissingMemberAreErrorsToo()
        {
            // Button.onClick is [Obsolete(..., true)] in both versions: the stubs keep the error flag.
            var removed = "namespace P { internal static class C { public static void M(UnityEngine.UIElements.Button b) { b.onClick += () => { }; } } }\n";
            Assert.That(Errors(removed), Does.Contain("CS0619"));
            var missing = "namespace P { internal static class C { public static void M(UnityEngine.UIElements.VisualElement e) { e.NoSuchMember(); } } }\n";
            Assert.That(Errors(missing), Does.Contain("CS1061"));
        }

        [Test]
        public void TheTestFrameworkApiIsThatOfThePackageVersionUnityShips()
        {
            const string run = "namespace AgentPanel.Editor.TestRunner { using UnityEditor.TestTools.TestRunner.Api;\n"
                + "  internal static class Run { public static string Start() { var api = UnityEngine.ScriptableObject.CreateInstance<TestRunnerApi>();\n"
                + "    return api.Execute(new ExecutionSettings(new Filter { testMode = TestMode.EditMode, testNames = new[] { \"A\" } })); } } }\n";
            Assert.That(Errors(run), Is.Empty);
            // TestRunnerApi.RegisterTestCallback (static) is in the Test Framework since 1.3; Unity 6 ships 1.4.6, 2022.3 ships 1.1.33 without it.
            const string register = "namespace P { using UnityEditor.TestTools.TestRunner.Api;\n"
                + "  internal static class C { public static void M(ICallbacks callbacks) { TestRunnerApi.RegisterTestCallback(callbacks); } } }\n";
            if (version == "6000.0") Assert.That(Errors(register), Is.Empty);
            else Assert.That(Errors(register), Does.Contain("CS0117"));
            var missing = "namespace P { internal static class C { public static void M(UnityEditor.TestTools.TestRunner.Api.ITestResultAdaptor r) { var x = r.NoSuchMember; } } }\n";
            Assert.That(Errors(missing), Does.Contain("CS1061"));
        }

        [Test]
        public void TheTestFrameworkStubsComeFromThePinnedPackageTag()
        {
            var script = File.ReadAllText(Path.Combine(RepoPaths.Package, "Tools~", "gen-unity-api.mjs"));
            var table = System.Text.RegularExpressions.Regex.Match(script, "PINNED_TEST_FRAMEWORK_TAGS = \\{([^}]*)\\}");
            Assert.That(table.Success, Is.True, "gen-unity-api.mjs has no PINNED_TEST_FRAMEWORK_TAGS");
            var pinned = System.Text.RegularExpressions.Regex.Match(table.Groups[1].Value, "\"" + version.Replace(".", "\\.") + "\": \"([^\"]+)\"");
            Assert.That(pinned.Success, Is.True, "gen-unity-api.mjs pins no Test Framework tag for " + version);
            var tag = pinned.Groups[1].Value;
            var folder = Path.Combine(RepoPaths.Package, "Stubs~", version);
            Assert.That(File.ReadAllText(Path.Combine(folder, "TEST-FRAMEWORK-REPORT.md")), Does.StartWith("# Test Framework API stubs, com.unity.test-framework " + tag + " (Unity " + version + ")\n"));
            var sources = Directory.GetFiles(Path.Combine(folder, "UnityEditor.TestRunner"), "*.cs");
            Assert.That(sources, Is.Not.Empty);
            var other = sources.Where(f => !File.ReadLines(f).Skip(1).First().Contains("com.unity.test-framework, tag " + tag + ".")).Select(Path.GetFileName).ToList();
            Assert.That(other, Is.Empty, $"Test Framework stubs not generated from {tag}: regenerate with `node unity-panel/Tools~/gen-unity-api.mjs --test-framework-git <dir>`");
        }

        [Test]
        public void TheStubsComeFromThePinnedTag()
        {
            var script = File.ReadAllText(Path.Combine(RepoPaths.Package, "Tools~", "gen-unity-api.mjs"));
            var pinned = System.Text.RegularExpressions.Regex.Match(script, "\"" + version.Replace(".", "\\.") + "\": \"([^\"]+)\"");
            Assert.That(pinned.Success, Is.True, "gen-unity-api.mjs pins no tag for " + version);
            var tag = pinned.Groups[1].Value;
            var folder = Path.Combine(RepoPaths.Package, "Stubs~", version);
            Assert.That(File.ReadAllText(Path.Combine(folder, "REPORT.md")), Does.StartWith("# Unity API stubs, " + tag + "\n"));
            var sources = new[] { "UnityEngine", "UnityEditor" }.SelectMany(a => Directory.GetFiles(Path.Combine(folder, a), "*.cs")).ToList();
            Assert.That(sources, Is.Not.Empty);
            var other = sources.Where(f => !File.ReadLines(f).Skip(1).First().Contains("tag " + tag + ".")).Select(Path.GetFileName).ToList();
            Assert.That(other, Is.Empty, $"stub sources not generated from {tag}: regenerate with `node unity-panel/Tools~/gen-unity-api.mjs`");
        }

        /// <summary>The ids of the errors compiling <paramref name="source"/> as the Editor layer is compiled for this version.</summary>
        private List<string> Errors(string source)
        {
            var defines = new List<string> { "UNITY_EDITOR", "UNITY_2022_3_OR_NEWER" };
            if (version == "6000.0") defines.Add("UNITY_6000_0_OR_NEWER");
            var tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.CSharp9, preprocessorSymbols: defines));
            var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, generalDiagnosticOption: ReportDiagnostic.Error, warningLevel: 4);
            var compilation = CSharpCompilation.Create("AgentPanel.Editor", new[] { tree }, references, options);
            return compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(d => d.Id).Distinct().ToList();
        }

        private static string NuGetRoot() =>
            Environment.GetEnvironmentVariable("NUGET_PACKAGES") ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");

        /// <summary>A stub assembly as Dotnet~/CompileCheck built it (newest of Debug/Release).</summary>
        private string BuiltStub(string assembly)
        {
            var bin = Path.Combine(RepoPaths.Package, "Stubs~", version, assembly, "bin");
            var found = Directory.Exists(bin) ? Directory.GetFiles(bin, assembly + ".dll", SearchOption.AllDirectories).OrderByDescending(File.GetLastWriteTimeUtc).FirstOrDefault() : null;
            if (found == null) Assert.Fail($"{assembly}.dll for {version} is not built; run `dotnet build unity-panel/Dotnet~/CompileCheck/{version}`");
            return found;
        }
    }
}
