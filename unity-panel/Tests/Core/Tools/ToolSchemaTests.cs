using System.Linq;
using AgentPanel.Core.Tests.Tools.Samples;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>The input schema is generated from signatures: every supported type kind, optional inputs, defaults, descriptions.</summary>
    public class ToolSchemaTests
    {
        private static JObject Spawn => (JObject)ToolDiscoveryTests.Samples().Find("spawn").InputSchema;
        private static JToken Prop(JObject schema, string name) => schema["properties"][name];

        private static string Json(JToken t) => t.ToString(Newtonsoft.Json.Formatting.None);

        [Test]
        public void AMethodSchemaIsAClosedObjectWithItsNonDefaultParametersRequired()
        {
            var add = ToolDiscoveryTests.Samples().Find("add_numbers").InputSchema;
            Assert.That(Json(add), Is.EqualTo("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},\"b\":{\"type\":\"integer\",\"description\":\"The second number\",\"default\":10}},\"required\":[\"a\"],\"additionalProperties\":false}"));
        }

        [Test]
        public void PrimitivesMapToJsonTypes()
        {
            Assert.That(Json(Prop(Spawn, "big")), Is.EqualTo("{\"type\":\"integer\",\"default\":5}"));
            Assert.That(Json(Prop(Spawn, "scale")), Is.EqualTo("{\"type\":\"number\",\"default\":1.5}"));
            Assert.That(Json(Prop(Spawn, "label")), Is.EqualTo("{\"type\":\"string\",\"default\":\"\"}"), "an empty default stays \"\"");
            Assert.That(Json(Prop(Spawn, "visible")), Is.EqualTo("{\"type\":\"boolean\"}"), "a nullable bool with a null default has no default");
            Assert.That(Spawn["required"].ToObject<string[]>(), Is.EqualTo(new[] { "kind", "position", "color", "rotation", "names", "weights", "options" }));
        }

        [Test]
        public void EnumsAreStringsByName()
        {
            Assert.That(Json(Prop(Spawn, "kind")), Is.EqualTo("{\"type\":\"string\",\"enum\":[\"Cube\",\"Sphere\",\"Capsule\"]}"));
        }

        [Test]
        public void ArraysAndListsAreArraysOfTheirItems()
        {
            Assert.That(Json(Prop(Spawn, "names")), Is.EqualTo("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}"));
            Assert.That(Json(Prop(Spawn, "weights")), Is.EqualTo("{\"type\":\"array\",\"items\":{\"type\":\"number\"}}"));
        }

        [Test]
        public void VectorQuaternionAndColorAreObjectsOfTheirComponentsRecognisedByShape()
        {
            Assert.That(Json(Prop(Spawn, "position")), Is.EqualTo("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"number\"},\"y\":{\"type\":\"number\"},\"z\":{\"type\":\"number\"}},\"required\":[\"x\",\"y\",\"z\"],\"additionalProperties\":false,\"title\":\"Vector3\"}"));
            Assert.That(Prop(Spawn, "rotation")["required"].ToObject<string[]>(), Is.EqualTo(new[] { "x", "y", "z", "w" }));
            var color = Prop(Spawn, "color");
            Assert.That(color["required"].ToObject<string[]>(), Is.EqualTo(new[] { "r", "g", "b" }), "alpha may be left out");
            Assert.That((double)color["properties"]["a"]["default"], Is.EqualTo(1.0));
        }

        [Test]
        public void AStructNamedLikeAVectorButShapedDifferentlyIsAPlainObject()
        {
            var info = ToolTypes.Describe(typeof(Other.Vector3));
            Assert.That(info.Kind, Is.EqualTo(ToolTypeKind.Object));
            Assert.That(info.Members.Select(m => m.JsonName), Is.EqualTo(new[] { "left", "right" }));
        }

        [Test]
        public void NestedClassesAreClosedObjectsWithTheirMembersDescribed()
        {
            var options = Prop(Spawn, "options");
            Assert.That(Json(options), Is.EqualTo("{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\",\"description\":\"How many to spawn\"},\"prefix\":{\"type\":\"string\",\"description\":\"Name prefix\",\"default\":\"Item\"},\"tags\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"required\":[\"count\"],\"additionalProperties\":false,\"title\":\"SpawnOptions\"}"));
        }

        [Test]
        public void AClassToolSchemaComesFromItsParametersClassAndStaysOpen()
        {
            var schema = ToolDiscoveryTests.Samples().Find("spawn_cube").InputSchema;
            Assert.That(schema["required"].ToObject<string[]>(), Is.EqualTo(new[] { "x", "y" }));
            Assert.That(Json(Prop(schema, "x")), Is.EqualTo("{\"type\":\"number\",\"description\":\"X position\"}"));
            Assert.That(Json(Prop(schema, "name")), Is.EqualTo("{\"type\":\"string\",\"description\":\"Object name\",\"default\":\"Cube\"}"));
            Assert.That(Json(Prop(schema, "note")), Is.EqualTo("{\"type\":\"string\",\"description\":\"Empty default\",\"default\":\"\"}"));
            Assert.That(schema["additionalProperties"], Is.Null, "HandleCommand reads its JObject freely");
            Assert.That(Json(ToolDiscoveryTests.Samples().Find("stateful_tool").InputSchema), Is.EqualTo("{\"type\":\"object\",\"properties\":{}}"), "no Parameters class: any object");
        }

        [Test]
        public void InjectedAndDryRunParametersAreNotInTheSchema()
        {
            var samples = ToolDiscoveryTests.Samples();
            Assert.That(((JObject)samples.Find("slow_echo").InputSchema["properties"]).Properties().Select(p => p.Name), Is.EqualTo(new[] { "text" }), "CancellationToken is injected");
            Assert.That(((JObject)samples.Find("delete_thing").InputSchema["properties"]).Properties().Select(p => p.Name), Is.EqualTo(new[] { "name" }), "the sidecar adds confirm/dry_run itself");
            Assert.That(samples.Find("delete_thing").HandlesDryRun, Is.True);
            Assert.That(samples.Find("erase_all").HandlesDryRun, Is.False);
            Assert.That(((JObject)samples.Find("wipe_tool").InputSchema["properties"]).Properties().Select(p => p.Name), Is.EqualTo(new[] { "target" }));
        }

        [Test]
        public void DictionariesAndRawJsonAreAllowed()
        {
            Assert.That(Json(ToolSchema.ForType(ToolTypes.Describe(typeof(System.Collections.Generic.Dictionary<string, int>)))), Is.EqualTo("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}"));
            Assert.That(Json(ToolSchema.ForType(ToolTypes.Describe(typeof(JObject)))), Is.EqualTo("{\"type\":\"object\"}"));
            Assert.That(Json(ToolSchema.ForType(ToolTypes.Describe(typeof(JToken)))), Is.EqualTo("{}"));
        }

        [Test]
        public void AnOutputSchemaComesFromOutputTypeOrOutputSchema()
        {
            var result = ToolDiscovery.Discover(new[] { typeof(Other.OutputTools) });
            Assert.That(Json(result.Find("typed_output").ToCatalogEntry()["outputSchema"]), Is.EqualTo("{\"type\":\"object\",\"properties\":{\"count\":{\"type\":\"integer\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}},\"title\":\"Report\"}"));
            Assert.That(Json(result.Find("declared_output").ToCatalogEntry()["outputSchema"]), Is.EqualTo("{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}}}"));
            Assert.That(result.Find("no_output").ToCatalogEntry()["outputSchema"], Is.Null);
            Assert.That(result.Diagnostics.Single().Message, Does.Contain("must describe an object"));
        }
    }
}

namespace AgentPanel.Core.Tests.Tools.Other
{
    /// <summary>Named Vector3 but not shaped like one.</summary>
    public struct Vector3
    {
        public float Left;
        public float Right;
    }

    public class Report
    {
        public int Count { get; set; }
        public string[] Names { get; set; }
    }

    public static class OutputTools
    {
        [AgentTool(OutputType = typeof(Report))]
        public static Report TypedOutput() => new Report();

        [AgentTool(OutputSchema = "{\"type\":\"object\",\"properties\":{\"ok\":{\"type\":\"boolean\"}}}")]
        public static object DeclaredOutput() => new { ok = true };

        [AgentTool]
        public static object NoOutput() => null;

        [AgentTool(OutputSchema = "{\"type\":\"string\"}")]
        public static string NotAnObject() => "";
    }
}
