using System;
using System.Collections.Generic;
using System.IO;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>The Settings section "Connect an MCP client" shows what the sidecar's own mcp-config prints, or says how to find out why not.</summary>
    public class McpClientConfigTests
    {
        [Test]
        public void AsksTheSidecarForOneClientAsJson()
        {
            Assert.That(McpClientConfig.Arguments("/pkg/Sidecar~/agent-panel.mjs", "cursor", "/p/Game"), Is.EqualTo(new[] { "/pkg/Sidecar~/agent-panel.mjs", "mcp-config", "--client", "cursor", "--project", "/p/Game", "--json" }));
            Assert.That(McpClientConfig.Clients.Count, Is.EqualTo(McpClientConfig.Labels.Count));
            Assert.Throws<ArgumentException>(() => McpClientConfig.Arguments("s", "vscode", "/p"));
        }

        [Test]
        public void ReadsTheTextAndNotesAndRefusesAnythingElse()
        {
            var config = McpClientConfig.Parse("{\"client\":\"cursor\",\"text\":\"{\\n  \\\"mcpServers\\\": {}\\n}\",\"notes\":[\"Put this in .cursor/mcp.json\",3]}");
            Assert.That(config.Text, Is.EqualTo("{\n  \"mcpServers\": {}\n}"));
            Assert.That(config.Notes, Is.EqualTo(new[] { "Put this in .cursor/mcp.json" }));
            Assert.That(McpClientConfig.Parse(null), Is.Null);
            Assert.That(McpClientConfig.Parse("Usage: agent-panel mcp-config"), Is.Null);
            Assert.That(McpClientConfig.Parse("{\"notes\":[]}"), Is.Null);
        }

        [Test]
        public void AFailedRunSaysHowToSeeWhy()
        {
            var runner = new CaptureRunner(null);
            Assert.That(McpClientConfig.Fetch(runner, "node", "/s/agent-panel.mjs", "claude-code", "/p/Game", out var problem), Is.Null);
            Assert.That(problem, Does.Contain("mcp-config --client claude-code").And.Contain("run it in a terminal"));
            Assert.That(runner.Arguments, Is.EqualTo(McpClientConfig.Arguments("/s/agent-panel.mjs", "claude-code", "/p/Game")));
            Assert.That(runner.FileName, Is.EqualTo("node"));
        }

        [Test]
        [Category("Integration")]
        public void TheRealSidecarPrintsAClaudeMcpAddCommandForTheProject()
        {
            var script = Environment.GetEnvironmentVariable("AGENT_PANEL_SIDECAR");
            if (string.IsNullOrEmpty(script)) Assert.Ignore("Set AGENT_PANEL_SIDECAR to the sidecar bundle (dist/agent-panel.mjs) to run this.");
            var node = Environment.GetEnvironmentVariable("AGENT_PANEL_NODE");
            if (string.IsNullOrEmpty(node)) node = "node";
            var project = Path.Combine(Path.GetTempPath(), "ap-mcp-" + Path.GetRandomFileName());
            Directory.CreateDirectory(project);
            try
            {
                var config = McpClientConfig.Fetch(new ProcessRunner(), node, script, "claude-code", project, out var problem);
                Assert.That(problem, Is.Null);
                Assert.That(config.Text, Does.Contain("claude mcp add unity -- ").And.Contain("mcp --project").And.Contain(Path.GetFileName(project)));
                Assert.That(config.Text, Does.Contain(Path.Combine("AgentPanel", "sidecar", "agent-panel.mjs")), "the stable copy, not the package folder");
            }
            finally
            {
                Directory.Delete(project, true);
            }
        }

        private sealed class CaptureRunner : IProcessRunner
        {
            private readonly string output;
            public CaptureRunner(string output) => this.output = output;
            public string FileName { get; private set; }
            public IList<string> Arguments { get; private set; }
            public IStartedProcess Start(ProcessSpec spec) => throw new NotSupportedException();

            public string Capture(string fileName, IList<string> arguments, TimeSpan timeout)
            {
                FileName = fileName;
                Arguments = arguments;
                return output;
            }
        }
    }
}
