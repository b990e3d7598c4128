using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Tests.Tools.Samples;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>Binding JSON to typed arguments, calling both shapes (sync, async, instance), and turning every result or failure into an outcome.</summary>
    public class ToolInvokerTests
    {
        private ToolDiscoveryResult samples;

        [SetUp]
        public void SetUp()
        {
            samples = ToolDiscoveryTests.Samples();
            MethodTools.Calls.Clear();
            PlainTaskTool.Seen.Clear();
        }

        private ToolOutcome Call(string tool, string args, bool dryRun = false) => ToolInvoker.InvokeAsync(samples.Find(tool), JObject.Parse(args), dryRun, CancellationToken.None).GetAwaiter().GetResult();

        private static string Text(ToolOutcome o) => o.Content.First().Text;

        private const string SpawnArgs = "{\"kind\":\"sphere\",\"position\":{\"x\":1,\"y\":2.5,\"z\":-3},\"color\":{\"r\":1,\"g\":0,\"b\":0},\"rotation\":{\"x\":0,\"y\":0,\"z\":0,\"w\":1},\"names\":[\"a\",\"b\"],\"weights\":[1,2.5,3],\"options\":{\"count\":3}";

        [Test]
        public void BindsEveryKindOfArgumentAndAppliesDefaults()
        {
            var outcome = Call("spawn", SpawnArgs + "}");
            Assert.That(outcome.Ok, Is.True, Text(outcome));
            Assert.That(MethodTools.Calls.Single(), Is.EqualTo("Sphere 1,2.5,-3 a=1 2 3 3:Item  5 1.5"), "enum by name (any case), vector, color alpha default, nested default, optional defaults");
            Assert.That(outcome.Structured.ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"success\":true,\"message\":\"spawned\",\"data\":{\"kind\":\"Sphere\",\"position\":{\"x\":1.0,\"y\":2.5,\"z\":-3.0},\"count\":3}}"));
            Assert.That(Text(outcome), Is.EqualTo(outcome.Structured.ToString(Newtonsoft.Json.Formatting.None)));
        }

        [Test]
        public void ReadsAMethodToolsReturnValueAsJson()
        {
            var outcome = Call("add_numbers", "{\"a\":2}");
            Assert.That(outcome.Ok, Is.True);
            Assert.That(Text(outcome), Is.EqualTo("12"));
            Assert.That(outcome.Structured, Is.Null, "only objects are structured");
        }

        [TestCase("{\"a\":\"2\"}", "Invalid parameter 'a': expected an integer, got string \"2\".")]
        [TestCase("{\"a\":2.5}", "Invalid parameter 'a': expected an integer, got number 2.5.")]
        [TestCase("{\"a\":3000000000}", "Invalid parameter 'a': 3000000000 is out of range for Int32.")]
        [TestCase("{}", "Missing required parameter 'a'.")]
        [TestCase("{\"a\":1,\"B\":2}", "Unknown parameter 'B'; did you mean 'b'?")]
        [TestCase("{\"a\":1,\"c\":2}", "Unknown parameter 'c'; expected one of: a, b")]
        [TestCase("{\"a\":null}", "Invalid parameter 'a': must not be null (expected an integer).")]
        public void BadArgumentsAreInvalidParamsNamingTheParameter(string args, string message)
        {
            var outcome = Call("add_numbers", args);
            Assert.That(outcome.Ok, Is.False);
            Assert.That(outcome.ErrorCode, Is.EqualTo("invalid_params"));
            Assert.That(outcome.ErrorMessage, Is.EqualTo(message));
        }

        [TestCase(",\"kind\":\"Cone\"}", "Invalid parameter 'kind': must be one of Cube, Sphere, Capsule (got string \"Cone\").")]
        [TestCase(",\"position\":{\"x\":1,\"y\":2}}", "Invalid parameter 'position.z': is required (expected a number).")]
        [TestCase(",\"position\":[1,2,3]}", "Invalid parameter 'position': expected an object {x, y, z}, got an array.")]
        [TestCase(",\"names\":[\"a\",3]}", "Invalid parameter 'names[1]': expected a string, got number 3.")]
        [TestCase(",\"options\":{\"count\":1,\"colour\":2}}", "Unknown parameter 'options.colour'; expected one of: count, prefix, tags")]
        [TestCase(",\"options\":{}}", "Invalid parameter 'options.count': is required (expected an integer).")]
        [TestCase(",\"visible\":\"yes\"}", "Invalid parameter 'visible': expected true or false, got string \"yes\".")]
        public void NestedErrorsNameThePathToTheBadValue(string tail, string message)
        {
            // Later keys replace earlier ones in JObject.Parse, so the tail overrides a valid argument.
            var outcome = Call("spawn", SpawnArgs + tail);
            Assert.That(outcome.ErrorCode, Is.EqualTo("invalid_params"));
            Assert.That(outcome.ErrorMessage, Is.EqualTo(message));
            Assert.That(MethodTools.Calls, Is.Empty, "nothing ran");
        }

        [Test]
        public void AwaitsAsyncMethodsAndPassesTheCancellationToken()
        {
            Assert.That(Text(Call("slow_echo", "{\"text\":\"hi\"}")), Is.EqualTo("echo hi"));
            var touched = Call("touch", "{\"path\":\"A\"}");
            Assert.That(Text(touched), Is.EqualTo("Done."), "a plain Task answers Done.");
            Assert.That(MethodTools.Calls, Is.EqualTo(new[] { "touch A" }));
            using (var cts = new CancellationTokenSource())
            {
                cts.Cancel();
                var cancelled = ToolInvoker.InvokeAsync(samples.Find("slow_echo"), JObject.Parse("{\"text\":\"x\"}"), false, cts.Token).GetAwaiter().GetResult();
                Assert.That(cancelled.ErrorCode, Is.EqualTo("cancelled"));
            }
        }

        [Test]
        public void RunsAStaticClassToolWithItsJObject()
        {
            var outcome = Call("spawn_cube", "{\"x\":1,\"y\":2,\"name\":\"MyCube\",\"extra\":true}");
            Assert.That(outcome.Ok, Is.True);
            Assert.That((string)outcome.Structured["message"], Is.EqualTo("Spawned MyCube at (1, 2)"));
            Assert.That(outcome.Structured["data"]["name"].ToString(), Is.EqualTo("MyCube"));
        }

        [Test]
        public void AClassToolsRequiredAndTypedParametersAreCheckedBeforeItRuns()
        {
            Assert.That(Call("spawn_cube", "{\"x\":1}").ErrorMessage, Is.EqualTo("Missing required parameter 'y'."));
            Assert.That(Call("spawn_cube", "{\"x\":1,\"y\":\"up\"}").ErrorMessage, Is.EqualTo("Invalid parameter 'y': expected a number, got string \"up\"."));
            Assert.That(Call("spawn_cube", "{\"x\":1,\"y\":1,\"shape\":\"Cone\"}").ErrorMessage, Is.EqualTo("Invalid parameter 'shape': must be one of Cube, Sphere, Capsule (got \"Cone\")."));
        }

        [Test]
        public void InstanceToolsGetANewInstancePerCall()
        {
            Assert.That((string)Call("stateful_tool", "{}").Structured["message"], Is.EqualTo("Called 1 times"));
            Assert.That((string)Call("stateful_tool", "{}").Structured["message"], Is.EqualTo("Called 1 times"));
            Assert.That(Text(Call("interface_tool", "{\"value\":7}")), Is.EqualTo("{\"got\":7}"));
        }

        [Test]
        public void AwaitsAsyncClassTools()
        {
            Assert.That((string)Call("async_class_tool", "{}").Structured["message"], Is.EqualTo("Done after a while"));
            Assert.That(Text(Call("plain_task_tool", "{\"what\":\"w\"}")), Is.EqualTo("Done."));
            Assert.That(PlainTaskTool.Seen, Is.EqualTo(new[] { "w" }));
        }

        [Test]
        public void ExceptionsBecomeErrorOutcomesWithTheirMessage()
        {
            var outcome = Call("explode", "{\"why\":\"test\"}");
            Assert.That(outcome.Ok, Is.False);
            Assert.That(outcome.ErrorCode, Is.EqualTo("tool_failed"));
            Assert.That(outcome.ErrorMessage, Is.EqualTo("explode failed: InvalidOperationException: boom: test"));
            Assert.That(Call("throwing_class_tool", "{}").ErrorMessage, Is.EqualTo("throwing_class_tool failed: ArgumentException: bad things"));
        }

        [Test]
        public void AToolExceptionKeepsItsCodeAndMessage()
        {
            var outcome = Call("missing", "{\"target\":\"/Enemy\"}");
            Assert.That(outcome.ErrorCode, Is.EqualTo("not_found"));
            Assert.That(outcome.ErrorMessage, Is.EqualTo("No GameObject matches '/Enemy'."));
        }

        [Test]
        public void ResponseObjectsKeepTheirMeaning()
        {
            var refused = Call("refuse", "{}");
            Assert.That(refused.Ok, Is.False);
            Assert.That(refused.ErrorCode, Is.EqualTo("not_found"));
            Assert.That(refused.ErrorMessage, Does.Contain("select a GameObject first"));
            var picture = Call("picture", "{}");
            Assert.That(picture.Content.Select(c => c.Type), Is.EqualTo(new[] { "image", "text" }));
            Assert.That(picture.Content[0].Data, Is.EqualTo("AQID"));
            Assert.That(picture.Content[0].MimeType, Is.EqualTo("image/png"));
            Assert.That(picture.ToJson().ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"ok\":true,\"content\":[{\"type\":\"image\",\"data\":\"AQID\",\"mimeType\":\"image/png\"},{\"type\":\"text\",\"text\":\"a picture\"}]}"));
        }

        [Test]
        public void AnUnserializableResultIsAnErrorNotACrash()
        {
            var outcome = Call("unwritable", "{}");
            Assert.That(outcome.ErrorCode, Is.EqualTo("result_not_serializable"));
            Assert.That(outcome.ErrorMessage, Does.Contain("Unserializable").And.Contain("cannot read"));
        }

        [Test]
        public void ADestructiveToolWithItsOwnDryRunGetsTheFlag()
        {
            Assert.That(Text(Call("delete_thing", "{\"name\":\"A\"}", dryRun: true)), Is.EqualTo("would delete A"));
            Assert.That(Text(Call("delete_thing", "{\"name\":\"A\"}")), Is.EqualTo("deleted A"));
            Assert.That(MethodTools.Calls, Is.EqualTo(new[] { "dry A", "delete A" }));
            Assert.That(Text(Call("wipe_tool", "{\"target\":\"T\"}", dryRun: true)), Is.EqualTo("would wipe T"));
            Assert.That(Text(Call("wipe_tool", "{\"target\":\"T\",\"dry_run\":true}")), Is.EqualTo("wiped T"), "a dry_run argument cannot fake a dry run, nor be faked away");
        }

        [Test]
        public void ADestructiveToolWithoutADryRunIsOnlyDescribed()
        {
            var outcome = Call("erase_all", "{}", dryRun: true);
            Assert.That(MethodTools.Calls, Is.Empty, "the tool did not run");
            Assert.That(Text(outcome), Does.StartWith("Dry run: erase_all is destructive and was not run.").And.Contain("confirm: true"));
            Assert.That((bool)outcome.Structured["dry_run"], Is.True);
        }

        [Test]
        public void ADryRunOfANonDestructiveToolJustRunsIt()
        {
            Assert.That(Text(Call("add_numbers", "{\"a\":1}", dryRun: true)), Is.EqualTo("11"));
        }
    }
}
