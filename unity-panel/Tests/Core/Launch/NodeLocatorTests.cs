using System.Collections.Generic;
using System.Linq;
using AgentPanel.Core.Launch;
using NUnit.Framework;

namespace AgentPanel.Core.Tests.Launch
{
    /// <summary>Finding node on each OS, with a fake file system.</summary>
    public class NodeLocatorTests
    {
        private static HostPlatform Fake(HostOs os, string home, Dictionary<string, string> env, string[] files, Dictionary<string, string[]> dirs = null)
        {
            var fileSet = new HashSet<string>(files);
            dirs = dirs ?? new Dictionary<string, string[]>();
            return new HostPlatform(os, k => env.TryGetValue(k, out var v) ? v : null, home, fileSet.Contains, d => dirs.ContainsKey(d), d => dirs.TryGetValue(d, out var list) ? list : new string[0]);
        }

        [Test]
        public void AConfiguredPathWinsOverEverything()
        {
            var mac = Fake(HostOs.MacOS, "/Users/dev", new Dictionary<string, string> { { "PATH", "/usr/local/bin" } }, new[] { "/opt/node/bin/node", "/usr/local/bin/node" });
            Assert.That(new NodeLocator(mac).Locate("/opt/node/bin/node"), Is.EqualTo("/opt/node/bin/node"));
        }

        [Test]
        public void PathIsSearchedInOrder()
        {
            var linux = Fake(HostOs.Linux, "/home/dev", new Dictionary<string, string> { { "PATH", "/a:/b:/usr/bin" } }, new[] { "/b/node", "/usr/bin/node" });
            Assert.That(new NodeLocator(linux).Locate(), Is.EqualTo("/b/node"));
        }

        [Test]
        public void OnMacOSAGuiLaunchedEditorWithLaunchdsPathStillFindsHomebrewNode()
        {
            var mac = Fake(HostOs.MacOS, "/Users/dev", new Dictionary<string, string> { { "PATH", "/usr/bin:/bin:/usr/sbin:/sbin" } }, new[] { "/opt/homebrew/bin/node" });
            Assert.That(new NodeLocator(mac).Locate(), Is.EqualTo("/opt/homebrew/bin/node"));
        }

        [Test]
        public void PicksTheNewestNvmVersionNotTheAlphabeticallyLastOne()
        {
            var versions = "/Users/dev/.nvm/versions/node";
            var mac = Fake(HostOs.MacOS, "/Users/dev", new Dictionary<string, string> { { "PATH", "/usr/bin:/bin" } },
                new[] { versions + "/v9.11.2/bin/node", versions + "/v20.11.1/bin/node", versions + "/v18.19.0/bin/node" },
                new Dictionary<string, string[]> { { versions, new[] { versions + "/v9.11.2", versions + "/v20.11.1", versions + "/v18.19.0" } } });
            Assert.That(new NodeLocator(mac).Locate(), Is.EqualTo(versions + "/v20.11.1/bin/node"));
        }

        [Test]
        public void FindsVoltaFnmAndAsdfInstalls()
        {
            var home = "/Users/dev";
            var fnm = home + "/Library/Application Support/fnm/node-versions";
            var asdf = home + "/.asdf/installs/nodejs";
            var dirs = new Dictionary<string, string[]> { { fnm, new[] { fnm + "/v22.1.0" } }, { asdf, new[] { asdf + "/20.10.0" } } };
            var env = new Dictionary<string, string> { { "PATH", "/usr/bin" } };
            Assert.That(new NodeLocator(Fake(HostOs.MacOS, home, env, new[] { home + "/.volta/bin/node" }, dirs)).Locate(), Is.EqualTo(home + "/.volta/bin/node"));
            Assert.That(new NodeLocator(Fake(HostOs.MacOS, home, env, new[] { fnm + "/v22.1.0/installation/bin/node" }, dirs)).Locate(), Is.EqualTo(fnm + "/v22.1.0/installation/bin/node"));
            Assert.That(new NodeLocator(Fake(HostOs.MacOS, home, env, new[] { asdf + "/20.10.0/bin/node" }, dirs)).Locate(), Is.EqualTo(asdf + "/20.10.0/bin/node"));
        }

        [Test]
        public void OnWindowsLooksForNodeExeInPathThenProgramFilesAndNvmWindows()
        {
            var env = new Dictionary<string, string> { { "Path", "C:\\Windows\\system32;\"C:\\Tools\"" }, { "ProgramFiles", "C:\\Program Files" }, { "APPDATA", "C:\\Users\\Dev\\AppData\\Roaming" } };
            var windows = Fake(HostOs.Windows, "C:\\Users\\Dev", env, new[] { "C:\\Program Files\\nodejs\\node.exe" });
            Assert.That(new NodeLocator(windows).Locate(), Is.EqualTo("C:\\Program Files\\nodejs\\node.exe"));
            var tools = Fake(HostOs.Windows, "C:\\Users\\Dev", env, new[] { "C:\\Tools\\node.exe", "C:\\Program Files\\nodejs\\node.exe" });
            Assert.That(new NodeLocator(tools).Locate(), Is.EqualTo("C:\\Tools\\node.exe"), "quoted PATH entries work");
            var nvm = "C:\\Users\\Dev\\AppData\\Roaming\\nvm";
            var nvmWindows = Fake(HostOs.Windows, "C:\\Users\\Dev", env, new[] { nvm + "\\v20.5.0\\node.exe" }, new Dictionary<string, string[]> { { nvm, new[] { nvm + "\\v20.5.0" } } });
            Assert.That(new NodeLocator(nvmWindows).Locate(), Is.EqualTo(nvm + "\\v20.5.0\\node.exe"));
        }

        [Test]
        public void NotFoundSaysWhatToDoAndWhereItLooked()
        {
            var mac = Fake(HostOs.MacOS, "/Users/dev", new Dictionary<string, string> { { "PATH", "/usr/bin" } }, new string[0]);
            var error = Assert.Throws<SidecarLaunchException>(() => new NodeLocator(mac).Locate());
            Assert.That(error.Code, Is.EqualTo(ErrorCodes.NodeNotFound));
            Assert.That(error.Message, Does.Contain("brew install node"));
            Assert.That(error.Message, Does.Contain("/opt/homebrew/bin/node"));
        }

        [Test]
        public void CandidatesHaveNoDuplicates()
        {
            var mac = Fake(HostOs.MacOS, "/Users/dev", new Dictionary<string, string> { { "PATH", "/usr/local/bin:/usr/local/bin:/opt/homebrew/bin" } }, new string[0]);
            var all = new NodeLocator(mac).Candidates().ToList();
            Assert.That(all, Is.Unique);
            Assert.That(all.Take(2), Is.EqualTo(new[] { "/usr/local/bin/node", "/opt/homebrew/bin/node" }));
        }

        [TestCase("v20.11.1\n", 20)]
        [TestCase("v18.0.0", 18)]
        [TestCase("22", 22)]
        public void ParsesNodeVersions(string output, int major)
        {
            Assert.That(NodeVersion.Parse(output).Major, Is.EqualTo(major));
        }

        [TestCase("")]
        [TestCase("command not found")]
        public void UnreadableVersionsAreNull(string output)
        {
            Assert.That(NodeVersion.Parse(output), Is.Null);
        }
    }
}
