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
    /// <summary>The host: catalog, unknown tools, main-thread hand-off versus worker tools, and a broken hand-off.</summary>
    public class ToolHostTests
    {
        private sealed class RecordingThreads : IToolThreads
        {
            public readonly List<string> Seen = new List<string>();
            public bool Throw;

            public Task<ToolOutcome> OnMainThread(ToolDescriptor tool, Func<Task<ToolOutcome>> work, CancellationToken cancellation)
            {
                Seen.Add(tool.UndoName);
                if (Throw) throw new InvalidOperationException("the pump is gone");
                return work();
            }
        }

        [Test]
        public void TheCatalogListsEveryToolInDiscoveryOrder()
        {
            var host = new ToolHost(ToolDiscoveryTests.Samples(), new RecordingThreads());
            var catalog = host.Catalog();
            Assert.That(catalog.Count, Is.EqualTo(host.Discovery.Tools.Count));
            Assert.That((string)catalog[0]["name"], Is.EqualTo(host.Discovery.Tools[0].Name));
            Assert.That(catalog[0]["inputSchema"], Is.Not.Null);
            Assert.That(catalog[0]["provider"], Is.Null, "the sidecar sets the provider");
        }

        [Test]
        public void MainThreadToolsGoThroughTheHandOffNamedForTheirUndoGroup()
        {
            var threads = new RecordingThreads();
            var host = new ToolHost(ToolDiscoveryTests.Samples(), threads);
            var cube = host.ExecuteAsync("spawn_cube", JObject.Parse("{\"x\":1,\"y\":2}"), false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(cube.Ok, Is.True);
            var add = host.ExecuteAsync("add_numbers", JObject.Parse("{\"a\":1}"), false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(add.Ok, Is.True);
            Assert.That(threads.Seen, Is.EqualTo(new[] { "spawn_cube" }), "add_numbers is MainThread = false: it runs on a worker");
        }

        [Test]
        public void AnUnknownToolIsNotFound()
        {
            var host = new ToolHost(ToolDiscoveryTests.Samples(), new RecordingThreads());
            var outcome = host.ExecuteAsync("nope", new JObject(), false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(outcome.ErrorCode, Is.EqualTo("not_found"));
            Assert.That(outcome.ErrorMessage, Does.Contain("no tool named 'nope'"));
        }

        [Test]
        public void InternalOperationsAreServedButNotPublished()
        {
            var threads = new RecordingThreads();
            var host = new ToolHost(ToolDiscoveryTests.Samples(), threads);
            JObject seen = null;
            host.RegisterInternal("definition_probe", true, (args, dryRun, ct) =>
            {
                seen = args;
                return Task.FromResult(ToolOutcome.Text("read"));
            });
            host.RegisterInternal("definition_script", false, (args, dryRun, ct) => throw new ToolException("script_compile_error", "line 3: ; expected"));
            Assert.That(host.Catalog().Select(t => (string)t["name"]), Has.No.Member("definition_probe"));

            var probe = host.ExecuteAsync("definition_probe", new JObject { ["definition"] = "camera_probe" }, false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(probe.Ok, Is.True);
            Assert.That((string)seen["definition"], Is.EqualTo("camera_probe"));
            Assert.That(threads.Seen, Is.EqualTo(new[] { "camera_probe" }), "a main-thread operation runs in an Undo group named after the definition");

            var script = host.ExecuteAsync("definition_script", new JObject { ["definition"] = "light_bump" }, false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(script.ErrorCode, Is.EqualTo("script_compile_error"), "a ToolException keeps its code");
            Assert.That(threads.Seen.Count, Is.EqualTo(1), "a worker operation skips the main-thread hand-off");
        }

        [Test]
        public void AFailingHandOffIsAnErrorOutcomeNotAnException()
        {
            var host = new ToolHost(ToolDiscoveryTests.Samples(), new RecordingThreads { Throw = true });
            var outcome = host.ExecuteAsync("spawn_cube", JObject.Parse("{\"x\":1,\"y\":2}"), false, CancellationToken.None).GetAwaiter().GetResult();
            Assert.That(outcome.ErrorCode, Is.EqualTo("tool_failed"));
            Assert.That(outcome.ErrorMessage, Does.Contain("the pump is gone"));
        }

        [Test]
        public void TheOutcomeJsonMatchesTheSidecarsToolResult()
        {
            Assert.That(ToolOutcome.Error("invalid_params", "bad").ToJson().ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"ok\":false,\"content\":[{\"type\":\"text\",\"text\":\"bad\"}],\"error\":{\"code\":\"invalid_params\",\"message\":\"bad\"}}"));
            Assert.That(ToolOutcome.Text("hi", new JObject { ["a"] = 1 }).ToJson().ToString(Newtonsoft.Json.Formatting.None), Is.EqualTo("{\"ok\":true,\"content\":[{\"type\":\"text\",\"text\":\"hi\"}],\"structured\":{\"a\":1}}"));
        }
    }
}
