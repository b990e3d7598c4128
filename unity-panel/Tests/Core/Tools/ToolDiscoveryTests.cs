using System;
using System.Linq;
using System.Reflection;
using AgentPanel.Core.Tests.Tools.Dupes;
using AgentPanel.Core.Tests.Tools.Invalid;
using AgentPanel.Core.Tests.Tools.Samples;
using AgentPanel.Core.Tools;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>Finding [AgentTool] declarations of both shapes, skipping invalid ones with a reason, resolving duplicates, ordering.</summary>
    public class ToolDiscoveryTests
    {
        internal static ToolDiscoveryResult Samples() => ToolDiscovery.Discover(typeof(MethodTools).Assembly.GetTypes().Where(t => t.Namespace == typeof(MethodTools).Namespace));

        [Test]
        public void FindsMethodToolsUnderTheirSnakeCaseOrDeclaredNames()
        {
            var names = Samples().Tools.Select(t => t.Name).ToList();
            Assert.That(names, Does.Contain("add_numbers"));
            Assert.That(names, Does.Contain("spawn"), "the attribute's Name wins");
            Assert.That(names, Does.Contain("slow_echo"));
            Assert.That(names, Does.Contain("delete_thing"));
        }

        [Test]
        public void FindsClassToolsOfEveryHandlerShape()
        {
            var result = Samples();
            Assert.That(result.Find("spawn_cube").Shape, Is.EqualTo(ToolShape.StaticHandler));
            Assert.That(result.Find("stateful_tool").Shape, Is.EqualTo(ToolShape.InstanceHandler));
            Assert.That(result.Find("interface_tool").ViaInterface, Is.True, "named after the class, called through IAgentTool");
            Assert.That(result.Find("async_class_tool").Method.ReturnType, Is.EqualTo(typeof(System.Threading.Tasks.Task<object>)));
            Assert.That(result.Find("plain_task_tool"), Is.Not.Null);
        }

        [Test]
        public void CopiesTheAttributeIntoTheCatalogEntry()
        {
            var add = Samples().Find("add_numbers").ToCatalogEntry();
            Assert.That((string)add["description"], Is.EqualTo("Adds two numbers"));
            var a = add["annotations"];
            Assert.That((string)a["idempotency"], Is.EqualTo("safe"));
            Assert.That((bool)a["mainThread"], Is.False);
            Assert.That((bool)a["destructive"], Is.False);
            Assert.That((string)a["group"], Is.EqualTo("math"));
            Assert.That(a["examples"].ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("[{\"arguments\":{\"a\":1,\"b\":2}}]"));
            Assert.That(a["maxResultSizeChars"], Is.Null, "0 keeps the sidecar's default");
            var spawn = Samples().Find("spawn").ToCatalogEntry()["annotations"];
            Assert.That((string)spawn["idempotency"], Is.EqualTo("unsafe"), "Unsafe is the default");
            Assert.That((bool)spawn["mainThread"], Is.True, "MainThread is the default");
            Assert.That((bool)spawn["alwaysLoad"], Is.True);
            Assert.That((string)spawn["undoGroup"], Is.EqualTo("Spawn things"));
            Assert.That((int)spawn["maxResultSizeChars"], Is.EqualTo(5000));
            Assert.That((bool)Samples().Find("delete_thing").ToCatalogEntry()["annotations"]["destructive"], Is.True);
        }

        [Test]
        public void DisabledToolsAreLeftOutWithANote()
        {
            var result = Samples();
            Assert.That(result.Find("hidden"), Is.Null);
            Assert.That(result.Diagnostics.Any(d => d.Level == ToolDiagnosticLevel.Info && d.Message.Contains("'hidden' is disabled")), Is.True);
        }

        [TestCase(typeof(NoHandler), "needs a public HandleCommand(JObject)")]
        [TestCase(typeof(WrongReturn), "must return object, Task<object> or Task")]
        [TestCase(typeof(AbstractInstance), "abstract or static")]
        [TestCase(typeof(NoDefaultConstructor), "parameterless constructor")]
        [TestCase(typeof(BadName), "'Bad Name' is not valid")]
        [TestCase(typeof(BadExample), "Examples[0] is not a JSON object")]
        public void SkipsAnInvalidClassNamingTheTypeAndTheReason(Type type, string reason)
        {
            var result = ToolDiscovery.Discover(new[] { type, typeof(MethodTools) });
            Assert.That(result.Tools.Any(t => t.DeclaringType == type), Is.False);
            var diagnostic = result.Diagnostics.Single(d => d.Level == ToolDiagnosticLevel.Error);
            Assert.That(diagnostic.Subject, Is.EqualTo(type.FullName));
            Assert.That(diagnostic.Message, Does.Contain(reason));
            Assert.That(result.Find("add_numbers"), Is.Not.Null, "valid tools beside it still load");
        }

        [TestCase("NotStatic", "must be static")]
        [TestCase("TakesDelegate", "parameter 'callback'")]
        [TestCase("TakesRecursive", "contains itself")]
        [TestCase("TakesRef", "ref/out")]
        public void SkipsAnInvalidMethodNamingItAndTheReason(string method, string reason)
        {
            var result = ToolDiscovery.Discover(new[] { typeof(InvalidMethods) });
            Assert.That(result.Tools, Is.Empty);
            var diagnostic = result.Diagnostics.Single(d => d.Subject == typeof(InvalidMethods).FullName + "." + method);
            Assert.That(diagnostic.Level, Is.EqualTo(ToolDiagnosticLevel.Error));
            Assert.That(diagnostic.Message, Does.StartWith("skipped: ").And.Contain(reason));
        }

        [Test]
        public void OfTwoToolsWithOneNameTheOrdinalFirstWinsAndTheOtherIsAnError()
        {
            foreach (var order in new[] { new[] { typeof(B), typeof(A) }, new[] { typeof(A), typeof(B) } })
            {
                var result = ToolDiscovery.Discover(order);
                Assert.That(result.Tools.Single().Description, Is.EqualTo("first"), "A sorts before B whatever order the types came in");
                var error = result.Diagnostics.Single(d => d.Level == ToolDiagnosticLevel.Error);
                Assert.That(error.Subject, Is.EqualTo(typeof(B).FullName + ".Second"));
                Assert.That(error.Message, Does.Contain("duplicate tool name 'same_name'").And.Contain(typeof(A).FullName + ".First"));
            }
        }

        [Test]
        public void OrderIsOrdinalByAssemblyTypeAndName()
        {
            var shuffled = typeof(MethodTools).Assembly.GetTypes().Where(t => t.Namespace == typeof(MethodTools).Namespace).Reverse();
            var tools = ToolDiscovery.Discover(shuffled).Tools;
            var keys = tools.Select(t => t.DeclaringType.FullName + "\u0000" + t.Name).ToList();
            Assert.That(keys, Is.EqualTo(keys.OrderBy(k => k, StringComparer.Ordinal).ToList()));
            Assert.That(tools.Select(t => t.Name), Is.EqualTo(Samples().Tools.Select(t => t.Name)), "input order does not matter");
            Assert.That(tools.First(t => t.DeclaringType == typeof(MethodTools)).Name, Is.EqualTo("add_numbers"));
        }

        [Test]
        public void APartlyLoadableAssemblyContributesTheTypesThatLoadAndSaysWhyTheOthersDidNot()
        {
            var diagnostics = new System.Collections.Generic.List<ToolDiagnostic>();
            var types = ToolDiscovery.LoadableTypes("Game.Editor", () => throw new ReflectionTypeLoadException(
                new[] { typeof(MethodTools), null, typeof(SpawnCubeTool) },
                new Exception[] { new TypeLoadException("Could not load type 'Missing.Dependency'") }), diagnostics);
            Assert.That(types, Is.EqualTo(new[] { typeof(MethodTools), typeof(SpawnCubeTool) }));
            var note = diagnostics.Single();
            Assert.That(note.Subject, Is.EqualTo("Game.Editor"));
            Assert.That(note.Message, Does.Contain("1 type(s) could not be loaded").And.Contain("Missing.Dependency"));
            var result = ToolDiscovery.Discover(types, diagnostics);
            Assert.That(result.Find("spawn_cube"), Is.Not.Null);
            Assert.That(result.Diagnostics, Has.Member(note));
        }

        [Test]
        public void AnUnknownEnumTypeIsAWarningAndTheInputAcceptsAnyString()
        {
            var result = Samples();
            Assert.That(result.Diagnostics.Where(d => d.Level != ToolDiagnosticLevel.Info), Is.Empty, "PrimitiveKind resolves from the tool's assembly");
            Assert.That(result.Find("spawn_cube").InputSchema["properties"]["shape"]["enum"].ToObject<string[]>(), Is.EqualTo(new[] { "Cube", "Sphere", "Capsule" }));
        }

        [Test]
        public void SnakeCaseFollowsWordsAndAcronyms()
        {
            Assert.That(ToolNames.ToSnakeCase("SpawnCubeTool"), Is.EqualTo("spawn_cube_tool"));
            Assert.That(ToolNames.ToSnakeCase("HTTPServer"), Is.EqualTo("http_server"));
            Assert.That(ToolNames.ToSnakeCase("includePassed"), Is.EqualTo("include_passed"));
            Assert.That(ToolNames.IsValid("a" + new string('b', 63)), Is.True);
            Assert.That(ToolNames.IsValid("a" + new string('b', 64)), Is.False);
            Assert.That(ToolNames.IsValid("9lives"), Is.False);
        }
    }
}
