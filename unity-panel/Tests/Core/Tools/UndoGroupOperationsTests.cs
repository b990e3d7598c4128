using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using AgentPanel.Core.Tools;
using Newtonsoft.Json.Linq;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools
{
    /// <summary>undo_group_begin / undo_group_end around a sequence: the steps' own Undo groups collapse into one.</summary>
    public class UndoGroupOperationsTests
    {
        /// <summary>A small model of Unity's Undo stack: a group counter, records tagged with their group, collapse merging later groups.</summary>
        private sealed class FakeUndo : IUndoStack
        {
            public int Current = 100;
            public readonly List<KeyValuePair<int, string>> Records = new List<KeyValuePair<int, string>>();
            public readonly Dictionary<int, string> Names = new Dictionary<int, string>();
            public int Ends;

            public int Begin(string name)
            {
                Current++;
                Names[Current] = name;
                return Current;
            }

            /// <summary>What one tool call does on the Editor: its own group, one change recorded in it.</summary>
            public void Step(string change)
            {
                Current++;
                Names[Current] = change;
                Records.Add(new KeyValuePair<int, string>(Current, change));
            }

            public void End(int group, string name)
            {
                Ends++;
                Names[Current] = name;
                for (var i = 0; i < Records.Count; i++)
                    if (Records[i].Key >= group) Records[i] = new KeyValuePair<int, string>(group, Records[i].Value);
                Names[group] = name;
            }

            public void PerformUndo() => throw new InvalidOperationException("sequences never undo");

            public void RevertAllDownToGroup(int group) => throw new InvalidOperationException("sequences never revert");
        }

        private sealed class RecordingThreads : IToolThreads
        {
            public readonly List<string> Seen = new List<string>();

            public Task<ToolOutcome> OnMainThread(ToolDescriptor tool, Func<Task<ToolOutcome>> work, CancellationToken cancellation)
            {
                Seen.Add(tool.UndoName);
                return work();
            }
        }

        private static ToolOutcome Run(ToolHost host, string operation, JObject args, bool dryRun = false) =>
            host.ExecuteAsync(operation, args, dryRun, CancellationToken.None).GetAwaiter().GetResult();

        [Test]
        public void StepsBetweenBeginAndEndBecomeOneUndoStepNamedAfterTheGroup()
        {
            var undo = new FakeUndo();
            var threads = new RecordingThreads();
            var host = new ToolHost(ToolDiscoveryTests.Samples(), threads);
            UndoGroupOperations.Register(host, undo);
            undo.Step("before the sequence");

            var begin = Run(host, UndoGroupOperations.BeginName, new JObject { ["definition"] = "build_level", ["name"] = "Build level" });
            Assert.That(begin.Ok, Is.True, begin.ErrorMessage);
            var group = (int)begin.Structured["group"];
            undo.Step("create floor");
            undo.Step("create walls");
            var end = Run(host, UndoGroupOperations.EndName, new JObject { ["definition"] = "build_level", ["name"] = "Build level", ["group"] = group });
            Assert.That(end.Ok, Is.True, end.ErrorMessage);

            var groups = undo.Records.Where(r => r.Value != "before the sequence").Select(r => r.Key).Distinct().ToList();
            Assert.That(groups, Is.EqualTo(new[] { group }), "both steps are in the group begin opened");
            Assert.That(undo.Names[group], Is.EqualTo("Build level"));
            Assert.That(undo.Records[0].Key, Is.Not.EqualTo(group), "what happened before the sequence stays its own step");
            Assert.That(threads.Seen, Is.EqualTo(new[] { "build_level", "build_level" }), "both run on the main thread");
            Assert.That(host.Catalog().Select(t => (string)t["name"]), Has.No.Member(UndoGroupOperations.BeginName), "internal: not published");
        }

        [Test]
        public void BadArgumentsAreInvalidParamsAndTouchNothing()
        {
            var undo = new FakeUndo();
            var host = new ToolHost(ToolDiscoveryTests.Samples(), new RecordingThreads());
            UndoGroupOperations.Register(host, undo);
            Assert.That(Run(host, UndoGroupOperations.BeginName, new JObject()).ErrorCode, Is.EqualTo(ToolErrorCodes.InvalidParams));
            var noGroup = Run(host, UndoGroupOperations.EndName, new JObject { ["name"] = "x" });
            Assert.That(noGroup.ErrorCode, Is.EqualTo(ToolErrorCodes.InvalidParams));
            Assert.That(noGroup.ErrorMessage, Does.Contain("undo_group_begin answered"));
            Assert.That(Run(host, UndoGroupOperations.EndName, new JObject { ["name"] = "x", ["group"] = "3" }).ErrorCode, Is.EqualTo(ToolErrorCodes.InvalidParams));
            Assert.That(Run(host, UndoGroupOperations.EndName, new JObject { ["name"] = "x", ["group"] = -1 }).ErrorCode, Is.EqualTo(ToolErrorCodes.InvalidParams));
            Assert.That(undo.Current, Is.EqualTo(100));
            Assert.That(undo.Ends, Is.EqualTo(0));
        }

        [Test]
        public void ADryRunOpensAndClosesNothing()
        {
            var undo = new FakeUndo();
            var host = new ToolHost(ToolDiscoveryTests.Samples(), new RecordingThreads());
            UndoGroupOperations.Register(host, undo);
            Assert.That(Run(host, UndoGroupOperations.BeginName, new JObject { ["name"] = "x" }, true).Ok, Is.True);
            Assert.That(Run(host, UndoGroupOperations.EndName, new JObject { ["name"] = "x", ["group"] = 5 }, true).Ok, Is.True);
            Assert.That(undo.Current, Is.EqualTo(100));
            Assert.That(undo.Ends, Is.EqualTo(0));
        }
    }
}
