using System;
using System.Collections.Generic;
using System.Threading.Tasks;
using AgentPanel.Core.Tools.Definitions;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Tools.Definitions
{
    /// <summary>Script definition builds run one at a time, once per content, and a build that cannot start fails its callers.</summary>
    public class ScriptBuildQueueTests
    {
        private readonly List<string> started = new List<string>();
        private readonly Dictionary<string, TaskCompletionSource<string>> running = new Dictionary<string, TaskCompletionSource<string>>();
        private ScriptBuildQueue<string> queue;

        [SetUp]
        public void SetUp()
        {
            started.Clear();
            running.Clear();
            queue = new ScriptBuildQueue<string>(result => !result.StartsWith("error", StringComparison.Ordinal));
        }

        private Func<Task<string>> Build(string key) => () =>
        {
            started.Add(key);
            var build = new TaskCompletionSource<string>();
            running[key] = build;
            return build.Task;
        };

        [Test]
        public void ASecondBuildWaitsForTheFirstInsteadOfBeingRefused()
        {
            var a = queue.Get("a", Build("a"));
            var b = queue.Get("b", Build("b"));
            Assert.That(started, Is.EqualTo(new[] { "a" }), "Unity runs one AssemblyBuilder at a time: b has not started");
            Assert.That(queue.Pending, Is.EqualTo(2));
            running["a"].SetResult("A");
            Assert.That(a.Result, Is.EqualTo("A"));
            Assert.That(started, Is.EqualTo(new[] { "a", "b" }), "b starts once a has finished");
            running["b"].SetResult("B");
            Assert.That(b.Result, Is.EqualTo("B"));
            Assert.That(queue.Pending, Is.EqualTo(0));
        }

        [Test]
        public void TheSameContentIsBuiltOnceAndKept()
        {
            var first = queue.Get("a", Build("a"));
            var second = queue.Get("a", Build("a"));
            Assert.That(second, Is.SameAs(first), "a call during the build shares it");
            running["a"].SetResult("A");
            Assert.That(queue.Get("a", Build("a")).Result, Is.EqualTo("A"));
            Assert.That(started, Is.EqualTo(new[] { "a" }));
        }

        [Test]
        public void AFailedBuildIsBuiltAgainNextTime()
        {
            queue.Get("a", Build("a"));
            running["a"].SetResult("error: CS1002");
            queue.Get("a", Build("a"));
            Assert.That(started, Is.EqualTo(new[] { "a", "a" }));
        }

        [Test]
        public void AStartThatThrowsFaultsItsCallersAndLetsTheNextBuildRun()
        {
            var broken = queue.Get("a", () => throw new InvalidOperationException("no AssemblyBuilder"));
            Assert.That(broken.IsFaulted, Is.True, "the caller gets the exception instead of waiting for the sidecar's deadline");
            Assert.That(broken.Exception.GetBaseException().Message, Is.EqualTo("no AssemblyBuilder"));
            var next = queue.Get("b", Build("b"));
            running["b"].SetResult("B");
            Assert.That(next.Result, Is.EqualTo("B"));
            queue.Get("a", Build("a"));
            Assert.That(started, Is.EqualTo(new[] { "b", "a" }), "the broken build was not kept");
        }

        [Test]
        public void AFaultedBuildDoesNotBlockTheQueue()
        {
            queue.Get("a", Build("a"));
            var b = queue.Get("b", Build("b"));
            running["a"].SetException(new Exception("crashed"));
            Assert.That(started, Is.EqualTo(new[] { "a", "b" }));
            running["b"].SetResult("B");
            Assert.That(b.Result, Is.EqualTo("B"));
        }
    }
}
