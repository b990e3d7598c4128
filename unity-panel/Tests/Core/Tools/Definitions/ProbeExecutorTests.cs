using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Tools;
using AgentPanel.Core.Tools.Definitions;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools.Definitions
{
    /// <summary>Definition probes: the result shape, per-read errors, and change tracking with its baselines.</summary>
    public class ProbeExecutorTests
    {
        /// <summary>What the probes read: a plain object standing in for the selection.</summary>
        public sealed class Thing
        {
            public int Count;
            public string Label = "a";
        }

        private sealed class FakeRoots : IReflectRoots
        {
            public Thing Selected;

            public object Scene(IReadOnlyList<ReflectSegment> segments, out int used) => throw new ReflectPathException("@scene:", "no scene in tests");

            public object Id(int instanceId) => throw new ReflectPathException("@id:" + instanceId, "no object has this instance id");

            public object Selection() => Selected ?? throw new ReflectPathException("@selection", "nothing is selected in the Editor");

            public object SceneView(string part) => throw new ReflectPathException("@sceneview:" + part, "no Scene view is open");

            public bool TryStep(object current, ReflectSegment segment, out object next)
            {
                next = null;
                return false;
            }

            public JToken Reference(object value) => null;
        }

        private FakeRoots roots;
        private MemoryProbeStore store;

        [SetUp]
        public void SetUp()
        {
            roots = new FakeRoots { Selected = new Thing { Count = 1 } };
            store = new MemoryProbeStore();
        }

        private ProbeExecutor Executor(string domain = "domain-1") => new ProbeExecutor(new ReflectReader(roots), store, domain);

        private static JObject Args(string mode, string hash = "h1") => new JObject
        {
            ["definition"] = "thing_probe",
            ["hash"] = hash,
            ["mode"] = mode,
            ["reads"] = new JArray
            {
                new JObject { ["id"] = "count", ["path"] = "@selection/Count" },
                new JObject { ["id"] = "label", ["path"] = "@selection/Label" },
            },
        };

        private static string[] Changed(JObject result) => result["changed"].Select(t => (string)t).ToArray();

        [Test]
        public void TheFirstCallIsABaselineWithEveryRead()
        {
            var result = Executor().Run(Args("changes"));
            Assert.That((bool?)result["baseline"], Is.True);
            Assert.That((string)result["mode"], Is.EqualTo("changes"));
            Assert.That(Changed(result), Is.EqualTo(new[] { "count", "label" }));
            Assert.That(result["reads"]["count"], Is.EqualTo(new JObject { ["path"] = "@selection/Count", ["type"] = "System.Int32", ["value"] = 1 }).Using<JToken>(JTokenEquality));
            Assert.That((string)result["reads"]["label"]["value"], Is.EqualTo("a"));
        }

        [Test]
        public void TheSecondCallInChangesModeAnswersOnlyWhatChanged()
        {
            var probe = Executor();
            probe.Run(Args("changes"));
            var same = probe.Run(Args("changes"));
            Assert.That(same["baseline"], Is.Null);
            Assert.That(Changed(same), Is.Empty);
            Assert.That(((JObject)same["reads"]).Count, Is.EqualTo(0));

            roots.Selected.Count = 5;
            var moved = probe.Run(Args("changes"));
            Assert.That(Changed(moved), Is.EqualTo(new[] { "count" }));
            Assert.That(((JObject)moved["reads"]).Properties().Select(p => p.Name), Is.EqualTo(new[] { "count" }));
            Assert.That((int)moved["reads"]["count"]["value"], Is.EqualTo(5));
        }

        [Test]
        public void AllModeAnswersEveryReadAndStillNamesTheChanges()
        {
            var probe = Executor();
            probe.Run(Args("all"));
            roots.Selected.Label = "b";
            var result = probe.Run(Args("all"));
            Assert.That(((JObject)result["reads"]).Count, Is.EqualTo(2));
            Assert.That(Changed(result), Is.EqualTo(new[] { "label" }));
            Assert.That(result["baseline"], Is.Null);
        }

        [Test]
        public void AReadThatFailsIsAnErrorForItsIdOnly()
        {
            var args = Args("all");
            ((JArray)args["reads"]).Add(new JObject { ["id"] = "missing", ["path"] = "@selection/NoSuchMember" });
            var result = Executor().Run(args);
            Assert.That((string)result["reads"]["missing"]["path"], Is.EqualTo("@selection/NoSuchMember"));
            Assert.That((string)result["reads"]["missing"]["error"], Does.Contain("NoSuchMember"));
            Assert.That(result["reads"]["missing"]["value"], Is.Null);
            Assert.That((int)result["reads"]["count"]["value"], Is.EqualTo(1));

            roots.Selected = null;
            var nothing = Executor().Run(Args("changes"));
            Assert.That((string)nothing["reads"]["count"]["error"], Does.Contain("nothing is selected"));
            Assert.That(Changed(nothing), Is.EqualTo(new[] { "count", "label" }), "a value that became an error is a change");
        }

        [Test]
        public void ADomainReloadStartsANewBaseline()
        {
            Executor("domain-1").Run(Args("changes"));
            Assert.That(Executor("domain-1").Run(Args("changes"))["baseline"], Is.Null, "same domain, same store: no baseline");
            var afterReload = Executor("domain-2").Run(Args("changes"));
            Assert.That((bool?)afterReload["baseline"], Is.True);
            Assert.That(((JObject)afterReload["reads"]).Count, Is.EqualTo(2));
        }

        [Test]
        public void AChangedDefinitionStartsANewBaseline()
        {
            var probe = Executor();
            probe.Run(Args("changes", "h1"));
            var changed = probe.Run(Args("changes", "h2"));
            Assert.That((bool?)changed["baseline"], Is.True);
            Assert.That(Changed(changed), Is.EqualTo(new[] { "count", "label" }));
            Assert.That(probe.Run(Args("changes", "h2"))["baseline"], Is.Null);
        }

        [Test]
        public void DefinitionsAreTrackedSeparately()
        {
            var probe = Executor();
            probe.Run(Args("changes"));
            var other = Args("changes");
            other["definition"] = "other_probe";
            Assert.That((bool?)probe.Run(other)["baseline"], Is.True);
        }

        [Test]
        public void BadArgumentsAreInvalidParams()
        {
            var args = Args("sometimes");
            var e = Assert.Throws<ToolException>(() => Executor().Run(args));
            Assert.That(e.Code, Is.EqualTo(ToolErrorCodes.InvalidParams));
            Assert.That(e.Message, Does.Contain("\"all\" or \"changes\""));
            var noReads = Args("all");
            noReads.Remove("reads");
            Assert.That(Assert.Throws<ToolException>(() => Executor().Run(noReads)).Message, Does.Contain("reads"));
        }

        [Test]
        public void AnUnreadableStoredRecordStartsANewBaseline()
        {
            store.Save("AgentPanel.Probe.thing_probe", "{not json");
            Assert.That((bool?)Executor().Run(Args("changes"))["baseline"], Is.True);
        }

        private static bool JTokenEquality(JToken a, JToken b) => JToken.DeepEquals(a, b);
    }
}
