using System.Linq;
using System.Threading;
using AgentPanel.Core.Tests.Tools.ActionSamples;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>Action tools: one [AgentTool] class, several [AgentToolAction] methods; discovery, schema and binding.</summary>
    public class ToolActionTests
    {
        private ToolDiscoveryResult found;

        [SetUp]
        public void SetUp()
        {
            found = ToolDiscovery.Discover(typeof(ThingsTool).Assembly.GetTypes().Where(t => t.Namespace == typeof(ThingsTool).Namespace));
            ThingsTool.Last = null;
            WipeThingsTool.Last = null;
        }

        private ToolOutcome Call(string tool, string args, bool dryRun = false) =>
            ToolInvoker.InvokeAsync(found.Find(tool), JObject.Parse(args), dryRun, CancellationToken.None).GetAwaiter().GetResult();

        private string Problem(string subject) => found.Diagnostics.FirstOrDefault(d => d.Subject.EndsWith(subject))?.Message;

        [Test]
        public void PublishesOneToolWhoseActionInputNamesEveryAction()
        {
            var tool = found.Find("things");
            Assert.That(tool.Shape, Is.EqualTo(ToolShape.Actions));
            Assert.That(tool.Actions.Select(a => a.Name), Is.EqualTo(new[] { "count", "create", "raw", "rename" }), "snake_case or declared names, ordinal");
            var schema = tool.InputSchema;
            Assert.That(schema["properties"]["action"]["enum"].ToObject<string[]>(), Is.EqualTo(new[] { "count", "create", "raw", "rename" }));
            Assert.That((string)schema["properties"]["action"]["description"], Does.Contain("create: Make a thing").And.Contain("rename: Rename a thing"));
            Assert.That(schema["required"].ToObject<string[]>(), Is.EqualTo(new[] { "action" }), "per-action requirements are checked at call time");
            Assert.That(schema["additionalProperties"], Is.Null, "a JObject action reads keys nobody declared, so the schema stays open");
        }

        [Test]
        public void MergesSharedInputsAndSaysWhichActionsReadEach()
        {
            var p = found.Find("things").InputSchema["properties"];
            Assert.That((string)p["name"]["type"], Is.EqualTo("string"));
            Assert.That((string)p["name"]["description"], Is.EqualTo("(create, rename) Its name"));
            Assert.That((string)p["new_name"]["description"], Is.EqualTo("(rename)"));
            Assert.That(p["shape"]["enum"].ToObject<string[]>(), Is.EqualTo(new[] { "Cube", "Sphere" }));
            Assert.That((int)p["count"]["default"], Is.EqualTo(1));
            Assert.That(found.Find("wipe_things").InputSchema["additionalProperties"].Value<bool>(), Is.False, "typed actions only: closed");
            Assert.That(found.Find("wipe_things").InputSchema["properties"]["dry_run"], Is.Null, "the host sets dry_run");
        }

        [Test]
        public void CallsTheChosenActionWithItsOwnParameters()
        {
            var outcome = Call("things", "{\"action\":\"create\",\"name\":\"box\",\"shape\":\"sphere\"}");
            Assert.That(outcome.Ok, Is.True);
            Assert.That(ThingsTool.Last, Is.EqualTo("create box Sphere 1"));
            Assert.That(Call("things", "{\"action\":\"Rename\",\"name\":\"a\",\"new_name\":\"b\"}").Ok, Is.True, "the action name matches ignoring case");
            Assert.That(ThingsTool.Last, Is.EqualTo("rename a -> b"));
            Assert.That(Call("things", "{\"action\":\"count\"}").Ok, Is.True);
            Assert.That(ThingsTool.Last, Is.EqualTo("count False"), "async action awaited, CancellationToken injected");
            Assert.That(Call("things", "{\"action\":\"raw\",\"extra\":1,\"confirm\":true}").Ok, Is.True);
            Assert.That(ThingsTool.Last, Is.EqualTo("raw {\"action\":\"raw\",\"extra\":1}"), "a JObject action gets the arguments without confirm");
        }

        [Test]
        public void RefusesAMissingOrUnknownActionAndInputsOfAnotherAction()
        {
            Assert.That(Call("things", "{\"name\":\"a\"}").Content.First().Text, Is.EqualTo("Missing required parameter 'action' (one of: count, create, raw, rename)."));
            Assert.That(Call("things", "{\"action\":\"explode\"}").Content.First().Text, Does.Contain("unknown action \"explode\"; expected one of count, create, raw, rename"));
            var other = Call("things", "{\"action\":\"create\",\"name\":\"a\",\"new_name\":\"b\"}");
            Assert.That(other.Ok, Is.False);
            Assert.That(other.Content.First().Text, Does.StartWith("Unknown parameter 'new_name' for action 'create'"));
            Assert.That(Call("things", "{\"action\":\"rename\",\"name\":\"a\"}").Content.First().Text, Is.EqualTo("Missing required parameter 'new_name' for action 'rename'."));
            Assert.That(ThingsTool.Last, Is.Null, "nothing ran");
        }

        [Test]
        public void DryRunsPerAction()
        {
            Assert.That(Call("wipe_things", "{\"action\":\"wipe\",\"name\":\"a\"}", dryRun: true).Ok, Is.True);
            Assert.That(WipeThingsTool.Last, Is.EqualTo("wipe a dry=True"), "an action with dry_run gets it");
            var described = Call("wipe_things", "{\"action\":\"burn\",\"name\":\"a\"}", dryRun: true);
            Assert.That(described.Content.First().Text, Does.StartWith("Dry run: wipe_things is destructive and was not run."));
            Assert.That(WipeThingsTool.Last, Is.EqualTo("wipe a dry=True"), "burn was not called");
            Assert.That(Call("wipe_things", "{\"action\":\"burn\",\"name\":\"a\"}").Ok, Is.True);
            Assert.That(WipeThingsTool.Last, Is.EqualTo("burn a"));
        }

        [Test]
        public void SkipsInvalidDeclarationsSayingWhy()
        {
            Assert.That(found.Find("clashing_actions"), Is.Null);
            Assert.That(Problem("ClashingTypes"), Does.Contain("parameter 'size' has another type than in action 'a'"));
            Assert.That(Problem("InstanceAction"), Does.Contain("action 'go' (Go) must be a static method"));
            Assert.That(Problem("BothShapes"), Does.Contain("both HandleCommand and [AgentToolAction]"));
            Assert.That(Problem("ActionParameter"), Does.Contain("is named 'action'"));
            Assert.That(Problem("OrphanActions"), Does.Contain("no [AgentTool] on the class"));
        }
    }
}
