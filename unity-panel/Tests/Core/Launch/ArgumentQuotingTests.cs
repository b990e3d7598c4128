using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>Arguments reach the child unchanged on every runtime: Windows rules on .NET and Windows, shell rules on Mono on macOS/Linux.</summary>
    public class ArgumentQuotingTests
    {
        private static readonly string[] Tricky =
        {
            "Bob'sGame",
            "/Users/bob/Bob's Game",
            "it's 'quoted'",
            "say \"hi\"",
            "back\\slash\\",
            "C:\\dir with space\\",
            "$HOME and `date` and $(id)",
            "tab\there",
            "ゲーム プロジェクト ü",
            "*?[a]~{x,y};&|<>!#",
            "",
        };

        [TestCase("plain-path/file_1.mjs", "plain-path/file_1.mjs")]
        [TestCase("", "''")]
        [TestCase("Bob'sGame", "'Bob'\\''sGame'")]
        [TestCase("My Game", "'My Game'")]
        [TestCase("$HOME", "'$HOME'")]
        [TestCase("a\\b \"c\"", "'a\\b \"c\"'")]
        [TestCase("ü", "'ü'")]
        public void ShellQuotingUsesSingleQuotesAndWritesAQuoteAsQuoteBackslashQuoteQuote(string arg, string quoted)
        {
            Assert.That(ArgumentQuoting.Shell(arg), Is.EqualTo(quoted));
        }

        [Test]
        public void TheRulesFollowTheRuntimeNotOnlyTheOs()
        {
            Assert.That(ArgumentQuoting.RulesFor(windows: false, mono: true), Is.EqualTo(ArgumentRules.PosixShell), "Mono (the Unity Editor) on macOS/Linux");
            Assert.That(ArgumentQuoting.RulesFor(windows: false, mono: false), Is.EqualTo(ArgumentRules.Windows), ".NET parses Windows-style everywhere");
            Assert.That(ArgumentQuoting.RulesFor(windows: true, mono: true), Is.EqualTo(ArgumentRules.Windows));
            Assert.That(ArgumentQuoting.RulesFor(windows: true, mono: false), Is.EqualTo(ArgumentRules.Windows));
        }

        [Test]
        public void AStartedProcessReadsEveryTrickyArgumentBackUnchanged()
        {
            RequireUnix();
            var args = new List<string> { "<%s>" };
            args.AddRange(Tricky);
            var output = new ProcessRunner().Capture("/usr/bin/printf", args, TimeSpan.FromSeconds(10));
            Assert.That(output, Is.EqualTo(string.Concat(Tricky.Select(a => "<" + a + ">"))), "runtime rules: " + ArgumentQuoting.Current);
        }

        [Test]
        public void TheDetachedSidecarCommandPassesAProjectPathWithAQuoteThroughTheShellWrapper()
        {
            RequireUnix();
            var dir = Path.Combine(Path.GetTempPath(), "ap-args-" + Path.GetRandomFileName(), "Bob's Game $x");
            Directory.CreateDirectory(dir);
            try
            {
                var log = Path.Combine(dir, "side'car.log");
                var platform = new HostPlatform(HostOs.Linux, _ => null, dir);
                // printf stands in for node: it prints the "script" format with every serve argument, into the log.
                var spec = LaunchCommand.Detached(platform, "/usr/bin/printf", "<%s>", LaunchCommand.ServeArguments(dir, 42, "/opt/it's/claude"), log, dir);
                var process = new ProcessRunner().Start(spec);
                var watch = Stopwatch.StartNew();
                while (!process.HasExited && watch.ElapsedMilliseconds < 10000) Thread.Sleep(10);
                Assert.That(process.HasExited && process.ExitCode == 0, Is.True, "the wrapper ran: " + ArgumentQuoting.Current);
                Assert.That(File.ReadAllText(log), Is.EqualTo("<serve><--project><" + dir + "><--parent-pid><42><--claude></opt/it's/claude>"));
            }
            finally
            {
                Directory.Delete(Path.GetDirectoryName(dir), true);
            }
        }

        private static void RequireUnix()
        {
            if (Environment.OSVersion.Platform == PlatformID.Win32NT || !File.Exists("/usr/bin/printf")) Assert.Ignore("needs /usr/bin/printf (macOS/Linux)");
        }
    }
}
