using System.Collections.Generic;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>The sidecar's command line on each OS.</summary>
    public class LaunchCommandTests
    {
        [Test]
        public void ServeArgumentsNameTheProjectAndTheEditorProcess()
        {
            Assert.That(LaunchCommand.ServeArguments("/p/My Game", 123), Is.EqualTo(new[] { "serve", "--project", "/p/My Game", "--parent-pid", "123" }));
            Assert.That(LaunchCommand.ServeArguments("/p", 1, "/bin/claude"), Is.EqualTo(new[] { "serve", "--project", "/p", "--parent-pid", "1", "--claude", "/bin/claude" }));
        }

        [Test]
        public void OnMacOSAndLinuxAShellExecsNodeWithOutputAppendedToTheLog()
        {
            var mac = new HostPlatform(HostOs.MacOS, _ => null, "/Users/dev");
            var spec = LaunchCommand.Detached(mac, "/opt/homebrew/bin/node", "/pkg/Sidecar~/agent-panel.mjs", LaunchCommand.ServeArguments("/Users/dev/My Game", 77), "/Users/dev/My Game/Library/AgentPanel/sidecar.log", "/Users/dev/My Game");
            Assert.That(spec.FileName, Is.EqualTo("/bin/sh"));
            Assert.That(spec.Arguments, Is.EqualTo(new[] { "-c", "exec \"$0\" \"$@\" >>\"$AGENT_PANEL_LOG\" 2>&1", "/opt/homebrew/bin/node", "/pkg/Sidecar~/agent-panel.mjs", "serve", "--project", "/Users/dev/My Game", "--parent-pid", "77" }));
            Assert.That(spec.Environment["AGENT_PANEL_LOG"], Is.EqualTo("/Users/dev/My Game/Library/AgentPanel/sidecar.log"));
            Assert.That(spec.ArgumentStringFor(ArgumentRules.Windows), Does.Contain("\"/Users/dev/My Game\""));
            Assert.That(spec.ArgumentStringFor(ArgumentRules.PosixShell), Does.StartWith("-c 'exec \"$0\" \"$@\" >>\"$AGENT_PANEL_LOG\" 2>&1' /opt/homebrew/bin/node").And.Contain("'/Users/dev/My Game'"));
        }

        [Test]
        public void OnWindowsCmdRunsTheQuotedCommandLineWithRedirection()
        {
            var windows = new HostPlatform(HostOs.Windows, _ => null, "C:\\Users\\Dev");
            var spec = LaunchCommand.Detached(windows, "C:\\Program Files\\nodejs\\node.exe", "C:\\P\\Sidecar~\\agent-panel.mjs", LaunchCommand.ServeArguments("C:\\Users\\Dev\\My Game", 9), "C:\\Users\\Dev\\My Game\\Library\\AgentPanel\\sidecar.log", "C:\\Users\\Dev\\My Game");
            Assert.That(spec.FileName, Is.EqualTo("cmd.exe"));
            Assert.That(spec.ArgumentString, Is.EqualTo("/d /s /c \"\"C:\\Program Files\\nodejs\\node.exe\" \"C:\\P\\Sidecar~\\agent-panel.mjs\" \"serve\" \"--project\" \"C:\\Users\\Dev\\My Game\" \"--parent-pid\" \"9\" >>\"C:\\Users\\Dev\\My Game\\Library\\AgentPanel\\sidecar.log\" 2>&1\""));
        }

        [TestCase("plain", "plain")]
        [TestCase("", "\"\"")]
        [TestCase("with space", "\"with space\"")]
        [TestCase("say \"hi\"", "\"say \\\"hi\\\"\"")]
        [TestCase("C:\\dir with space\\", "\"C:\\dir with space\\\\\"")]
        [TestCase("a\\\\b", "a\\\\b")]
        public void QuotesArgumentsSoTheyReadBackUnchanged(string arg, string quoted)
        {
            Assert.That(ArgumentQuoting.Windows(arg), Is.EqualTo(quoted));
        }

        [Test]
        public void TheChildPathPutsNodeFirstAndAddsWhereClaudeUsuallyLives()
        {
            var env = new Dictionary<string, string> { { "PATH", "/usr/bin:/bin" } };
            var mac = new HostPlatform(HostOs.MacOS, k => env.TryGetValue(k, out var v) ? v : null, "/Users/dev");
            var path = new SidecarLauncher(mac).ChildPath("/Users/dev/.nvm/versions/node/v20.1.0/bin/node");
            Assert.That(path, Does.StartWith("/Users/dev/.nvm/versions/node/v20.1.0/bin:/usr/bin:/bin:"));
            Assert.That(path, Does.Contain("/Users/dev/.local/bin"));
            Assert.That(path, Does.Contain("/opt/homebrew/bin"));
        }
    }
}
